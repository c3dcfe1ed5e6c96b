// The pages: home, the game viewer, play against an engine, and
// analysis (the tournaments' pages are in runs.js, the benchmarks' in
// bench.js). Each takes its element, the hash's arguments and query, and
// returns a function that stops its timers.

import * as api from "./api.js";
import { drawBoard, drawGraph } from "./board.js";
import {
  h, hashFor, pct, errorBox, fillBars, capital, clockText, playerPanels, swapNote, resultBanner, turnList, refusalWithoutPly, refusalText,
} from "./ux.js";

// ---------------------------------------------------------------- building blocks




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

// The plies by turn; `turns` from the position after all of them.
function pliesList(turns, current, onPick) {
  return turnList(turns, current, onPick);
}

// Everything the page shows around a board at `pos`: the players, a
// swap's note, the result; the board with the winning cells ringed.
function aroundBoard(pos, opts = {}) {
  return h("div", { class: "around" },
    playerPanels(pos, opts),
    swapNote(pos, opts.you),
    resultBanner(pos, opts.you));
}

// ---------------------------------------------------------------- home

// What each game is about, in a sentence or two, and a spec to start.
const ABOUT = {
  escabel: ["Escabel", "escabel:size=7", "Connection with stacks: place a piece, or capture an enemy stack of your height by stacking onto it. Black joins top and bottom, White left and right; no draws."],
  swack: ["Swack", "swack:size=6", "Territory on a full checkered board: stack onto an enemy stack of equal height. At the end equal black and white groups cancel out; the biggest group left wins."],
  ecalper: ["Ecalper", "ecalper:size=5", "Hexagonal group building: each turn replace one stone the opponent just placed, then place three. The largest group wins."],
  epaminondas: ["Epaminondas", "epaminondas", "Phalanxes on a 14×12 board: lines of pieces move as far as they are long and capture shorter lines. Get more pieces onto the enemy's home row than they have on yours."],
  whirlwind: ["Whirlwind", "whirlwind:size=12", "Connection with one or two stones a turn among set-up stones; like-coloured diagonal pairs need an orthogonal friend (W3). Black joins top and bottom, White left and right."],
};

export function home(app) {
  app.append(
    h("h1", {}, "abstracta"),
    h("p", { class: "lead" }, "Five abstract strategy games with exact rule engines and strong engines. Pick a game to play against an engine, watch tournaments, or analyse a position."),
  );
  const cards = h("ul", { class: "game-cards", "data-testid": "game-cards" });
  app.append(cards);
  for (const [game, [title, spec, about]] of Object.entries(ABOUT)) {
    const board = h("div", { class: "mini-board" });
    cards.append(h("li", { class: "game-card", "data-game": game },
      h("a", { href: hashFor("play", [], { spec }), class: "mini-link", "aria-label": `play ${title}` }, board),
      h("div", {},
        h("h2", {}, title),
        h("p", {}, about),
        h("p", { class: "card-links" },
          h("a", { href: hashFor("play", [], { spec }), "data-testid": `play-${game}` }, "Play"), " · ",
          h("a", { href: hashFor("analyse", [], { spec }) }, "Analyse"), " · ",
          h("span", { class: "mono note" }, spec)))));
    api.position(spec, []).then((pos) => board.replaceChildren(drawBoard(pos, { small: true })))
      .catch((e) => board.replaceChildren(errorBox(e.message)));
  }
  app.append(h("ul", { class: "cards" },
    api.STATIC
      ? h("li", {}, "Tournaments: served by ", h("code", {}, "arena serve --runs DIR"), " (this static site plays and analyses in the browser).")
      : h("li", {}, h("a", { href: "#/runs" }, "Tournaments"), ": the folders under --runs, their tables (live while they are written) and every game, ply by ply."),
    h("li", {}, h("a", { href: "#/play" }, "Play"), ": a game of any spec against an engine."),
    h("li", {}, h("a", { href: "#/analyse" }, "Analyse"), ": a position from plies, the engine's top plies, its principal variation, a win-rate graph.")));
}

