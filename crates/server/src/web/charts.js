// Charts as inline SVG (no library): a quantity against a budget on a
// logarithmic axis, one line per engine with its 95% intervals as error
// bars (suite accuracy, rating against compute), and a pairing's course
// over its games (Elo with its interval; the SPRT's LLR with its bounds).

import { h, svg } from "./ux.js";

const W = 640;
const LEFT = 58;
const RIGHT = 16;
const TOP = 14;
const BOTTOM = 58;

function frame(height, label, kind) {
  const s = svg("svg", { viewBox: `0 0 ${W} ${height}`, class: `chart ${kind}`, role: "img", "aria-label": label });
  svg("rect", { x: LEFT, y: TOP, width: W - LEFT - RIGHT, height: height - TOP - BOTTOM, class: "graph-area" }, s);
  const t = svg("text", { x: (W + LEFT) / 2, y: height - 6, class: "graph-label", "text-anchor": "middle" }, s);
  t.textContent = label;
  return s;
}

function text(s, x, y, content, anchor = "end") {
  const t = svg("text", { x, y, class: "graph-label", "text-anchor": anchor }, s);
  t.textContent = content;
}

// Round ticks between lo and hi, about `count` of them.
function ticks(lo, hi, count = 5) {
  const raw = (hi - lo) / count;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((st) => st >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(10)));
  return out;
}

function extent(values, pad) {
  const finite = values.filter((v) => Number.isFinite(v));
  if (!finite.length) return [0, 1];
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  if (hi - lo < 1e-9) {
    lo -= 1;
    hi += 1;
  }
  const p = (hi - lo) * pad;
  return [lo - p, hi + p];
}

// series: [{ name, points: [[x, y, low, high], ...] }], x > 0. Returns a
// figure with the chart and its legend. yFmt formats the y ticks;
// yRange fixes the y axis ([lo, hi]) instead of fitting the points.
export function budgetChart({ label, xLabel, series, yFmt = (v) => String(v), yRange = null, kind = "budget-chart" }) {
  const height = 300;
  const s = frame(height, label, kind);
  const xs = series.flatMap((se) => se.points.map((p) => p[0])).filter((x) => x > 0);
  const figure = h("figure", { class: "charts" });
  if (!xs.length) {
    figure.append(h("p", { class: "note" }, "Nothing to draw yet."));
    return figure;
  }
  const lx0 = Math.log10(Math.min(...xs)) - 0.15;
  const lx1 = Math.log10(Math.max(...xs)) + 0.15;
  const [y0, y1] = yRange || extent(series.flatMap((se) => se.points.flatMap((p) => [p[2], p[3]])), 0.06);
  const px = (x) => LEFT + (W - LEFT - RIGHT) * ((Math.log10(x) - lx0) / (lx1 - lx0));
  const py = (y) => TOP + (height - TOP - BOTTOM) * (1 - (Math.min(Math.max(y, y0), y1) - y0) / (y1 - y0));
  for (const v of ticks(y0, y1)) {
    svg("line", { x1: LEFT, x2: W - RIGHT, y1: py(v), y2: py(v), class: "graph-half" }, s);
    text(s, LEFT - 4, py(v) + 4, yFmt(v));
  }
  // Powers of ten; within less than two decades also 2x and 5x.
  const mantissas = lx1 - lx0 < 2 ? [1, 2, 5] : [1];
  for (let e = Math.floor(lx0); e <= Math.ceil(lx1); e += 1) {
    for (const m of mantissas) {
      const v = m * 10 ** e;
      if (Math.log10(v) < lx0 || Math.log10(v) > lx1) continue;
      const x = px(v);
      svg("line", { x1: x, x2: x, y1: TOP, y2: height - BOTTOM, class: "graph-half" }, s);
      text(s, x, height - BOTTOM + 14, v.toLocaleString("en"), "middle");
    }
  }
  text(s, W - RIGHT, height - BOTTOM + 32, xLabel);
  series.forEach((se, k) => {
    const cls = `series s${k % 6}`;
    const pts = se.points.filter((p) => p[0] > 0);
    const g = svg("g", { class: "series-group", "data-series": se.name }, s);
    svg("polyline", { points: pts.map((p) => `${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`).join(" "), class: cls }, g);
    for (const p of pts) {
      const x = px(p[0]);
      svg("line", { x1: x, x2: x, y1: py(p[2]), y2: py(p[3]), class: `${cls} error-bar` }, g);
      for (const y of [p[2], p[3]]) svg("line", { x1: x - 4, x2: x + 4, y1: py(y), y2: py(y), class: `${cls} error-bar` }, g);
      const dot = svg("circle", { cx: x, cy: py(p[1]), r: 3.5, class: `${cls} dot` }, g);
      const tip = svg("title", {}, dot);
      tip.textContent = `${se.name} at ${p[0]}: ${yFmt(p[1])} [${yFmt(p[2])}, ${yFmt(p[3])}]`;
    }
  });
  figure.append(s, h("p", { class: "legend" }, series.map((se, k) => h("span", { class: `key s${k % 6}` }, "■ ", se.name, " "))));
  return figure;
}

