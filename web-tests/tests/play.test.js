// A full game of each of the five games, played by clicks on the board
// against the random engine, from the first move to the end.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, openPage, shot, api } from "./browser.js";

let ctx;
before(async () => { ctx = await launch(); });
after(async () => { await ctx.close(); });

const turnOf = (page) => page.locator(".play").getAttribute("data-turn");

async function waitForTurn(page) {
  await page.waitForFunction(() => {
    const t = document.querySelector(".play")?.dataset.turn;
    return t === "human" || t === "over" || t === "error";
  }, null, { timeout: 60_000 });
  return turnOf(page);
}

// Plays one game by clicks; returns the number of plies and the final
// status text. Takes a screenshot of the board midway and at the end.
async function playByClicks(page, name, maxTurns) {
  let shotTaken = false;
  for (let turn = 0; turn < maxTurns; turn++) {
    const state = await waitForTurn(page);
    if (state === "over") break;
    assert.notEqual(state, "error", await page.locator("[data-testid=status]").innerText());
    const plies = Number(await page.locator(".play").getAttribute("data-plies"));
    if (!shotTaken && plies >= 8) {
      await shot(page, `play-${name}-midgame`);
      shotTaken = true;
    }
    const cells = await page.$$eval("svg.board .hit.movable", (els) => els.map((e) => e.dataset.cell));
    const words = await page.$$eval(".words button:not([disabled])", (els) => els.map((e) => e.dataset.ply));
    assert.ok(cells.length + words.length > 0, "the human to move has something to click");
    // Words (swap, pass, end) are offered but picked less often than cells,
    // so that games go somewhere.
    const useWord = words.length > 0 && (cells.length === 0 || Math.random() < 0.1);
    if (useWord) {
      await page.locator(`.words button[data-ply="${words[Math.floor(Math.random() * words.length)]}"]`).click();
      continue;
    }
    const cell = cells[Math.floor(Math.random() * cells.length)];
    await page.locator(`svg.board .hit[data-cell="${cell}"]`).click();
    // A cell that starts moves is now selected (drawn at once, in the
    // click), with its targets shown; any other click played a ply.
    if (await page.locator(`svg.board .hit.selected[data-cell="${cell}"]`).count()) {
      const targets = await page.$$eval("svg.board .hit.target", (els) => els.map((e) => e.dataset.cell));
      assert.ok(targets.length > 0, `the selected ${cell} shows targets`);
      const to = targets[Math.floor(Math.random() * targets.length)];
      await page.locator(`svg.board .hit[data-cell="${to}"]`).click();
      if (await page.locator(".chooser button").count()) await page.locator(".chooser button").first().click();
    } else {
      await page.waitForFunction((n) => Number(document.querySelector(".play")?.dataset.plies) > n, plies);
    }
  }
  const state = await waitForTurn(page);
  assert.equal(state, "over", `${name} ends within ${maxTurns} turns`);
  // The result banner says why, naming the rule or the length cap.
  assert.match(await page.locator("[data-testid=result]").innerText(), /\([A-Z]\d\)|length cap/);
  await shot(page, `play-${name}-end`);
  return {
    plies: Number(await page.locator(".play").getAttribute("data-plies")),
    status: await page.locator("[data-testid=status]").innerText(),
  };
}

const games = [
  ["escabel", "escabel:size=5", 200],
  ["swack", "swack:size=4", 200],
  ["ecalper", "ecalper:size=3", 100],
  ["epaminondas", "epaminondas:cap=300", 400],
  ["whirlwind", "whirlwind:size=6", 200],
];

for (const [name, spec, maxTurns] of games) {
  test(`a full game of ${name} (${spec}) by clicks against the random engine`, { timeout: 600_000 }, async () => {
    const page = await openPage(ctx.browser, `#/play?spec=${encodeURIComponent(spec)}&engine=random&seat=first`);
    await page.waitForSelector("svg.board");
    await shot(page, `play-${name}-start`);
    const result = await playByClicks(page, name, maxTurns);
    assert.match(result.status, /^Game over: /);
    // The page's game is the server's game: replaying its plies gives the
    // same result.
    const plies = await page.$$eval(".play ol.plies a.ply", (els) => els.map((e) => e.innerText.trim()));
    assert.equal(plies.length, result.plies);
    const replay = await api("/api/position", { spec, plies: plies.join(" ") });
    assert.equal(replay.status, 200, JSON.stringify(replay.json));
    assert.equal(replay.json.status.finished, true);
    assert.equal(result.status, `Game over: ${replay.json.status.text}.`);
    assert.deepEqual(page.problems, []);
    console.log(`${name}: ${result.plies} plies, ${result.status}`);
    await page.close();
  });
}

