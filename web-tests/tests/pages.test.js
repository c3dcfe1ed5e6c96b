// Every page opens; a recorded game steps ply by ply; the SVG shows the
// pieces the rules say after given plies; the tournament table follows a
// folder being written; analysis shows its bars, PV and graph.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { appendFileSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { launch, openPage, shot, api } from "./browser.js";

const RUNS = process.env.ARENA_RUNS;
const RUN = process.env.ARENA_RUN || "escabel5";

let ctx;
before(async () => { ctx = await launch(); });
after(async () => { await ctx.close(); });

// The pieces drawn: cell -> "colour" or "colour height".
async function pieces(page) {
  const list = await page.$$eval("svg.board .piece", (els) =>
    els.map((e) => [e.dataset.cell, e.dataset.height ? `${e.dataset.colour} ${e.dataset.height}` : e.dataset.colour]));
  return Object.fromEntries(list);
}

async function boardAt(page, plies) {
  await page.waitForSelector(`svg.board[data-plies="${plies}"]`);
}

test("the home, tournaments, play and analyse pages open", async () => {
  for (const [hash, selector, text] of [
    ["#/", "ul.cards", "Tournaments"],
    ["#/runs", `tr[data-run="${RUN}"]`, RUN],
    [`#/run/${RUN}`, "table.standings", "Standings"],
    ["#/play?spec=swack:size=4&engine=random", "svg.board", "Play"],
    ["#/analyse?spec=ecalper:size=3", "svg.board", "Analyse"],
    ["#/nowhere", "main", "No page"],
  ]) {
    const page = await openPage(ctx.browser, hash);
    await page.waitForSelector(selector);
    assert.match(await page.locator("main").innerText(), new RegExp(text));
    assert.deepEqual(page.problems, [], hash);
    await shot(page, `page-${hash.replace(/[^a-z0-9]+/gi, "_")}`, null);
    await page.close();
  }
});

test("a recorded game steps ply by ply, by buttons, keys and links", async () => {
  const run = (await api(`/api/runs/${RUN}`)).json;
  const index = run.games[0].index;
  const record = (await api(`/api/runs/${RUN}/games/${index}`)).json;
  const n = record.plies.length;
  assert.ok(n >= 5, `game ${index} has ${n} plies`);
  const page = await openPage(ctx.browser, `#/game/${RUN}/${index}?ply=0`);
  await boardAt(page, 0);
  assert.deepEqual(await pieces(page), {});
  for (let i = 1; i <= n; i++) {
    if (i % 2) await page.locator("[data-step=next]").click();
    else await page.keyboard.press("ArrowRight");
    await boardAt(page, i);
    const expected = (await api("/api/position", { spec: record.spec, plies: record.plies.slice(0, i).join(" ") })).json;
    const want = Object.fromEntries(expected.board.cells.map((c) => [c.p, `${c.colour} ${c.height}`]));
    assert.deepEqual(await pieces(page), want, `after ply ${i}`);
    // The last ply is marked on its cells.
    const marked = await page.$$eval("svg.board .last-mark:not(.turn)", (els) => els.map((e) => e.dataset.cell));
    assert.deepEqual(marked, expected.last.cells, `mark after ply ${i}`);
    assert.match(page.url(), new RegExp(`ply=${i}$`));
    if (i === 3) await shot(page, "viewer-escabel-ply3");
  }
  // Past the end nothing moves; back, Home and End work.
  await page.keyboard.press("ArrowRight");
  await boardAt(page, n);
  await page.keyboard.press("ArrowLeft");
  await boardAt(page, n - 1);
  await page.keyboard.press("Home");
  await boardAt(page, 0);
  await page.keyboard.press("End");
  await boardAt(page, n);
  assert.match(await page.locator("[data-testid=status]").innerText(), /Game over/);
  // A ply's link opens the game at that ply.
  const link = `#/game/${RUN}/${index}?ply=2`;
  const again = await openPage(ctx.browser, link);
  await boardAt(again, 2);
  assert.equal(await again.locator("ol.plies a.ply.current").getAttribute("data-ply"), "2");
  assert.deepEqual(page.problems, []);
  assert.deepEqual(again.problems, []);
  await again.close();
  await page.close();
});

// Expected pieces after given plies, written from the rules (not read
// from the server).
const positions = [
  {
    name: "escabel",
    spec: "escabel:size=5",
    plies: "c3 b2 d3 c2 c3-c2",
    // E5: Black's top piece from c3 goes onto the white c2 (height 1 to
    // 2, now black) and a white piece goes on c3.
    want: { b2: "white 1", c2: "black 2", c3: "white 1", d3: "black 1" },
  },
  {
    name: "escabel-checkered",
    spec: "escabel:size=3,variant=checkered",
    plies: "",
    // E9: a1 black, alternating.
    want: { a1: "black 1", b1: "white 1", c1: "black 1", a2: "white 1", b2: "black 1", c2: "white 1", a3: "black 1", b3: "white 1", c3: "black 1" },
  },
  {
    name: "swack",
    spec: "swack:size=3",
    plies: "b1-b2",
    // S1 on odd n: the centre and corners white; S4 as E5.
    want: { a1: "white 1", b1: "white 1", c1: "white 1", a2: "black 1", b2: "black 2", c2: "black 1", a3: "white 1", b3: "black 1", c3: "white 1" },
  },
  {
    name: "swack-free",
    spec: "swack:size=4,variant=free",
    plies: "b2+b3",
    // S9: a friendly 2-stack on b2 and an enemy 1-stack on b3.
    want: { b2: "black 2", b3: "white 1" },
  },
  {
    name: "ecalper",
    spec: "ecalper:size=3",
    plies: "a1 b1 c1 xb1 a2 c3 e5",
    // C1, then C2: White replaces b1 and places three.
    want: { a1: "black", b1: "white", c1: "black", a2: "white", c3: "white", e5: "white" },
    // The whole of White's last turn is marked: e5 as the last ply.
    turn: ["b1", "a2", "c3"],
    last: ["e5"],
  },
  {
    name: "epaminondas-stones",
    spec: "epaminondas:variant=stones",
    plies: "*e6 *f6 *g7 a1-a3",
    // P7: three stones; P2: the a1-a2 phalanx moves two squares up.
    want: { e6: "stone", f6: "stone", g7: "stone", a3: "white", a4: "white", a1: undefined, a2: undefined, b1: "white", a12: "black" },
  },
  {
    name: "whirlwind",
    spec: "whirlwind:size=12",
    plies: "",
    // W1: on 12x12, c = 2, 28 stones, all of the set-up.
    count: 28,
    setup: 28,
    want: {},
  },
  {
    name: "whirlwind-turn",
    spec: "whirlwind:size=6",
    plies: "a2 a3 a4",
    // W2: Black's first turn is one stone; White's two (a3, a4).
    want: { a2: "black", a3: "white", a4: "white", a1: "black" },
    turn: ["a3"],
    last: ["a4"],
  },
];

