// The pages: home, tournaments, one tournament, the game viewer, play
// against an engine, and analysis. Each takes its element, the hash's
// arguments and query, and returns a function that stops its timers.

import * as api from "./api.js";
import { drawBoard, drawGraph } from "./board.js";

// ---------------------------------------------------------------- building blocks

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function hashFor(page, args = [], params = {}) {
  const path = [page, ...args.map((a) => encodeURIComponent(a))].join("/");
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")).toString();
  return `#/${path}${q ? `?${q}` : ""}`;
}

function pct(x) {
  return x === null || x === undefined ? "–" : `${(x * 100).toFixed(1)}%`;
}

function errorBox(message) {
  return h("p", { class: "error", role: "alert" }, message);
}

function statusLine(pos) {
  if (pos.status.finished) return `Game over: ${pos.status.text}.`;
  return pos.turn_text || `${pos.to_move.colour} (${pos.to_move.seat} player) to move`;
}

// The first seat's win rate from an analysis (given for the seat to move).
function firstSeatRate(analysis) {
  if (analysis.win_rate === null || analysis.win_rate === undefined) return null;
  return analysis.seat === "second" ? 1 - analysis.win_rate : analysis.win_rate;
}

function finishedRate(pos) {
  if (pos.status.word === "draw") return 0.5;
  return pos.status.winner_seat === "first" ? 1 : 0;
}

