// The static build (scripts/build-static-site.sh): the pages with the
// games and searches in WebAssembly, served as plain files by a tiny
// server here. A whole game is played by clicks against an MCTS engine
// that runs in the page, and a position is analysed. Runs when
// STATIC_SITE names the built folder.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { launch, SHOTS } from "./browser.js";

const SITE = process.env.STATIC_SITE;
const skip = !SITE && "needs STATIC_SITE (scripts/build-static-site.sh)";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".wasm": "application/wasm",
};

let ctx;
let server;
let base;

before(async () => {
  if (skip) return;
  const root = path.resolve(SITE);
  server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    const file = path.resolve(root, `.${decodeURIComponent(url.pathname === "/" ? "/index.html" : url.pathname)}`);
    if (!file.startsWith(root + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const bytes = await readFile(file);
      res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] || "application/octet-stream" }).end(bytes);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  ctx = await launch();
});

after(async () => {
  if (ctx) await ctx.close();
  if (server) server.close();
});

async function open(hash) {
  const page = await ctx.browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => { if (m.type() === "error") problems.push(`console: ${m.text()}`); });
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()}`));
  page.problems = problems;
  await page.goto(`${base}/${hash}`);
  return page;
}

async function waitForTurn(page) {
  await page.waitForFunction(() => {
    const t = document.querySelector(".play")?.dataset.turn;
    return t === "human" || t === "over" || t === "error";
  }, null, { timeout: 60_000 });
  return page.locator(".play").getAttribute("data-turn");
}

test("a whole game against an engine running in the page, without a server", { skip, timeout: 300_000 }, async () => {
  const page = await open("#/play?spec=escabel:size=5&engine=mcts:iters=300&seat=second");
  assert.equal(await page.locator("body").getAttribute("data-backend"), "wasm");
  assert.equal(await page.locator('nav a[data-nav="runs"]').count(), 0);
  for (let turn = 0; turn < 200; turn++) {
    const state = await waitForTurn(page);
    if (state === "over") break;
    assert.equal(state, "human", await page.locator("[data-testid=status]").innerText());
    const plies = Number(await page.locator(".play").getAttribute("data-plies"));
    const cells = await page.$$eval("svg.board .hit.movable", (els) => els.map((e) => e.dataset.cell));
    const cell = cells[turn % cells.length];
    await page.locator(`svg.board .hit[data-cell="${cell}"]`).click();
    if (await page.locator(`svg.board .hit.selected[data-cell="${cell}"]`).count()) {
      const targets = await page.$$eval("svg.board .hit.target", (els) => els.map((e) => e.dataset.cell));
      await page.locator(`svg.board .hit[data-cell="${targets[0]}"]`).click();
    }
    await page.waitForFunction((n) => Number(document.querySelector(".play")?.dataset.plies) > n, plies);
  }
  assert.equal(await waitForTurn(page), "over");
  assert.match(await page.locator("[data-testid=result]").innerText(), /\(E[67]\)/);
  const plies = await page.$$eval(".play ol.plies a.ply", (els) => els.map((e) => e.innerText.trim()));
  assert.ok(plies.length >= 10, `${plies.length} plies`);
  await page.screenshot({ path: path.join(SHOTS, "static-play-escabel-end.png"), fullPage: true });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test("analysis and a refused click in the static build", { skip, timeout: 120_000 }, async () => {
  const page = await open("#/analyse?spec=ecalper:size=3&plies=a1%20b1%20c1&engine=mcts:iters=500");
  await page.waitForSelector("svg.board");
  await page.locator("[data-testid=analyse]").click();
  await page.waitForSelector(".analysis[data-state=done]", { timeout: 60_000 });
  assert.ok(await page.locator(".bar-table tbody tr").count() >= 3);
  assert.match(await page.locator("[data-testid=best]").innerText(), /^(x[a-e]\d|swap)$/);
  await page.screenshot({ path: path.join(SHOTS, "static-analyse-ecalper.png"), fullPage: true });
  const ww = await open("#/play?spec=whirlwind:size=6&engine=random&seat=first");
  assert.equal(await waitForTurn(ww), "human");
  const stones = await ww.$$eval("svg.board .piece", (els) => els.map((e) => e.dataset.cell));
  await ww.locator(`svg.board .hit[data-cell="${stones[0]}"]`).click();
  await ww.waitForFunction(() => /W2/.test(document.querySelector("[data-testid=refusal]")?.textContent || ""));
  const runs = await open("#/runs");
  await runs.waitForSelector(".error");
  assert.match(await runs.locator(".error").innerText(), /arena serve/);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(ww.problems, []);
  await Promise.all([page.close(), ww.close(), runs.close()]);
});