test("the SVG shows the expected pieces after given plies", async () => {
  for (const p of positions) {
    const n = p.plies.split(" ").filter((w) => w).length;
    const page = await openPage(ctx.browser, `#/analyse?spec=${encodeURIComponent(p.spec)}&plies=${encodeURIComponent(p.plies)}`);
    await boardAt(page, n);
    const got = await pieces(page);
    for (const [cell, want] of Object.entries(p.want)) assert.equal(got[cell], want, `${p.name}: ${cell}`);
    if (p.count !== undefined) assert.equal(Object.keys(got).length, p.count, p.name);
    if (p.setup !== undefined) assert.equal(await page.locator("svg.board .piece[data-setup]").count(), p.setup, p.name);
    const marks = (sel) => page.$$eval(sel, (els) => els.map((e) => e.dataset.cell));
    if (p.turn) assert.deepEqual(await marks("svg.board .last-mark.turn"), p.turn, `${p.name}: the last turn`);
    if (p.last) assert.deepEqual(await marks("svg.board .last-mark:not(.turn)"), p.last, `${p.name}: the last ply`);
    await shot(page, `pieces-${p.name}`);
    assert.deepEqual(page.problems, [], p.name);
    await page.close();
  }
});

// The page does not poll: the server pushes the new games (server-sent
// events), so the table follows only if those arrive.
test("the tournament table follows a folder being written", { skip: !RUNS && "needs ARENA_RUNS" }, async () => {
  const dir = path.join(RUNS, "live-test");
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(RUNS, RUN, "tournament.json"), path.join(dir, "tournament.json"));
  const lines = readFileSync(path.join(RUNS, RUN, "games.jsonl"), "utf8").split("\n").filter((l) => l);
  // One game and half of the next: a tournament caught mid-write.
  writeFileSync(path.join(dir, "games.jsonl"), `${lines[0]}\n${lines[1].slice(0, 40)}`);
  const page = await openPage(ctx.browser, "#/run/live-test");
  await page.waitForSelector("table.games tbody tr");
  assert.equal(await page.locator("table.games tbody tr").count(), 1);
  assert.match(await page.locator(".run").innerText(), /writing/);
  const total = await page.locator("table.standings tbody tr").count();
  assert.equal(total, 2);
  appendFileSync(path.join(dir, "games.jsonl"), `${lines[1].slice(40)}\n`);
  await page.waitForFunction((n) => document.querySelectorAll("table.games tbody tr").length === n, lines.length >= 2 ? 2 : 1, { timeout: 10_000 });
  const points = await page.$$eval("table.standings tbody tr", (rows) => rows.reduce((s, r) => s + Number(r.children[2].innerText), 0));
  assert.equal(points, 2, "two games, one point each");
  await shot(page, "tournament-live", null);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test("analysis shows the top plies as bars, the PV and a win-rate graph", { timeout: 120_000 }, async () => {
  const page = await openPage(ctx.browser, `#/analyse?spec=escabel:size=5&plies=c3&engine=${encodeURIComponent("mcts:iters=3000")}`);
  await boardAt(page, 1);
  await page.locator("[data-testid=analyse]").click();
  await page.waitForSelector(".analysis[data-state=done]", { timeout: 60_000 });
  const rows = await page.locator(".bar-table tbody tr").count();
  assert.ok(rows >= 3, `${rows} plies listed`);
  const widths = await page.$$eval(".bar-table .hbar.visits .fill", (els) => els.map((e) => e.getBoundingClientRect().width));
  assert.ok(widths[0] > 0 && widths.every((w, i) => i === 0 || w <= widths[i - 1] + 0.5), `bars by visits: ${widths}`);
  assert.match(await page.locator(".pv").innerText(), /^Principal variation: ([a-e][1-5]|swap)/);
  const best = await page.locator("[data-testid=best]").innerText();
  assert.equal(await page.locator(".bar-table tbody tr").first().getAttribute("data-ply"), best);
  await shot(page, "analysis-escabel", null);
  await page.locator("[data-testid=graph-engine]").fill("mcts:iters=200");
  await page.locator("[data-testid=graph]").click();
  await page.waitForFunction(() => document.querySelectorAll("svg.graph .graph-dot").length === 2, null, { timeout: 60_000 });
  const rates = await page.$$eval("svg.graph .graph-dot", (els) => els.map((e) => Number(e.getAttribute("cy"))));
  assert.ok(rates.every((y) => y > 0 && y < 160), `${rates}`);
  assert.deepEqual(page.problems, []);
  await page.close();
});