// A pairing's course: elo [[games, elo, low, high]], llr [[games, llr]]
// or null, bounds [lower, upper] or null.
export function courseChart({ a, b, elo, llr, bounds }) {
  const figure = h("figure", { class: "charts course" });
  if (!elo.length) {
    figure.append(h("p", { class: "note" }, "No games of this pairing yet."));
    return figure;
  }
  const n = elo[elo.length - 1][0];
  const height = 240;
  const px = (g) => LEFT + (W - LEFT - RIGHT) * (n > 1 ? (g - 1) / (n - 1) : 0.5);
  const panel = (label, kind, values, extra) => {
    const s = frame(height, label, kind);
    const [y0, y1] = extent(values.concat(extra), 0.05);
    const py = (y) => TOP + (height - TOP - BOTTOM) * (1 - (y - y0) / (y1 - y0));
    for (const v of ticks(y0, y1)) {
      svg("line", { x1: LEFT, x2: W - RIGHT, y1: py(v), y2: py(v), class: "graph-half" }, s);
      text(s, LEFT - 4, py(v) + 4, v > 0 ? `+${v}` : String(v));
    }
    for (const g of ticks(1, n, 6).filter((g) => g >= 1 && Number.isInteger(g))) text(s, px(g), height - BOTTOM + 14, String(g), "middle");
    return { s, py };
  };
  // A sweep's estimate and bounds are infinite: drawn at the edge.
  const edge = (v) => Math.max(-800, Math.min(800, v));
  const clampElo = elo.map(([g, e, lo, hi]) => [g, edge(e), edge(lo), edge(hi)]);
  const ep = panel(`Elo of ${a} over ${b} after each game, with its 95% interval (drawn within ±800)`, "elo-course",
    clampElo.flatMap((p) => [p[1], p[2], p[3]]), [0]);
  const band = clampElo.map((p) => `${px(p[0]).toFixed(1)},${ep.py(p[3]).toFixed(1)}`)
    .concat([...clampElo].reverse().map((p) => `${px(p[0]).toFixed(1)},${ep.py(p[2]).toFixed(1)}`));
  svg("polygon", { points: band.join(" "), class: "interval-band" }, ep.s);
  svg("line", { x1: LEFT, x2: W - RIGHT, y1: ep.py(0), y2: ep.py(0), class: "graph-zero" }, ep.s);
  svg("polyline", { points: clampElo.map((p) => `${px(p[0]).toFixed(1)},${ep.py(p[1]).toFixed(1)}`).join(" "), class: "series s0", "data-series": "elo" }, ep.s);
  figure.append(ep.s);
  if (llr && bounds) {
    const lp = panel("the SPRT's log-likelihood ratio after each game, with its bounds", "llr-course", llr.map((p) => p[1]), bounds);
    for (const bnd of bounds) svg("line", { x1: LEFT, x2: W - RIGHT, y1: lp.py(bnd), y2: lp.py(bnd), class: "graph-bound" }, lp.s);
    svg("polyline", { points: llr.map((p) => `${px(p[0]).toFixed(1)},${lp.py(p[1]).toFixed(1)}`).join(" "), class: "series s1", "data-series": "llr" }, lp.s);
    figure.append(lp.s);
  }
  return figure;
}
