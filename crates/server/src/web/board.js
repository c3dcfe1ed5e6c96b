// Boards as SVG, drawn from the server's structured position (the
// `board` of /api/position): square boards of squares or points, and the
// hex-hex board. Every cell has a transparent hit area `.hit[data-cell]`;
// every piece is `.piece[data-cell][data-colour]` (with `data-height` for
// stacks), so that clicks and tests find them by cell name.

const NS = "http://www.w3.org/2000/svg";
const S = 40; // a cell's size in SVG units
const M = 36; // the margin that holds the coordinates

function el(name, attrs = {}, parent = null) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  if (parent) parent.appendChild(node);
  return node;
}

function text(parent, x, y, content, cls) {
  const t = el("text", { x, y, class: cls, "text-anchor": "middle", "dominant-baseline": "central" }, parent);
  t.textContent = content;
  return t;
}

export function cellName(c, r) {
  return String.fromCharCode(97 + c) + String(r + 1);
}

export function parseCell(name) {
  const m = /^([a-z])(\d+)$/.exec(String(name).toLowerCase());
  return m ? { c: m[1].charCodeAt(0) - 97, r: Number(m[2]) - 1 } : null;
}

// Geometry of a board: every cell's centre, the hit shape, the labels.
function layout(board) {
  if (board.style === "hex") {
    const s = board.side;
    const R = S / Math.sqrt(3); // the hexagon's circumradius for a width of S
    const raw = (c, r) => ({ x: S * (c - r / 2), y: -1.5 * R * r });
    const cells = [];
    for (let r = 0; r <= 2 * s - 2; r++) {
      for (let c = 0; c <= 2 * s - 2; c++) {
        if (Math.abs(c - r) <= s - 1) cells.push({ c, r });
      }
    }
    const xs = cells.map((p) => raw(p.c, p.r).x);
    const ys = cells.map((p) => raw(p.c, p.r).y);
    const minX = Math.min(...xs) - S / 2 - M;
    const minY = Math.min(...ys) - R - M / 2;
    const at = (c, r) => {
      const p = raw(c, r);
      return { x: p.x - minX, y: p.y - minY };
    };
    const width = Math.max(...xs) - minX + S / 2 + M;
    const height = Math.max(...ys) - minY + R + M;
    const labels = [];
    for (let r = 0; r <= 2 * s - 2; r++) {
      const cmin = Math.max(0, r - (s - 1));
      const p = at(cmin - 0.85, r);
      labels.push({ x: p.x, y: p.y, t: String(r + 1) });
    }
    for (let c = 0; c <= 2 * s - 2; c++) {
      const rmin = Math.max(0, c - (s - 1));
      const p = at(c, rmin - 0.8);
      labels.push({ x: p.x, y: p.y, t: String.fromCharCode(97 + c) });
    }
    return { cells, at, width, height, labels, radius: R * 0.78, hexR: R };
  }
  const w = board.width;
  const h = board.height;
  const cells = [];
  for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) cells.push({ c, r });
  const at = (c, r) => ({ x: M + c * S + S / 2, y: M / 2 + (h - 1 - r) * S + S / 2 });
  const labels = [];
  for (let c = 0; c < w; c++) labels.push({ x: at(c, 0).x, y: M / 2 + h * S + M / 2, t: String.fromCharCode(97 + c) });
  for (let r = 0; r < h; r++) labels.push({ x: M / 2 - 3, y: at(0, r).y, t: String(r + 1) });
  return { cells, at, width: M + w * S + M / 2, height: M / 2 + h * S + M, labels, radius: S * 0.4 };
}