test("undo, hint and a typed ply in play", { timeout: 120_000 }, async () => {
  const page = await openPage(ctx.browser, "#/play?spec=escabel:size=5&engine=random&seat=second");
  // The engine opens for the first seat; then it is the human's turn.
  assert.equal(await waitForTurn(page), "human");
  assert.equal(await page.locator(".play").getAttribute("data-plies"), "1");
  await page.locator("[data-testid=hint]").click();
  await page.waitForFunction(() => document.querySelector("[data-testid=info]")?.dataset.hint);
  const hinted = await page.locator("[data-testid=info]").getAttribute("data-hint");
  // The hint is a legal ply, marked on the board unless it is the swap,
  // and it is not played.
  assert.match(hinted, /^([a-e][1-5]|swap)$/);
  assert.equal(await page.locator(".hint-mark").count(), hinted === "swap" ? 0 : 1);
  assert.equal(await page.locator(".play").getAttribute("data-plies"), "1");
  // swap is legal for White's first turn (E8): offered as a button.
  assert.equal(await page.locator('.words button[data-ply="swap"]').count(), 1);
  const free = await page.$$eval("svg.board .hit.movable", (els) => els.map((e) => e.dataset.cell));
  await page.locator("[data-testid=typed]").fill(free[0]);
  await page.locator("[data-testid=typed]").press("Enter");
  assert.equal(await waitForTurn(page), "human");
  assert.equal(await page.locator(".play").getAttribute("data-plies"), "3");
  assert.equal(await page.locator(`svg.board .piece[data-cell="${free[0]}"]`).getAttribute("data-colour"), "white");
  await page.locator("[data-testid=undo]").click();
  assert.equal(await waitForTurn(page), "human");
  assert.equal(await page.locator(".play").getAttribute("data-plies"), "1");
  assert.equal(await page.locator(`svg.board .piece[data-cell="${free[0]}"]`).count(), 0);
  // An illegal typed ply shows the server's message and changes nothing.
  await page.locator("[data-testid=typed]").fill("zz9");
  await page.locator("[data-testid=typed]").press("Enter");
  await page.waitForSelector(".play .error");
  assert.match(await page.locator(".play .error").innerText(), /ply 2/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test("a network of the server's models folder plays from the play page", { timeout: 120_000 }, async () => {
  const { json: games } = await api("/api/games");
  assert.ok(games.models.includes("whirlwind6.safetensors"), JSON.stringify(games.models));
  const engine = "puct:model=whirlwind6.safetensors,iters=50";
  const page = await openPage(ctx.browser, `#/play?spec=whirlwind:size=6&engine=${encodeURIComponent(engine)}&seat=second`);
  // Every offered network is in the engine field's suggestions.
  await page.waitForFunction((n) => document.querySelectorAll("#engines option").length >= n, 6 + games.models.length);
  const offered = await page.$$eval("#engines option", (els) => els.map((e) => e.value));
  for (const m of games.models) assert.ok(offered.includes(`puct:model=${m},iters=800`), offered.join(" "));
  // The network opens for the first seat, then it is the human's turn.
  assert.equal(await waitForTurn(page), "human");
  assert.ok(Number(await page.locator(".play").getAttribute("data-plies")) >= 1);
  // A name outside the folder is refused with the server's message.
  const { status, json } = await api("/api/move", { spec: "whirlwind:size=6", engine: "puct:model=../Cargo.toml" });
  assert.equal(status, 400);
  assert.match(json.error, /whirlwind6\.safetensors/);
  assert.deepEqual(page.problems, []);
  await page.close();
});
