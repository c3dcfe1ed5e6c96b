// The JSON API of arena serve (docs/web-api.md): every call either gives
// the answer's JSON or throws an Error carrying the server's message.

// The static build (scripts/build-static-site) marks its page with
// <meta name="abstracta-backend" content="wasm">: the same calls are then
// answered by the games and searches compiled to WebAssembly, in the page.
export const STATIC = document.querySelector('meta[name="abstracta-backend"]')?.content === "wasm";
let module = null;

async function local(method, path, body) {
  if (!module) {
    module = await import("./pkg/abstracta_wasm.js");
    await module.default();
  }
  // A search holds the page's thread: let the page paint "thinking" first.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const answer = JSON.parse(module.api(method, path, body === undefined ? "" : JSON.stringify(body)));
  if (answer.status !== 200) {
    const error = new Error(answer.body && answer.body.error ? answer.body.error : `status ${answer.status}`);
    error.status = answer.status;
    throw error;
  }
  return answer.body;
}

async function call(method, path, body) {
  if (STATIC) return local(method, path, body);
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new Error(`the server did not answer (${e.message})`);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (_) {
    throw new Error(`the server answered ${response.status} without JSON`);
  }
  if (!response.ok) {
    const error = new Error(data && data.error ? data.error : `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

export const getJSON = (path) => call("GET", path);
export const postJSON = (path, body) => call("POST", path, body);

export const position = (spec, plies) => postJSON("/api/position", { spec, plies: plies.join(" ") });
export const engineMove = (spec, plies, engine, seed) =>
  postJSON("/api/move", { spec, plies: plies.join(" "), engine, seed });
export const analyse = (spec, plies, engine, seed = 1) =>
  postJSON("/api/analyse", { spec, plies: plies.join(" "), engine, seed });
export const runs = () => getJSON("/api/runs");
// A run page; with `since` (the `offset` of an earlier answer) only the
// games recorded after it, and `changed: false` when there are none.
export const run = (name, since) =>
  getJSON(`/api/runs/${encodeURIComponent(name)}${since === undefined ? "" : `?since=${since}`}`);
// The run page's updates as server-sent events (`update`, `problem`).
export const runEvents = (name) => {
  if (!STATIC) return new EventSource(`/api/runs/${encodeURIComponent(name)}/events`);
  // No server, no stream: a closed source whose error shows why.
  const closed = new EventTarget();
  closed.readyState = 2;
  closed.close = () => {};
  setTimeout(() => closed.onerror && closed.onerror(), 0);
  return closed;
};
export const runGame = (name, index) =>
  getJSON(`/api/runs/${encodeURIComponent(name)}/games/${encodeURIComponent(index)}`);
export const games = () => getJSON("/api/games");

// Splits a ply list as the server does: spaces or commas.
export function splitPlies(text) {
  return String(text || "").split(/[\s,]+/).filter((w) => w.length > 0);
}
