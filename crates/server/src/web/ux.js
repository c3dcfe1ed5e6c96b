// What the pages say around a board: the two players (colour, goal,
// whose turn, clock), what a swap did, the result with its rule, the plies
// numbered by turn, why a click was refused, and the run page's charts.

const NS = "http://www.w3.org/2000/svg";

export function h(tag, attrs = {}, ...children) {
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

export function svg(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

export const capital = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

// A thinking time: tenths of a second under a minute, else m:ss.
export function clockText(ms) {
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)}s`;
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// The two player panels. `names` by seat; `clocks` (ms by seat) when the
// game has them; `you` the seat of the page's user, if any.
export function playerPanels(pos, { names = {}, clocks = null, you = null } = {}) {
  const seats = pos.sides ? pos.sides.seats : [];
  const moving = pos.status.finished ? null : pos.to_move && pos.to_move.seat;
  const winner = pos.status.winner_seat;
  return h("div", { class: "players", "data-testid": "players" }, seats.map((s) => {
    const who = names[s.seat] || capital(s.colour);
    const state = moving === s.seat ? "to move" : pos.status.finished ? (winner === s.seat ? "winner" : winner ? "" : "draw") : "";
    return h("div", {
      class: `player ${s.colour}${moving === s.seat ? " to-move" : ""}${winner === s.seat ? " won" : ""}`,
      "data-seat": s.seat,
      "data-colour": s.colour,
    },
    h("span", { class: `swatch ${s.colour}`, "aria-hidden": "true" }),
    h("div", { class: "who" },
      h("strong", {}, who, you === s.seat && who !== "You" ? " (you)" : ""),
      h("span", { class: "colour-name" }, names[s.seat] ? ` ${capital(s.colour)} · ${s.seat} player` : ` · ${s.seat} player`),
      h("div", { class: "goal" }, capital(s.goal))),
    h("div", { class: "side-state" },
      clocks ? h("span", { class: "clock", "data-testid": `clock-${s.seat}` }, clockText(clocks[s.seat] || 0)) : "",
      h("span", { class: "turn-flag", "data-testid": moving === s.seat ? "to-move" : undefined }, state)));
  }));
}

// What a swap did, said to the page's user when `you` is known.
export function swapNote(pos, you = null) {
  if (!pos.sides || !pos.sides.swapped) return "";
  let text = pos.sides.swap_note;
  if (you) {
    const mine = pos.sides.seats.find((s) => s.seat === you);
    text += ` You now play ${capital(mine.colour)}: ${mine.goal}.`;
  }
  return h("p", { class: "swap-note", "data-testid": "swap-note", role: "status" }, text);
}

// The result banner: who won, why (with its rule), and for the page's
// user whether they won.
export function resultBanner(pos, you = null) {
  if (!pos.status.finished || !pos.result) return "";
  const winner = pos.status.winner_seat;
  let head = winner ? `${capital(pos.status.winner_colour)} (${winner} player) wins` : "Draw";
  if (you && winner) head = winner === you ? `You win as ${capital(pos.status.winner_colour)}` : `The engine wins as ${capital(pos.status.winner_colour)}`;
  return h("div", {
    class: `result-banner ${pos.status.winner_colour || "draw"}`,
    "data-testid": "result",
    "data-winner": winner || "draw",
    role: "status",
  },
  h("strong", {}, head),
  h("span", { class: "reason" }, ` — ${pos.result.reason}`),
  pos.result.cells.length ? h("span", { class: "note" }, ` (${pos.result.cells.length} cells ringed in gold)`) : "");
}

// The plies numbered by turn: one row per turn, the mover's colour, its
// plies as links (`a.ply[data-ply=N]`, N counted from 1 over the game).
export function turnList(turns, current, onPick) {
  const list = h("ol", { class: "plies turns" });
  if (!turns || !turns.length) list.append(h("li", { class: "note empty" }, "No plies yet."));
  for (const t of turns || []) {
    list.append(h("li", { class: "turn", "data-turn": t.turn, "data-seat": t.seat },
      h("span", { class: "turn-no" }, `${t.turn}.`),
      h("span", { class: `swatch small ${t.colour}`, title: `${t.colour} (${t.seat} player)` }),
      t.plies.map((p) => h("a", {
        href: "#",
        class: `ply${p.n === current ? " current" : ""}`,
        "data-ply": p.n,
        title: `ply ${p.n}`,
        onclick: (ev) => { ev.preventDefault(); onPick(p.n); },
      }, p.ply))));
  }
  return list;
}

// Why a click on `cell` does nothing, when no ply can be tried: the rule
// the click runs into, from what stands there.
export function refusalWithoutPly(pos, cell) {
  const piece = pos.board.cells.find((c) => c.p === cell);
  const me = pos.to_move ? pos.to_move.colour : null;
  const game = pos.name;
  if (!piece) {
    // Empty squares start plies only in Free Swack (drops).
    if (game === "epaminondas") return `${cell} is empty: click the rear piece of a phalanx of yours, then the square where it lands (P2).`;
    if (game === "swack") return `No drop starts on ${cell}: S9 puts a height-2 stack on an empty square and a height-1 enemy stack on an orthogonally adjacent empty square.`;
    return null;
  }
  if (piece.colour === "stone") return `${cell} holds a neutral stone: stones never move and block every phalanx (P7).`;
  const mine = piece.colour === me;
  switch (game) {
    case "escabel":
      return mine
        ? `${cell} has no stacking move: E5 moves your top piece onto an orthogonally adjacent enemy stack of the same height (${piece.height}).`
        : `${cell} is ${piece.colour}'s stack: you move stacks of your colour, ${me} (E5), or place on an empty point (E4).`;
    case "swack":
      return mine
        ? `${cell} has no stacking move: S4 moves your top piece onto an orthogonally adjacent enemy stack of the same height (${piece.height}).`
        : `${cell} is ${piece.colour}'s stack: you move stacks of your colour, ${me} (S4).`;
    case "epaminondas":
      return mine
        ? `${cell} cannot move: a phalanx moves along its line up to as many squares as it has pieces, never onto or through a friendly piece or a stone (P2), captures only a shorter enemy line (P3), and may not arrive into a symmetric board (P5).`
        : `${cell} is ${piece.colour}'s piece: you move ${me} pieces (P2).`;
    case "whirlwind":
      return `${cell} is taken: stones go on empty points (W2).`;
    default:
      return null;
  }
}