function hexPoints(x, y, R) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i + Math.PI / 6;
    pts.push(`${(x + R * Math.cos(a)).toFixed(2)},${(y + R * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

function drawGround(svg, board, geo) {
  const g = el("g", { class: "ground" }, svg);
  if (board.style === "hex") {
    for (const p of geo.cells) {
      const q = geo.at(p.c, p.r);
      el("polygon", { points: hexPoints(q.x, q.y, geo.hexR * 0.98), class: "hexcell" }, g);
    }
    return;
  }
  const { width: w, height: h } = board;
  const x0 = geo.at(0, 0).x - S / 2;
  const y0 = geo.at(0, h - 1).y - S / 2;
  const edges = board.edges || {};
  // Owners' edges: a bar in the owner's colour along each edge.
  const bar = 6;
  const sides = {
    top: { x: x0, y: y0 - bar - 2, width: w * S, height: bar },
    bottom: { x: x0, y: y0 + h * S + 2, width: w * S, height: bar },
    left: { x: x0 - bar - 2, y: y0, width: bar, height: h * S },
    right: { x: x0 + w * S + 2, y: y0, width: bar, height: h * S },
  };
  for (const colour of ["black", "white"]) {
    for (const side of edges[colour] || []) {
      if (sides[side]) el("rect", { ...sides[side], class: `edge edge-${colour}`, "data-edge": side }, g);
    }
  }
  if (board.style === "squares") {
    for (const p of geo.cells) {
      const q = geo.at(p.c, p.r);
      const dark = (p.c + p.r) % 2 === 0;
      el("rect", { x: q.x - S / 2, y: q.y - S / 2, width: S, height: S, class: dark ? "sq dark" : "sq light" }, g);
    }
  } else {
    el("rect", { x: x0, y: y0, width: w * S, height: h * S, class: "wood" }, g);
    for (let c = 0; c < w; c++) {
      const a = geo.at(c, 0);
      const b = geo.at(c, h - 1);
      el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "gridline" }, g);
    }
    for (let r = 0; r < h; r++) {
      const a = geo.at(0, r);
      const b = geo.at(w - 1, r);
      el("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y, class: "gridline" }, g);
    }
  }
}

function drawPiece(g, cell, q, radius, stacks) {
  const piece = el("g", {
    class: `piece ${cell.colour}`,
    "data-cell": cell.p,
    "data-colour": cell.colour,
  }, g);
  if (cell.height !== undefined) piece.setAttribute("data-height", cell.height);
  if (cell.colour === "stone") {
    const d = radius * 0.85;
    el("rect", { x: q.x - d, y: q.y - d, width: 2 * d, height: 2 * d, rx: 4, class: "stone-block" }, piece);
    return;
  }
  const layers = stacks ? Math.min(cell.height || 1, 4) : 1;
  // Lower pieces of a stack peek out below the top one.
  for (let i = layers - 1; i >= 1; i--) {
    el("circle", { cx: q.x, cy: q.y + i * 2.5, r: radius, class: `disc ${cell.colour} under` }, piece);
  }
  el("circle", { cx: q.x, cy: q.y, r: radius, class: `disc ${cell.colour}` }, piece);
  if (cell.setup) {
    piece.setAttribute("data-setup", "true");
    el("circle", { cx: q.x, cy: q.y, r: radius * 0.45, class: `setup-mark ${cell.colour}` }, piece);
  }
  if (stacks) text(piece, q.x, q.y, String(cell.height), `height ${cell.colour}`);
}

// Draws `position` (the JSON of /api/position) as an SVG element.
// options: { movable: Set, targets: Set, selected: name, hint: [names],
//            hintLabel: text, winning: [names], small: bool, onClick(name) }
export function drawBoard(position, options = {}) {
  const board = position.board;
  if (board.style === "text") {
    const pre = document.createElement("pre");
    pre.className = "board-text";
    pre.textContent = board.text;
    return pre;
  }
  const geo = layout(board);
  const svg = el("svg", {
    viewBox: `0 0 ${geo.width.toFixed(1)} ${geo.height.toFixed(1)}`,
    // Boards of many cells get more room on the page.
    class: `board board-${board.style} game-${position.name}${geo.cells.length > 200 && !options.small ? " big" : ""}${options.small ? " small" : ""}`,
    role: "img",
    "aria-label": `${position.spec} after ${position.plies.length} plies`,
    "data-plies": position.plies.length,
    "data-spec": position.spec,
  });
  drawGround(svg, board, geo);
  const labels = el("g", { class: "labels" }, svg);
  for (const l of geo.labels) text(labels, l.x, l.y, l.t, "coord");

  const last = position.last ? position.last.cells : [];
  const marks = el("g", { class: "marks" }, svg);
  const pieces = el("g", { class: "pieces" }, svg);
  const overlay = el("g", { class: "overlay" }, svg);
  const byCell = new Map(board.cells.map((cell) => [cell.p, cell]));
  for (const cell of board.cells) drawPiece(pieces, cell, geo.at(cell.c, cell.r), geo.radius, board.stacks);

  // The last ply: its cells ringed, a move's path drawn.
  if (last.length === 2) {
    const a = parseCell(last[0]);
    const b = parseCell(last[1]);
    if (a && b) {
      const p = geo.at(a.c, a.r);
      const q = geo.at(b.c, b.r);
      el("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: "last-path" }, marks);
    }
  }
  // The earlier plies of the last turn (Ecalper, Whirlwind), ringed thinly.
  const turn = position.last_turn || [];
  for (const ply of turn.slice(0, -1)) {
    for (const name of ply.cells) {
      const p = parseCell(name);
      if (!p) continue;
      const q = geo.at(p.c, p.r);
      el("circle", { cx: q.x, cy: q.y, r: geo.radius + 2, class: "last-mark turn", "data-cell": name }, overlay);
    }
  }
  last.forEach((name, i) => {
    const p = parseCell(name);
    if (!p) return;
    const q = geo.at(p.c, p.r);
    el("circle", {
      cx: q.x, cy: q.y, r: geo.radius + 3,
      class: i === last.length - 1 ? "last-mark" : "last-mark from",
      "data-cell": name,
    }, overlay);
  });

  // The cells that decided a finished game: its chain, group or pieces.
  for (const name of options.winning || []) {
    const p = parseCell(name);
    if (!p) continue;
    const q = geo.at(p.c, p.r);
    el("circle", { cx: q.x, cy: q.y, r: geo.radius + 1, class: "win-mark", "data-cell": name }, overlay);
  }

  const hints = options.hint || [];
  hints.forEach((name, i) => {
    const p = parseCell(name);
    if (!p) return;
    const q = geo.at(p.c, p.r);
    el("circle", { cx: q.x, cy: q.y, r: geo.radius * 0.55, class: "hint-mark", "data-cell": name }, overlay);
    // The hint's label (its win rate) sits by its last cell.
    if (options.hintLabel && i === hints.length - 1) {
      const w = options.hintLabel.length * 7.5 + 8;
      const x = Math.min(q.x + geo.radius * 0.5, geo.width - w - 2);
      const y = Math.max(q.y - geo.radius * 1.6, 2);
      const tag = el("g", { class: "hint-label", "data-testid": "hint-label" }, overlay);
      el("rect", { x, y, width: w, height: 18, rx: 4 }, tag);
      const t = el("text", { x: x + w / 2, y: y + 9, "text-anchor": "middle", "dominant-baseline": "central" }, tag);
      t.textContent = options.hintLabel;
    }
  });

  const hits = el("g", { class: "hits" }, svg);
  for (const p of geo.cells) {
    const name = cellName(p.c, p.r);
    const q = geo.at(p.c, p.r);
    const classes = ["hit"];
    if (options.movable && options.movable.has(name)) classes.push("movable");
    if (options.targets && options.targets.has(name)) classes.push("target");
    if (options.selected === name) classes.push("selected");
    if (classes.length > 1) {
      const occupied = byCell.has(name);
      el("circle", {
        cx: q.x, cy: q.y, r: occupied ? geo.radius + 2 : geo.radius * 0.35,
        class: `cue ${classes.slice(1).join(" ")} ${occupied ? "ring" : "dot"}`,
        "data-cell": name,
      }, overlay);
    }
    const attrs = { class: classes.join(" "), "data-cell": name };
    const hit = board.style === "hex"
      ? el("polygon", { ...attrs, points: hexPoints(q.x, q.y, geo.hexR) }, hits)
      : el("rect", { ...attrs, x: q.x - S / 2, y: q.y - S / 2, width: S, height: S }, hits);
    const title = el("title", {}, hit);
    const cell = byCell.get(name);
    title.textContent = cell
      ? `${name}: ${cell.colour}${cell.height !== undefined ? ` ${cell.height}` : ""}`
      : name;
    if (options.onClick) hit.addEventListener("click", () => options.onClick(name));
  }
  return svg;
}

// A win-rate graph: `points` are {ply, rate} (the first seat's win rate,
// 0..1); `current` the ply to mark; onClick(ply) on a point.
export function drawGraph(points, total, current, onClick) {
  const W = 600;
  const H = 160;
  const P = 28;
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "graph", role: "img", "aria-label": "win rate of the first seat by ply" });
  const x = (ply) => P + (W - 2 * P) * (total > 0 ? ply / total : 0);
  const y = (rate) => H - P - (H - 2 * P) * rate;
  el("rect", { x: P, y: P, width: W - 2 * P, height: H - 2 * P, class: "graph-area" }, svg);
  el("line", { x1: P, y1: y(0.5), x2: W - P, y2: y(0.5), class: "graph-half" }, svg);
  text(svg, P - 14, y(1), "100%", "graph-label");
  text(svg, P - 14, y(0.5), "50%", "graph-label");
  text(svg, P - 14, y(0), "0%", "graph-label");
  text(svg, W / 2, H - 8, "ply (first seat's win rate)", "graph-label");
  if (current !== null && current !== undefined) {
    el("line", { x1: x(current), y1: P, x2: x(current), y2: H - P, class: "graph-now" }, svg);
  }
  const sorted = [...points].sort((a, b) => a.ply - b.ply);
  if (sorted.length > 1) {
    el("polyline", { points: sorted.map((p) => `${x(p.ply).toFixed(1)},${y(p.rate).toFixed(1)}`).join(" "), class: "graph-line" }, svg);
  }
  for (const p of sorted) {
    const dot = el("circle", { cx: x(p.ply), cy: y(p.rate), r: 4, class: "graph-dot", "data-ply": p.ply }, svg);
    const t = el("title", {}, dot);
    t.textContent = `ply ${p.ply}: ${(p.rate * 100).toFixed(0)}%`;
    if (onClick) dot.addEventListener("click", () => onClick(p.ply));
  }
  return svg;
}
