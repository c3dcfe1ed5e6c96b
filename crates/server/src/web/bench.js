// The benchmarks' pages: the folders under --runs that hold a suite run
// (`arena suite run --out DIR`) or scaling curves (`arena scaling
// --games-dir DIR`), and one of them with its table and plot: accuracy
// against budget, or rating on a game's fixed scale against iterations.

import * as api from "./api.js";
import { budgetChart } from "./charts.js";
import { h, hashFor, errorBox } from "./ux.js";

const CLASSES = ["easy", "medium", "hard"];

const interval = (v, lo, hi, f) => `${f(v)} [${f(lo)}, ${f(hi)}]`;
const share = (x) => `${(x * 100).toFixed(1)}%`;
const elo = (x) => x.toFixed(0);

// A budget's name as a number for the x axis: iterations, or seconds.
function budgetValue(name) {
  return name.endsWith("s") ? Number(name.slice(0, -1)) : Number(name);
}

export function benchmarksPage(app) {
  app.append(h("h1", {}, "Benchmarks"));
  const body = h("div", { class: "benchmarks" }, h("p", {}, "Loading…"));
  app.append(body, h("p", { class: "note" },
    "Folders under the runs folder made by arena suite run --out DIR (accuracy on a solved-position suite) or arena scaling --games-dir DIR (ratings on a game's fixed scale against iterations); see docs/benchmarks.md."));
  (async () => {
    try {
      const data = await api.getJSON("/api/benchmarks");
      const rows = data.benchmarks.map((b) => h("tr", { "data-benchmark": b.name },
        h("td", {}, h("a", { href: hashFor("benchmark", [b.name]) }, b.name)),
        b.error
          ? h("td", { colspan: 3, class: "error" }, b.error)
          : [h("td", {}, b.kind === "suite" ? "suite accuracy" : "rating against compute"),
            h("td", { class: "mono" }, b.kind === "suite" ? b.suite : b.spec),
            h("td", {}, b.engines.join(", "))]));
      body.replaceChildren(data.benchmarks.length
        ? h("div", { class: "table-wrap" }, h("table", { class: "table benchmarks-table" },
          h("thead", {}, h("tr", {}, ["folder", "what", "suite or game", "engines"].map((t) => h("th", {}, t)))),
          h("tbody", {}, rows)))
        : h("p", {}, "No benchmark folders here yet."));
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  })();
}

export function benchmarkPage(app, [name]) {
  app.append(h("h1", {}, "Benchmark ", h("span", { class: "mono" }, name)));
  const body = h("div", { class: "benchmark" }, h("p", {}, "Loading…"));
  app.append(body);
  (async () => {
    try {
      const b = await api.getJSON(`/api/benchmarks/${encodeURIComponent(name)}`);
      body.replaceChildren(...(b.kind === "suite" ? suiteView(b.summary) : scalingView(b.report)));
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  })();
}

function suiteView(summary) {
  const rows = summary.rows;
  const classes = CLASSES.filter((c) => rows.some((r) => r.class === c));
  const budgets = [...new Set(rows.map((r) => r.budget))];
  const find = (engine, budget, cls) => rows.find((r) => r.engine === engine && r.budget === budget && r.class === cls);
  const cell = (r) => h("td", {}, r ? interval(r.share, r.low, r.high, share) : "–");
  const table = h("table", { class: "table accuracy", "data-testid": "accuracy" },
    h("thead", {}, h("tr", {}, ["engine", "budget", "all", ...classes].map((t) => h("th", {}, t)))),
    h("tbody", {}, summary.engines.flatMap(([engine]) => budgets.map((budget) => h("tr", { "data-engine": engine, "data-budget": budget },
      h("td", {}, engine), h("td", {}, budget), cell(find(engine, budget, null)), classes.map((c) => cell(find(engine, budget, c))))))));
  const overall = rows.find((r) => r.class === null);
  const timed = budgets.some((b) => b.endsWith("s"));
  const series = summary.engines.map(([engine]) => ({
    name: engine,
    points: rows.filter((r) => r.engine === engine && r.class === null)
      .map((r) => [budgetValue(r.budget), r.share, r.low, r.high])
      .sort((p, q) => p[0] - q[0]),
  }));
  return [
    h("p", {}, "Suite ", h("span", { class: "mono" }, summary.suite), overall ? ` · ${overall.positions} positions · a random mover keeps the value in ${share(overall.random_share)} on average` : ""),
    h("h2", {}, "Accuracy against budget"),
    budgetChart({
      label: "share of positions whose chosen ply keeps the proven value (95% intervals)",
      xLabel: timed ? "seconds per position" : "iterations (nodes for pns and alphabeta)",
      series,
      yFmt: (v) => `${Math.round(v * 100)}%`,
      yRange: [0, 1],
      kind: "accuracy-chart",
    }),
    h("h2", {}, "Per difficulty class"),
    h("div", { class: "table-wrap" }, table),
    h("p", { class: "note" }, "Engines: ", summary.engines.map(([n, spec]) => h("span", {}, h("b", {}, n), " = ", h("span", { class: "mono" }, spec), "; "))),
  ];
}

function scalingView(report) {
  const series = report.curves.map((c) => ({
    name: c.name,
    points: c.points.map((p) => [p.iterations, p.result.rating.elo, p.result.rating.low, p.result.rating.high]),
  }));
  const table = h("table", { class: "table scaling", "data-testid": "scaling" },
    h("thead", {}, h("tr", {}, ["engine", "iterations", "Elo [95%]", "games"].map((t) => h("th", {}, t)))),
    h("tbody", {}, report.curves.flatMap((c) => c.points.map((p) => h("tr", { "data-engine": c.name, "data-budget": p.iterations },
      h("td", {}, c.name), h("td", {}, p.iterations), h("td", {}, interval(p.result.rating.elo, p.result.rating.low, p.result.rating.high, elo)), h("td", {}, p.result.rating.games))))));
  return [
    h("p", {}, "On the fixed scale of ", h("span", { class: "mono" }, report.spec), " (its anchor pool; random = 0)."),
    h("h2", {}, "Rating against compute"),
    budgetChart({
      label: "Elo on the game's scale against the budget (95% intervals)",
      xLabel: "iterations (nodes for pns and alphabeta)",
      series,
      yFmt: (v) => String(Math.round(v)),
      kind: "scaling-chart",
    }),
    h("div", { class: "table-wrap" }, table),
    h("p", { class: "note" }, "Engines: ", report.curves.map((c) => h("span", {}, h("b", {}, c.name), " = ", h("span", { class: "mono" }, c.engine), "; "))),
  ];
}