// ---------------------------------------------------------------- viewer

// A board with a status line and the ply list, stepping through `plies`.
// options: { names (by seat), clocksAt(n, turns) → ms by seat or null }.
function stepper(spec, plies, start, onStep, options = {}) {
  const cache = new Map();
  // The turns of the whole game, from its last position (the list shows
  // them all whatever ply is on the board).
  let turns = null;
  let ply = Math.max(0, Math.min(plies.length, start));
  let wanted = ply;
  const boardBox = h("div", { class: "board-box" });
  const status = h("p", { class: "status", "data-testid": "status" });
  const counter = h("span", { class: "counter" });
  const list = h("div", { class: "plies-box" });
  const around = h("div", { class: "around-box" });
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
        if (!turns) {
          const end = await api.position(spec, plies);
          cache.set(plies.length, end);
          turns = end.turns;
        }
        pos = cache.get(n) || await api.position(spec, plies.slice(0, n));
      } catch (e) {
        status.replaceChildren(errorBox(e.message));
        return;
      }
      cache.set(n, pos);
    }
    if (wanted !== n) return; // a later step won the race
    ply = n;
    boardBox.replaceChildren(drawBoard(pos, { winning: pos.result ? pos.result.cells : [] }));
    boardBox.dataset.ply = String(n);
    counter.textContent = `${n} / ${plies.length}`;
    status.textContent = statusLine(pos);
    around.replaceChildren(aroundBoard(pos, { names: options.names, clocks: options.clocksAt ? options.clocksAt(n, turns) : null }));
    list.replaceChildren(pliesList(turns, n, go));
    const cur = list.querySelector(".ply.current");
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
  return { boardBox, status, controls, list, around, go, get ply() { return ply; }, stop: () => document.removeEventListener("keydown", keys) };
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
    }, { names: { first: g.players.first, second: g.players.second }, clocksAt: (n, turns) => gameClocks(g, n, turns) });
    graph = graphPanel(g.spec, g.plies, "mcts:iters=500", () => s.ply, s.go);
    stop = () => { s.stop(); graph.stop(); };
    body.append(
      h("p", {}, h("span", { class: "mono" }, g.spec), ` · ${g.players.first} (${g.engines.first}) vs ${g.players.second} (${g.engines.second}) · result: ${g.result === "draw" ? "draw" : `${g.result} seat wins`}${g.winner_colour ? ` (${g.winner_colour})` : ""}, ${g.reason} · opening ${g.opening.length} plies`),
      h("div", { class: "split" },
        h("div", {}, s.boardBox, s.controls, s.status, link),
        h("div", {}, s.around, h("h2", {}, "Plies by turn"), s.list)),
      graph.element);
  }).catch((e) => body.append(errorBox(e.message)));
  return () => stop();
}