// The rule behind each kind of ply, for the games' reasons that name none.
const RULE_OF = {
  escabel: { place: "E4", move: "E5" },
  swack: { move: "S4", drop: "S9" },
  ecalper: { place: "C1, C2", replace: "C2" },
  epaminondas: { move: "P2, P3" },
  whirlwind: { place: "W2, W3" },
};

// A game's refusal ("ply 3: illegal ply c3: REASON") as the page says it,
// with the rule of the ply's kind when the reason names none.
export function refusalText(message, cell, game, ply) {
  const kind = /^x/.test(ply) ? "replace" : /\+/.test(ply) ? "drop" : /-/.test(ply) ? "move" : "place";
  const rule = (RULE_OF[game] || {})[kind];
  const tag = (text) => (/\([A-Z]\d/.test(text) || !rule ? text : `${text} (${rule})`);
  const m = /illegal ply ([^:]+): (.*)$/s.exec(message);
  if (m) return tag(`${m[1]} is not allowed: ${m[2]}`);
  return tag(`${cell}: ${message.replace(/^ply \d+ (\("[^"]*"\) )?(of the move list)?: /, "")}`);
}

// Cumulative score and Elo over a run's games (schedule order): one line
// per player (score %), and the first pairing's Elo (A−B) by games.
export function runCharts(games, players) {
  const W = 640;
  const H = 190;
  const P = 46;
  const box = h("div", { class: "charts" });
  const sorted = [...games].sort((a, b) => a.index - b.index);
  const n = sorted.length;
  const x = (i) => P + (W - 2 * P) * (n > 1 ? i / (n - 1) : 0.5);
  const frame = (label, kind) => {
    const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: `chart ${kind}`, role: "img", "aria-label": label });
    svg("rect", { x: P, y: 12, width: W - 2 * P, height: H - 12 - P, class: "graph-area" }, s);
    const t = svg("text", { x: W / 2, y: H - 6, class: "graph-label", "text-anchor": "middle" }, s);
    t.textContent = label;
    return s;
  };
  const yOf = (v, lo, hi) => 12 + (H - 12 - P) * (1 - (v - lo) / (hi - lo));
  const axis = (s, values, lo, hi, fmt) => {
    for (const v of values) {
      svg("line", { x1: P, x2: W - P, y1: yOf(v, lo, hi), y2: yOf(v, lo, hi), class: "graph-half" }, s);
      const t = svg("text", { x: P - 4, y: yOf(v, lo, hi) + 4, class: "graph-label", "text-anchor": "end" }, s);
      t.textContent = fmt(v);
    }
  };
  const points = (s) => s === "first" ? [1, 0] : s === "second" ? [0, 1] : [0.5, 0.5];
  // Score: each player's points over the games they played so far.
  const score = frame("each player's score over the games so far (schedule order)", "score-chart");
  axis(score, [0, 0.5, 1], 0, 1, (v) => `${v * 100}%`);
  players.forEach((name, k) => {
    let got = 0;
    let played = 0;
    const line = [];
    sorted.forEach((g, i) => {
      const seat = g.players.indexOf(name);
      if (seat < 0) return;
      got += points(g.result)[seat];
      played += 1;
      line.push(`${x(i).toFixed(1)},${yOf(got / played, 0, 1).toFixed(1)}`);
    });
    if (line.length) svg("polyline", { points: line.join(" "), class: `series s${k % 6}`, "data-player": name }, score);
  });
  const legend = h("p", { class: "legend" }, players.map((name, k) => h("span", { class: `key s${k % 6}` }, "■ ", name, " ")));
  box.append(score, legend);
  // Each player's performance Elo against its opponents so far, from
  // its running score (two players: the pairing's Elo and its mirror).
  const elo = frame("each player's Elo against its opponents so far, from its score (clamped at ±800)", "elo-chart");
  axis(elo, [-800, -400, 0, 400, 800], -800, 800, (v) => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0"));
  players.forEach((name, k) => {
    let got = 0;
    let played = 0;
    const line = [];
    sorted.forEach((g, i) => {
      const seat = g.players.indexOf(name);
      if (seat < 0) return;
      got += points(g.result)[seat];
      played += 1;
      const p = Math.min(Math.max(got / played, 0.01), 0.99);
      const rating = Math.min(800, Math.max(-800, -400 * Math.log10(1 / p - 1)));
      line.push(`${x(i).toFixed(1)},${yOf(rating, -800, 800).toFixed(1)}`);
    });
    if (line.length) svg("polyline", { points: line.join(" "), class: `series s${k % 6}`, "data-player": name }, elo);
  });
  box.append(elo);
  return box;
}

// ---------------------------------------------------------------- shared by the pages

// A link to a page: `#/PAGE/ARG?key=value`.
export function hashFor(page, args = [], params = {}) {
  const path = [page, ...args.map((a) => encodeURIComponent(a))].join("/");
  const q = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")).toString();
  return `#/${path}${q ? `?${q}` : ""}`;
}

// A share as a percentage with one decimal; a dash when unknown.
export function pct(x) {
  return x === null || x === undefined ? "–" : `${(x * 100).toFixed(1)}%`;
}

// An error message, announced to screen readers.
export function errorBox(message) {
  return h("p", { class: "error", role: "alert" }, message);
}

export function fillBars(root) {
  // Widths set through the CSSOM (the page's policy allows no inline
  // style attributes).
  for (const f of root.querySelectorAll("[data-frac]")) f.style.width = `${Number(f.dataset.frac) * 100}%`;
}
