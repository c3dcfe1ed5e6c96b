// The benchmarks pages (a suite run's accuracy and scaling curves, from
// folders run.sh made with arena suite run and arena scaling) and a
// tournament pairing's course with its Elo and LLR panels.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, shot, api } from "./browser.js";

const SUITE_RUN = process.env.ARENA_SUITE_RUN || "accuracy";
const SCALING = process.env.ARENA_SCALING || "curve";
const RUN3 = process.env.ARENA_RUN3 || "rr3";

let ctx;
before(async () => { ctx = await launch(); });
after(async () => { await ctx.close(); });

test("the benchmarks page lists the suite run and the scaling curves", async () => {
  const page = await openPage(ctx.browser, "#/benchmarks");
  await page.waitForSelector(`tr[data-benchmark="${SUITE_RUN}"]`);
  await page.waitForSelector(`tr[data-benchmark="${SCALING}"]`);
  const text = await page.locator("main").innerText();
  assert.match(text, /suite accuracy/);
  assert.match(text, /rating against compute/);
  assert.deepEqual(page.problems, []);
  await shot(page, "benchmarks", null);
  await page.close();
});

test("a suite run shows accuracy against budget, a line and an error bar per engine and budget", async () => {
  const { json } = await api(`/api/benchmarks/${SUITE_RUN}`);
  const engines = json.summary.engines.map(([name]) => name);
  const budgets = [...new Set(json.summary.rows.map((r) => r.budget))];
  const page = await openPage(ctx.browser, `#/benchmark/${SUITE_RUN}`);
  await page.waitForSelector("svg.accuracy-chart");
  for (const engine of engines) {
    const group = page.locator(`svg.accuracy-chart g[data-series="${engine}"]`);
    assert.equal(await group.locator("circle.dot").count(), budgets.length, engine);
    // Each point: its interval's bar and two caps.
    assert.equal(await group.locator("line.error-bar").count(), 3 * budgets.length, engine);
  }
  // The table: every engine at every budget, the overall share first.
  assert.equal(await page.locator("table.accuracy tbody tr").count(), engines.length * budgets.length);
  const row = json.summary.rows.find((r) => r.engine === engines[0] && r.budget === budgets[0] && r.class === null);
  const cell = await page.locator(`table.accuracy tr[data-engine="${engines[0]}"][data-budget="${budgets[0]}"] td`).nth(2).innerText();
  assert.ok(cell.startsWith(`${(row.share * 100).toFixed(1)}%`), cell);
  assert.deepEqual(page.problems, []);
  await shot(page, "benchmark-accuracy", null);
  await page.close();
});

test("scaling curves show rating against iterations", async () => {
  const { json } = await api(`/api/benchmarks/${SCALING}`);
  const page = await openPage(ctx.browser, `#/benchmark/${SCALING}`);
  await page.waitForSelector("svg.scaling-chart");
  for (const curve of json.report.curves) {
    const dots = page.locator(`svg.scaling-chart g[data-series="${curve.name}"] circle.dot`);
    assert.equal(await dots.count(), curve.points.length, curve.name);
  }
  assert.equal(await page.locator("table.scaling tbody tr").count(), json.report.curves.reduce((n, c) => n + c.points.length, 0));
  assert.deepEqual(page.problems, []);
  await shot(page, "benchmark-scaling", null);
  await page.close();
});

test("a run page draws a pairing's Elo over its games, and the LLR with an SPRT", async () => {
  const page = await openPage(ctx.browser, `#/run/${RUN3}`);
  await page.waitForSelector("[data-testid=course] svg.elo-course");
  const run = (await api(`/api/runs/${RUN3}`)).json;
  const first = run.pairings[0];
  const points = async (sel) => (await page.locator(sel).getAttribute("points")).trim().split(/\s+/).length;
  assert.equal(await points("svg.elo-course polyline.series"), first.games);
  assert.equal(await page.locator("svg.llr-course").count(), 0);
  await page.locator("[data-testid=course-elo0]").fill("0");
  await page.locator("[data-testid=course-elo1]").fill("100");
  await page.locator(".course-form button").click();
  await page.waitForSelector("svg.llr-course");
  assert.equal(await points("svg.llr-course polyline.series"), first.games);
  assert.equal(await page.locator("svg.llr-course line.graph-bound").count(), 2);
  // Another pairing: its own games.
  await page.locator("[data-testid=course-pairing]").selectOption("1");
  const second = run.pairings[1];
  await page.waitForFunction(([n]) => {
    const p = document.querySelector("svg.elo-course polyline.series");
    return p && p.getAttribute("points").trim().split(/\s+/).length === n;
  }, [second.games]);
  assert.match(await page.locator("[data-testid=course] .note").innerText(), new RegExp(`${second.games} games: ${second.a} `));
  assert.deepEqual(page.problems, []);
  await shot(page, "run-course", "[data-testid=course]");
  await page.close();
});