// A recorded game's clocks at ply `n`: each seat's thinking time so far
// when the record has each ply's time (a game under a clock), else the
// totals at the last ply; null where the record cannot say.
function gameClocks(g, n, turns) {
  const seatOf = [];
  for (const t of turns || []) for (const p of t.plies) seatOf[p.n] = t.seat;
  if (g.ply_ms && g.ply_ms.length) {
    const used = { first: 0, second: 0 };
    for (let i = g.opening.length; i < n; i++) {
      const ms = g.ply_ms[i - g.opening.length];
      if (ms !== undefined && seatOf[i + 1]) used[seatOf[i + 1]] += ms;
    }
    return used;
  }
  return n === g.plies.length && g.time_ms ? { first: g.time_ms.first, second: g.time_ms.second } : null;
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

// Engine specs to choose from: the families at a second a ply, and each
// network the server offers (`arena serve --models DIR`) under PUCT.
function engineList() {
  const list = h("datalist", { id: "engines" });
  for (const e of ["best:time=1s", "mcts:time=1s", "alphabeta:time=1s", "hybrid:time=1s", "puct:model=knowledge,time=1s", "random"]) {
    list.append(h("option", { value: e }));
  }
  api.games().then((g) => {
    for (const m of g.models || []) list.append(h("option", { value: `puct:model=${m},iters=800` }));
  }).catch(() => {});
  return list;
}

export function playPage(app, _args, params) {
  const spec = params.spec || "escabel:size=7";
  const engine = params.engine || "best:time=1s";
  const seat = params.seat === "second" ? "second" : "first";
  const fields = [
    { name: "spec", label: "game", value: spec, list: "specs" },
    { name: "engine", label: "engine", value: engine, list: "engines" },
    { name: "seat", label: "you play", value: seat, options: ["first", "second"] },
  ];
  fields.submit = "New game";
  app.append(h("h1", {}, "Play"), specList(), engineList(), specForm(params, fields, (v) => {
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
  const around = h("div", { class: "around-box" });
  const refusal = h("p", { class: "refusal", "data-testid": "refusal", role: "alert" });
  const hintBox = h("p", { class: "hint-box", "data-testid": "hint-box" });
  const analyseLink = h("a", { class: "analyse-link" }, "analyse this position");
  const root = h("div", { class: "play", "data-turn": "loading" });
  const names = { first: seat === "first" ? "You" : engine, second: seat === "second" ? "You" : engine };
  // Thinking time by seat: the side to move's clock runs.
  const clocks = { first: 0, second: 0 };
  let clockSeat = null;
  let clockAt = performance.now();
  function tickClock() {
    const now = performance.now();
    if (clockSeat) clocks[clockSeat] += now - clockAt;
    clockAt = now;
    clockSeat = pos && !pos.status.finished ? pos.to_move.seat : null;
    for (const k of ["first", "second"]) {
      const c = around.querySelector(`[data-testid=clock-${k}]`);
      if (c) c.textContent = clockText(clocks[k]);
    }
  }
  const ticker = setInterval(tickClock, 1000);
  let plies = [];
  let movers = []; // the seat that played each ply
  let pos = null;
  let selected = null;
  let hint = {};
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
    tickClock();
    boardBox.replaceChildren(drawBoard(pos, {
      movable: human && !selected ? map.movable : new Set(),
      targets,
      selected: human ? selected : null,
      hint: hint.cells || [],
      hintLabel: hint.label,
      winning: pos.result ? pos.result.cells : [],
      onClick: (cell) => (human ? clickCell(cell, map) : refuse(pos.status.finished
        ? "The game is over: start a new game or undo."
        : "Wait: it is the engine's turn.")),
    }));
    around.replaceChildren(aroundBoard(pos, { names, clocks, you: seat }));
    words.replaceChildren(...map.words.map((w) => h("button", { disabled: !human, "data-ply": w, onclick: () => playHuman(w) }, w)));
    status.textContent = statusLine(pos);
    const you = pos.status.finished ? "" : `You play the ${seat} seat; ${pos.to_move.seat === seat ? "your turn" : "the engine is thinking…"}`;
    info.textContent = you;
    list.replaceChildren(pliesList(pos.turns, plies.length, () => {}));
    analyseLink.setAttribute("href", hashFor("analyse", [], { spec: pos.spec, plies: plies.join(" ") }));
    root.dataset.plies = String(plies.length);
  }

  function choose(options) {
    chooser.replaceChildren(h("span", {}, "Which ply? "), ...options.map((p) => h("button", { "data-ply": p, onclick: () => { chooser.replaceChildren(); playHuman(p); } }, p)));
  }

  function refuse(text) {
    refusal.textContent = text;
    refusal.dataset.shown = text ? "true" : "";
  }

  // A click that plays nothing says why: the game's own reason for the
  // ply the click would have been, or the rule its piece runs into.
  async function explain(cell) {
    const piece = pos.board.cells.find((c) => c.p === cell);
    let candidate = null;
    if (selected && selected !== cell) candidate = `${selected}-${cell}`;
    else if (!piece && pos.name !== "epaminondas" && pos.name !== "swack") candidate = cell;
    else if (piece && pos.name === "ecalper") candidate = `x${cell}`;
    const without = candidate ? null : refusalWithoutPly(pos, cell);
    selected = null;
    draw();
    if (without) return refuse(without);
    const at = plies.length;
    try {
      await api.position(spec, [...plies, candidate || cell]);
      refuse(`${cell}: no ply starts here now.`);
    } catch (e) {
      if (plies.length === at) refuse(refusalText(e.message, cell, pos.name, candidate || cell));
    }
  }

  function clickCell(cell, map) {
    chooser.replaceChildren();
    refuse("");
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
    const from = selected;
    selected = null;
    if (map.single.has(cell)) {
      const options = map.single.get(cell);
      return options.length === 1 ? playHuman(options[0]) : choose(options);
    }
    selected = from;
    explain(cell);
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
    hint = {};
    hintBox.replaceChildren();
    refuse("");
    load([...plies, ply], [...movers, seat]);
  }

  function undo() {
    let p = [...plies];
    let m = [...movers];
    while (m.length && m[m.length - 1] !== seat) { p.pop(); m.pop(); }
    if (m.length) { p.pop(); m.pop(); }
    hint = {};
    hintBox.replaceChildren();
    refuse("");
    load(p, m);
  }

  // The engine's ply for the user, not played: which ply of the game it
  // would be, and the win rate the engine gives it for the user.
  async function askHint() {
    if (!pos || pos.status.finished) return;
    hintBox.textContent = "thinking about a hint…";
    const n = plies.length + 1;
    try {
      const a = await api.engineMove(spec, plies, engine, 7);
      const cells = a.position.last ? a.position.last.cells : [];
      const rate = a.win_rate === null || a.win_rate === undefined ? null : pct(a.win_rate);
      hint = { cells, label: rate ? `${a.ply} · ${rate}` : a.ply };
      hintBox.replaceChildren(
        h("strong", {}, `Hint for ply ${n}: `), h("span", { class: "mono", "data-testid": "hint-ply" }, a.ply),
        rate ? h("span", { "data-testid": "hint-rate" }, ` — the engine gives you a win rate of ${rate}`) : " — this engine gives no win rate",
        ` (${a.engine || engine}; not played)`);
      info.dataset.hint = a.ply;
      draw();
    } catch (e) {
      hintBox.replaceChildren(errorBox(e.message));
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
      h("div", {}, boardBox, chooser, refusal, status),
      h("div", {},
        around,
        h("div", { class: "controls" }, words,
          h("button", { onclick: undo, "data-testid": "undo" }, "Undo"),
          h("button", { onclick: askHint, "data-testid": "hint" }, "Hint"),
          typed),
        hintBox,
        info,
        h("h2", {}, "Plies by turn"), list, analyseLink)));
  app.append(root);
  load([], []);
  return () => { stopped = true; generation++; clearInterval(ticker); };
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
          h("p", {}, `${a.engine}: best ply ${at.length + 1} is `, h("strong", { "data-testid": "best" }, a.best ? a.best.ply : "none"),
            a.win_rate === null ? "" : `, win rate ${pct(a.win_rate)} for the ${a.seat} seat (${lastPos.to_move ? lastPos.to_move.colour : ""})`),
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
        if (a.best) {
          const rate = a.win_rate === null ? "" : ` · ${pct(a.win_rate)}`;
          s.boardBox.replaceChildren(drawBoard(lastPos, { hint: a.best.cells, hintLabel: `${a.best.ply}${rate}` }));
        }
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
      h("div", {}, s.around, h("p", {}, run), bars, pv, h("h2", {}, "Plies by turn"), s.list)),
    graph.element);
  app.append(out);
  return () => { s.stop(); graph.stop(); };
}