// Win rates of the first seat over a game: at most `samples` positions,
// evenly spread, searched one after another with `engine`. Calls
// onPoint(points) after each; stops when isStopped() says so.
async function winRateSeries(spec, plies, engine, samples, onPoint, isStopped) {
  const n = plies.length;
  const step = Math.max(1, Math.ceil((n + 1) / samples));
  const at = [];
  for (let i = 0; i <= n; i += step) at.push(i);
  if (at[at.length - 1] !== n) at.push(n);
  const points = [];
  for (const i of at) {
    if (isStopped()) return points;
    const prefix = plies.slice(0, i);
    let rate = null;
    try {
      const a = await api.analyse(spec, prefix, engine, i + 1);
      rate = firstSeatRate(a);
    } catch (e) {
      if (e.status === 503) {
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      // A finished position has nothing to search: its result is the rate.
      try {
        const pos = await api.position(spec, prefix);
        if (pos.status.finished) rate = finishedRate(pos);
        else throw e;
      } catch (_) {
        throw e;
      }
    }
    if (rate !== null) points.push({ ply: i, rate });
    onPoint(points);
  }
  return points;
}

function pliesList(plies, current, onPick) {
  const list = h("ol", { class: "plies" });
  plies.forEach((p, i) => {
    list.append(h("li", { class: i + 1 === current ? "current" : "", "data-ply": i + 1 },
      h("a", { href: "#", onclick: (ev) => { ev.preventDefault(); onPick(i + 1); } }, p)));
  });
  return list;
}

// ---------------------------------------------------------------- home

export function home(app) {
  app.append(
    h("h1", {}, "abstracta"),
    h("p", {}, "Five abstract strategy games — Escabel, Swack, Ecalper, Epaminondas, Whirlwind — with their engines."),
    h("ul", { class: "cards" },
      h("li", {}, h("a", { href: "#/runs" }, "Tournaments"), ": the folders under --runs, their tables (live while they are written) and every game, ply by ply."),
      h("li", {}, h("a", { href: "#/play" }, "Play"), ": a game of any spec against an engine."),
      h("li", {}, h("a", { href: "#/analyse" }, "Analyse"), ": a position from plies, the engine's top plies, its principal variation, a win-rate graph.")),
  );
  const quick = h("p", { class: "quick" }, "Play: ");
  app.append(quick);
  api.games().then((g) => {
    for (const v of g.variants) {
      quick.append(h("a", { href: hashFor("play", [], { spec: v.game }) }, v.game), " ");
    }
  }).catch((e) => app.append(errorBox(e.message)));
}

// ---------------------------------------------------------------- tournaments

function progressBar(played, total) {
  const frac = total > 0 ? Math.min(1, played / total) : 0;
  return h("span", { class: "progress", title: `${played} of ${total} games` },
    h("span", { class: "bar" }, h("span", { class: "fill", style: undefined, "data-frac": frac.toFixed(3) })),
    ` ${played}/${total}`);
}

function fillBars(root) {
  // Widths set through the CSSOM (the page's policy allows no inline
  // style attributes).
  for (const f of root.querySelectorAll("[data-frac]")) f.style.width = `${Number(f.dataset.frac) * 100}%`;
}

function poll(fn, ms) {
  let stopped = false;
  let timer = null;
  const tick = async () => {
    if (stopped) return;
    await fn();
    if (!stopped) timer = setTimeout(tick, ms);
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export function runsPage(app) {
  app.append(h("h1", {}, "Tournaments"));
  const body = h("div", { class: "runs" });
  app.append(body, h("p", { class: "note" }, "Updated every 2 s while this page is open."));
  return poll(async () => {
    try {
      const data = await api.runs();
      const rows = data.runs.map((r) => h("tr", { "data-run": r.name },
        h("td", {}, h("a", { href: hashFor("run", [r.name]) }, r.name)),
        r.error
          ? h("td", { colspan: 4, class: "error" }, r.error)
          : [h("td", {}, r.spec), h("td", {}, r.players.join(", ")), h("td", {}, r.format), h("td", {}, progressBar(r.games_played, r.games_total))]));
      const table = h("table", { class: "table" },
        h("thead", {}, h("tr", {}, h("th", {}, "run"), h("th", {}, "game"), h("th", {}, "players"), h("th", {}, "format"), h("th", {}, "progress"))),
        h("tbody", {}, rows));
      body.replaceChildren(data.runs.length ? table : h("p", {}, "No tournament folders here yet: run arena tournament --out RUNS/NAME."));
      if (data.skipped.length) body.append(h("p", { class: "note" }, `Not served (names must be letters, digits, '.', '_', '-'): ${data.skipped.join(", ")}`));
      fillBars(body);
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  }, 2000);
}

export function runPage(app, [name]) {
  app.append(h("h1", {}, "Tournament ", h("span", { class: "mono" }, name)));
  const body = h("div", { class: "run" });
  app.append(body);
  // The server pushes updates (server-sent events): first the whole page,
  // then only the games after the last offset, whenever the journal
  // grows; the latest games are kept here.
  let config = null;
  let latest = [];
  const source = api.runEvents(name);
  source.addEventListener("update", (ev) => render(JSON.parse(ev.data)));
  source.addEventListener("problem", (ev) => body.replaceChildren(errorBox(JSON.parse(ev.data).error)));
  source.onerror = async () => {
    // A refused stream (no such run, over the caps) is not retried by
    // the browser: ask once more to show why.
    if (source.readyState !== EventSource.CLOSED) return;
    try {
      await api.run(name);
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  };
  return () => source.close();

  function render(r) {
    try {
      if (!r.changed) return;
      // An update with `reset` lists the latest games afresh (the first
      // one, or after the journal was replaced).
      if (r.reset) latest = [];
      if (r.config) config = r.config;
      latest = latest.concat(r.games).slice(-500);
      const c = config;
      // A clean sweep's Elo is infinite: the records hold it as ±1000.
      const e = (x) => x === null ? "–" : x >= 1000 ? "+∞" : x <= -1000 ? "−∞" : x.toFixed(0);
      const elo = (p) => `${e(p.elo)} [${e(p.elo_low)}, ${e(p.elo_high)}]`;
      const nelo = (p) => `${e(p.nelo)} [${e(p.nelo_low)}, ${e(p.nelo_high)}]`;
      // Pairs by A's points 0, ½, 1, 1½, 2, as Ptnml(0-2) in the table.
      const ptnml = (p) => {
        const q = p.pentanomial;
        return q ? `[${[q.ll, q.ld, q.wl + q.dd, q.wd, q.ww].join(", ")}]` : "–";
      };
      const standings = h("table", { class: "table standings" },
        h("thead", {}, h("tr", {}, ["#", "player", "points", "games", "W", "D", "L"].map((t) => h("th", {}, t)))),
        h("tbody", {}, r.standings.map((s, i) => h("tr", { "data-player": s.name },
          h("td", {}, i + 1), h("td", {}, s.name), h("td", {}, s.points), h("td", {}, s.games), h("td", {}, s.wins), h("td", {}, s.draws), h("td", {}, s.losses)))));
      const pairings = h("table", { class: "table pairings" },
        h("thead", {}, h("tr", {}, ["A", "B", "games", "A wins", "draws", "B wins", "score A", "Elo A−B [95%]", "nElo [95%]", "Ptnml(0-2)", "LOS"].map((t) => h("th", {}, t)))),
        h("tbody", {}, r.pairings.map((p) => h("tr", {},
          h("td", {}, p.a), h("td", {}, p.b), h("td", {}, p.games), h("td", {}, p.a_wins), h("td", {}, p.draws), h("td", {}, p.b_wins),
          h("td", {}, pct(p.score)), h("td", {}, elo(p)), h("td", { title: p.model || "" }, nelo(p)),
          h("td", {}, ptnml(p)), h("td", {}, pct(p.los))))));
      const games = h("table", { class: "table games" },
        h("thead", {}, h("tr", {}, ["game", "first seat", "second seat", "result", "winner", "reason", "plies"].map((t) => h("th", {}, t)))),
        h("tbody", {}, [...latest].reverse().map((g) => h("tr", { "data-index": g.index },
          h("td", {}, h("a", { href: hashFor("game", [name, String(g.index)]) }, `#${g.index}`)),
          h("td", {}, g.players[0]), h("td", {}, g.players[1]), h("td", {}, g.result), h("td", {}, g.winner_colour || "–"), h("td", {}, g.reason), h("td", {}, g.plies)))));
      body.replaceChildren(
        h("p", {}, h("span", { class: "mono" }, c.spec), ` · ${c.format} · ${c.games} games per pairing · seed ${c.seed}`, c.shard ? ` · shard ${c.shard}` : "", " · ", progressBar(r.games_played, r.games_total), r.writing ? h("span", { class: "live" }, " writing…") : ""),
        h("h2", {}, "Standings"), standings,
        h("h2", {}, "Pairings"), pairings,
        h("h2", {}, "Games"), r.games_played > latest.length ? h("p", { class: "note" }, `The latest ${latest.length} games.`) : "", games);
      fillBars(body);
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  }
}

// ---------------------------------------------------------------- viewer

// A board with a status line and the ply list, stepping through `plies`.
function stepper(spec, plies, start, onStep) {
  const cache = new Map();
  let ply = Math.max(0, Math.min(plies.length, start));
  let wanted = ply;
  const boardBox = h("div", { class: "board-box" });
  const status = h("p", { class: "status", "data-testid": "status" });
  const counter = h("span", { class: "counter" });
  const list = h("div", { class: "plies-box" });
  const go = (n) => show(Math.max(0, Math.min(plies.length, n)));
  const controls = h("div", { class: "controls" },
    h("button", { onclick: () => go(0), title: "start (Home)", "data-step": "first" }, "«"),
    h("button", { onclick: () => go(ply - 1), title: "back (←)", "data-step": "prev" }, "‹"),
    counter,
    h("button", { onclick: () => go(ply + 1), title: "forward (→)", "data-step": "next" }, "›"),
    h("button", { onclick: () => go(plies.length), title: "end (End)", "data-step": "last" }, "»"));
  async function show(n) {
    wanted = n;
    let pos = cache.get(n);
    if (!pos) {
      try {
        pos = await api.position(spec, plies.slice(0, n));
      } catch (e) {
        status.replaceChildren(errorBox(e.message));
        return;
      }
      cache.set(n, pos);
    }
    if (wanted !== n) return; // a later step won the race
    ply = n;
    boardBox.replaceChildren(drawBoard(pos));
    boardBox.dataset.ply = String(n);
    counter.textContent = `${n} / ${plies.length}`;
    status.textContent = statusLine(pos);
    list.replaceChildren(pliesList(plies, n, go));
    const cur = list.querySelector("li.current");
    if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
    onStep(n, pos);
  }
  const keys = (ev) => {
    if (ev.target && (ev.target.tagName === "INPUT" || ev.target.tagName === "TEXTAREA")) return;
    const moves = { ArrowLeft: ply - 1, ArrowRight: ply + 1, Home: 0, End: plies.length };
    if (ev.key in moves) {
      ev.preventDefault();
      go(moves[ev.key]);
    }
  };
  document.addEventListener("keydown", keys);
  show(ply);
  return { boardBox, status, controls, list, go, get ply() { return ply; }, stop: () => document.removeEventListener("keydown", keys) };
}

function graphPanel(spec, plies, defaultEngine, getPly, go) {
  let stopped = false;
  let points = [];
  const box = h("div", { class: "graph-box" });
  const engine = h("input", { value: defaultEngine, size: 24, "aria-label": "graph engine", "data-testid": "graph-engine" });
  const note = h("span", { class: "note" });
  const draw = () => box.replaceChildren(drawGraph(points, plies.length, getPly(), go));
  const button = h("button", {
    "data-testid": "graph",
    onclick: async () => {
      button.disabled = true;
      points = [];
      note.textContent = " searching…";
      try {
        await winRateSeries(spec, plies, engine.value, 40, (p) => { points = p; draw(); }, () => stopped);
        note.textContent = ` ${points.length} positions`;
      } catch (e) {
        note.replaceChildren(errorBox(e.message));
      }
      button.disabled = false;
    },
  }, "Win-rate graph");
  return {
    element: h("section", { class: "graph-panel" }, h("h2", {}, "Win rate"), h("p", {}, button, " engine ", engine, note), box),
    redraw: () => { if (points.length) draw(); },
    stop: () => { stopped = true; },
  };
}

export function gamePage(app, [name, index], params) {
  app.append(h("h1", {}, h("a", { href: hashFor("run", [name]) }, name), ` · game #${index}`));
  const body = h("div", { class: "viewer" });
  app.append(body);
  let stop = () => {};
  api.runGame(name, index).then((g) => {
    const start = params.ply === undefined ? g.plies.length : Number(params.ply);
    let graph = null;
    const link = h("a", { class: "analyse-link" }, "analyse this position");
    const s = stepper(g.spec, g.plies, Number.isFinite(start) ? start : 0, (n) => {
      history.replaceState(null, "", hashFor("game", [name, String(index)], { ply: n }));
      link.setAttribute("href", hashFor("analyse", [], { spec: g.spec, plies: g.plies.slice(0, n).join(" ") }));
      if (graph) graph.redraw();
    });
    graph = graphPanel(g.spec, g.plies, "mcts:iters=500", () => s.ply, s.go);
    stop = () => { s.stop(); graph.stop(); };
    body.append(
      h("p", {}, h("span", { class: "mono" }, g.spec), ` · ${g.players.first} (${g.engines.first}) vs ${g.players.second} (${g.engines.second}) · result: ${g.result}${g.winner_colour ? ` (${g.winner_colour})` : ""}, ${g.reason} · opening ${g.opening.length} plies`),
      h("div", { class: "split" },
        h("div", {}, s.boardBox, s.controls, s.status, link),
        h("div", {}, h("h2", {}, "Plies"), s.list)),
      graph.element);
  }).catch((e) => body.append(errorBox(e.message)));
  return () => stop();
}

// ---------------------------------------------------------------- play

// Which cells start a legal ply, and where two-cell plies go.
function clickMap(legal) {
  const single = new Map(); // cell -> [ply]
  const double = new Map(); // from -> Map(to -> [ply])
  const words = [];
  for (const l of legal) {
    if (l.cells.length === 1) {
      if (!single.has(l.cells[0])) single.set(l.cells[0], []);
      single.get(l.cells[0]).push(l.ply);
    } else if (l.cells.length === 2) {
      const [a, b] = l.cells;
      if (!double.has(a)) double.set(a, new Map());
      const m = double.get(a);
      if (!m.has(b)) m.set(b, []);
      m.get(b).push(l.ply);
    } else {
      words.push(l.ply);
    }
  }
  return { single, double, words, movable: new Set([...single.keys(), ...double.keys()]) };
}

function specForm(params, fields, onSubmit) {
  const inputs = {};
  const form = h("form", { class: "spec-form", onsubmit: (ev) => { ev.preventDefault(); onSubmit(Object.fromEntries(Object.entries(inputs).map(([k, i]) => [k, i.value]))); } });
  for (const f of fields) {
    const input = f.options
      ? h("select", { name: f.name, "data-testid": f.name }, f.options.map((o) => h("option", { value: o, selected: (params[f.name] || f.value) === o }, o)))
      : h("input", { name: f.name, value: params[f.name] || f.value, size: f.size || 24, list: f.list, "data-testid": f.name });
    inputs[f.name] = input;
    form.append(h("label", {}, `${f.label} `, input), " ");
  }
  form.append(h("button", { type: "submit", "data-testid": "submit" }, fields.submit || "Go"));
  return form;
}

function specList() {
  const list = h("datalist", { id: "specs" });
  api.games().then((g) => {
    for (const v of g.variants) for (const s of v.specs) list.append(h("option", { value: s }));
  }).catch(() => {});
  return list;
}

export function playPage(app, _args, params) {
  const spec = params.spec || "escabel:size=7";
  const engine = params.engine || "best:time=1s";
  const seat = params.seat === "second" ? "second" : "first";
  const fields = [
    { name: "spec", label: "game", value: spec, list: "specs" },
    { name: "engine", label: "engine", value: engine },
    { name: "seat", label: "you play", value: seat, options: ["first", "second"] },
  ];
  fields.submit = "New game";
  app.append(h("h1", {}, "Play"), specList(), specForm(params, fields, (v) => {
    const target = hashFor("play", [], v);
    if (target === location.hash) location.reload(); else location.hash = target;
  }));
  const boardBox = h("div", { class: "board-box" });
  const status = h("p", { class: "status", "data-testid": "status" });
  const words = h("span", { class: "words" });
  const info = h("p", { class: "info", "data-testid": "info" });
  const typed = h("input", { size: 10, placeholder: "or type a ply", "aria-label": "ply", "data-testid": "typed" });
  const chooser = h("div", { class: "chooser" });
  const list = h("div", { class: "plies-box" });
  const analyseLink = h("a", { class: "analyse-link" }, "analyse this position");
  const root = h("div", { class: "play", "data-turn": "loading" });
  let plies = [];
  let movers = []; // the seat that played each ply
  let pos = null;
  let selected = null;
  let hint = [];
  let stopped = false;
  let generation = 0;

  const setTurn = (t) => { root.dataset.turn = t; };

  function draw() {
    if (!pos) return;
    const map = clickMap(pos.legal);
    const human = !pos.status.finished && pos.to_move.seat === seat && root.dataset.turn === "human";
    let targets = new Set();
    if (human && selected) {
      targets = new Set(map.double.has(selected) ? map.double.get(selected).keys() : []);
      if (map.single.has(selected)) targets.add(selected);
    }
    boardBox.replaceChildren(drawBoard(pos, {
      movable: human && !selected ? map.movable : new Set(),
      targets,
      selected: human ? selected : null,
      hint,
      onClick: (cell) => human && clickCell(cell, map),
    }));
    words.replaceChildren(...map.words.map((w) => h("button", { disabled: !human, "data-ply": w, onclick: () => playHuman(w) }, w)));
    status.textContent = statusLine(pos);
    const you = pos.status.finished ? "" : `You play the ${seat} seat; ${pos.to_move.seat === seat ? "your turn" : "the engine is thinking…"}`;
    info.textContent = you;
    list.replaceChildren(pliesList(plies, plies.length, () => {}));
    analyseLink.setAttribute("href", hashFor("analyse", [], { spec: pos.spec, plies: plies.join(" ") }));
    root.dataset.plies = String(plies.length);
  }

  function choose(options) {
    chooser.replaceChildren(h("span", {}, "Which ply? "), ...options.map((p) => h("button", { "data-ply": p, onclick: () => { chooser.replaceChildren(); playHuman(p); } }, p)));
  }

  function clickCell(cell, map) {
    chooser.replaceChildren();
    if (selected) {
      const to = map.double.get(selected);
      if (to && to.has(cell)) {
        const options = to.get(cell);
        selected = null;
        return options.length === 1 ? playHuman(options[0]) : choose(options);
      }
      if (cell === selected) {
        selected = null;
        if (map.single.has(cell)) {
          const options = map.single.get(cell);
          return options.length === 1 ? playHuman(options[0]) : choose(options);
        }
        return draw();
      }
    }
    if (map.double.has(cell)) {
      selected = cell;
      return draw();
    }
    selected = null;
    if (map.single.has(cell)) {
      const options = map.single.get(cell);
      return options.length === 1 ? playHuman(options[0]) : choose(options);
    }
    draw();
  }

  async function load(newPlies, newMovers) {
    const gen = ++generation;
    setTurn("loading");
    try {
      const p = await api.position(spec, newPlies);
      if (gen !== generation || stopped) return;
      plies = newPlies;
      movers = newMovers;
      pos = p;
      status.classList.remove("bad");
      await proceed(gen);
    } catch (e) {
      if (gen !== generation) return;
      // The plies before stay as they were; the message says what was
      // wrong with the new one.
      if (!pos) setTurn("error");
      else {
        setTurn(pos.status.finished ? "over" : "human");
        draw();
      }
      status.replaceChildren(errorBox(e.message));
    }
  }

  // Lets the engine play while it is to move, then hands over.
  async function proceed(gen) {
    selected = null;
    while (!pos.status.finished && pos.to_move.seat !== seat) {
      setTurn("engine");
      draw();
      let answer;
      try {
        answer = await api.engineMove(spec, plies, engine, Math.floor(Math.random() * 2 ** 31));
      } catch (e) {
        if (gen !== generation || stopped) return;
        if (e.status === 503) {
          await new Promise((r) => setTimeout(r, 500));
          continue;
        }
        setTurn("error");
        status.replaceChildren(errorBox(e.message));
        return;
      }
      if (gen !== generation || stopped) return;
      plies = [...plies, answer.ply];
      movers = [...movers, answer.seat];
      pos = answer.position;
      info.textContent = `engine played ${answer.ply}${answer.win_rate === null ? "" : ` (its win rate ${pct(answer.win_rate)})`}`;
    }
    setTurn(pos.status.finished ? "over" : "human");
    draw();
  }

  function playHuman(ply) {
    hint = [];
    load([...plies, ply], [...movers, seat]);
  }

  function undo() {
    let p = [...plies];
    let m = [...movers];
    while (m.length && m[m.length - 1] !== seat) { p.pop(); m.pop(); }
    if (m.length) { p.pop(); m.pop(); }
    hint = [];
    load(p, m);
  }

  async function askHint() {
    if (!pos || pos.status.finished) return;
    info.textContent = "thinking about a hint…";
    try {
      const a = await api.engineMove(spec, plies, engine, 7);
      const cells = a.position.last ? a.position.last.cells : [];
      hint = cells;
      info.textContent = `hint: ${a.ply}${a.win_rate === null ? "" : ` (win rate ${pct(a.win_rate)})`}`;
      info.dataset.hint = a.ply;
      draw();
    } catch (e) {
      info.replaceChildren(errorBox(e.message));
    }
  }

  typed.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" && typed.value.trim()) {
      const ply = typed.value.trim();
      typed.value = "";
      playHuman(ply);
    }
  });

  root.append(
    h("div", { class: "split" },
      h("div", {}, boardBox, chooser, status),
      h("div", {},
        h("div", { class: "controls" }, words,
          h("button", { onclick: undo, "data-testid": "undo" }, "Undo"),
          h("button", { onclick: askHint, "data-testid": "hint" }, "Hint"),
          typed),
        info,
        h("h2", {}, "Plies"), list, analyseLink)));
  app.append(root);
  load([], []);
  return () => { stopped = true; generation++; };
}

// ---------------------------------------------------------------- analysis

export function analysePage(app, _args, params) {
  const spec = params.spec || "escabel:size=7";
  const plies = api.splitPlies(params.plies);
  const engine = params.engine || "mcts:iters=5000";
  const fields = [
    { name: "spec", label: "game", value: spec, list: "specs" },
    { name: "plies", label: "plies", value: plies.join(" "), size: 40 },
    { name: "engine", label: "engine", value: engine },
  ];
  fields.submit = "Show";
  app.append(h("h1", {}, "Analyse"), specList(), specForm(params, fields, (v) => { location.hash = hashFor("analyse", [], v); }));
  const out = h("div", { class: "analysis", "data-state": "idle" });
  const bars = h("div", { class: "bars" });
  const pv = h("p", { class: "pv" });
  let lastPos = null;
  let graph = null;
  const s = stepper(spec, plies, plies.length, (n, pos) => {
    lastPos = pos;
    history.replaceState(null, "", hashFor("analyse", [], { spec, plies: plies.join(" "), engine, ply: n === plies.length ? undefined : n }));
    bars.replaceChildren();
    pv.replaceChildren();
    if (graph) graph.redraw();
  });
  if (params.ply !== undefined) s.go(Number(params.ply));
  const run = h("button", {
    "data-testid": "analyse",
    onclick: async () => {
      if (!lastPos) return;
      run.disabled = true;
      out.dataset.state = "searching";
      bars.replaceChildren(h("p", {}, "searching…"));
      const at = plies.slice(0, s.ply);
      try {
        const a = await api.analyse(spec, at, engine);
        out.dataset.state = "done";
        const most = Math.max(1, ...a.children.map((c) => c.visits));
        bars.replaceChildren(
          h("p", {}, `${a.engine}: best `, h("strong", { "data-testid": "best" }, a.best ? a.best.ply : "none"),
            a.win_rate === null ? "" : `, win rate ${pct(a.win_rate)} for the ${a.seat} seat`),
          a.children.length
            ? h("table", { class: "bar-table" },
              h("thead", {}, h("tr", {}, h("th", {}, "ply"), h("th", {}, "visits"), h("th", {}, "win rate"), h("th", {}, "proof"))),
              h("tbody", {}, a.children.map((c) => h("tr", { "data-ply": c.ply },
                h("td", { class: "mono" }, c.ply),
                h("td", {}, h("span", { class: "hbar visits" }, h("span", { class: "fill", "data-frac": (c.visits / most).toFixed(3) })), ` ${c.visits}`),
                h("td", {}, h("span", { class: "hbar rate" }, h("span", { class: "fill", "data-frac": c.win_rate.toFixed(3) })), ` ${pct(c.win_rate)}`),
                h("td", {}, c.proof || "")))))
            : h("p", { class: "note" }, "This engine reports no statistics (try mcts)."),
          a.details.length ? h("pre", { class: "details" }, a.details.join("\n")) : "");
        fillBars(bars);
        pv.replaceChildren("Principal variation: ", ...(a.pv.length ? a.pv.map((p, i) => h("span", { class: "pv-ply", "data-i": i }, p, " ")) : ["–"]));
        if (a.best) s.boardBox.replaceChildren(drawBoard(lastPos, { hint: a.best.cells }));
      } catch (e) {
        out.dataset.state = "error";
        bars.replaceChildren(errorBox(e.message));
      }
      run.disabled = false;
    },
  }, "Analyse this position");
  graph = graphPanel(spec, plies, "mcts:iters=500", () => s.ply, s.go);
  out.append(
    h("div", { class: "split" },
      h("div", {}, s.boardBox, s.controls, s.status),
      h("div", {}, h("p", {}, run), bars, pv, h("h2", {}, "Plies"), s.list)),
    graph.element);
  app.append(out);
  return () => { s.stop(); graph.stop(); };
}
