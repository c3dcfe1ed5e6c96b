// What the pages say around the board (issue 50): players, swaps, refused
// clicks with their rule, hints with ply and win rate, the result with the
// winning cells, plies by turn, a run's games in schedule order with
// filters, the rating list and charts, the home page's boards; and
// screenshots of every page at desktop and phone sizes.

import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { launch, openPage, shot, api, SHOTS } from "./browser.js";

const RUN = process.env.ARENA_RUN || "escabel5";
const RUN3 = process.env.ARENA_RUN3 || "rr3";

let ctx;
before(async () => { ctx = await launch(); });
after(async () => { await ctx.close(); });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 900 };

async function waitForTurn(page) {
  await page.waitForFunction(() => {
    const t = document.querySelector(".play")?.dataset.turn;
    return t === "human" || t === "over" || t === "error";
  }, null, { timeout: 60_000 });
  return page.locator(".play").getAttribute("data-turn");
}

// Nothing wider than the screen but what scrolls inside its own box.
async function fitsWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

test("the home page shows a small board and a description of each game", async () => {
  const page = await openPage(ctx.browser, "#/");
  await page.waitForFunction(() => document.querySelectorAll(".game-card svg.board").length === 5);
  const games = await page.$$eval(".game-card", (els) => els.map((e) => e.dataset.game));
  assert.deepEqual(games, ["escabel", "swack", "ecalper", "epaminondas", "whirlwind"]);
  for (const game of games) {
    const text = await page.locator(`.game-card[data-game=${game}]`).innerText();
    assert.ok(text.length > 80, `${game} has a description`);
    assert.ok(await page.locator(`.game-card[data-game=${game}] [data-testid=play-${game}]`).count());
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test("a swap says what it did and the panels change colours (E8)", async () => {
  // The engine opens for the first seat; the user (second seat) swaps.
  const page = await openPage(ctx.browser, "#/play?spec=escabel:size=5&engine=random&seat=second");
  assert.equal(await waitForTurn(page), "human");
  assert.equal(await page.locator(".player[data-seat=second]").getAttribute("data-colour"), "white");
  await page.locator('.words button[data-ply="swap"]').click();
  await page.waitForSelector("[data-testid=swap-note]");
  const note = await page.locator("[data-testid=swap-note]").innerText();
  assert.match(note, /E8/);
  assert.match(note, /You now play Black: connect the top and bottom edges/);
  assert.equal(await page.locator(".player[data-seat=second]").getAttribute("data-colour"), "black");
  assert.equal(await page.locator(".player[data-seat=first]").getAttribute("data-colour"), "white");
  await shot(page, "ux-swap-play", "main");
  // Seen from outside (analysis), the first player's new side is named.
  const other = await openPage(ctx.browser, "#/analyse?spec=escabel:size=5&plies=c3%20swap");
  await other.waitForSelector("[data-testid=swap-note]");
  assert.match(await other.locator("[data-testid=swap-note]").innerText(), /first player now plays White and must connect the left and right edges/);
  // Both edges of each side are drawn.
  assert.equal(await other.locator("svg.board .edge-black").count(), 2);
  assert.equal(await other.locator("svg.board .edge-white").count(), 2);
  assert.deepEqual(page.problems, []);
  assert.deepEqual(other.problems, []);
  await other.close();
  await page.close();
});

test("players, whose turn and clocks; a hint shows its ply and win rate", { timeout: 120_000 }, async () => {
  const page = await openPage(ctx.browser, "#/play?spec=escabel:size=5&engine=mcts:iters=300&seat=second");
  assert.equal(await waitForTurn(page), "human");
  assert.equal(await page.locator(".player").count(), 2);
  assert.equal(await page.locator(".player.to-move").getAttribute("data-seat"), "second");
  assert.match(await page.locator(".player[data-seat=second] strong").innerText(), /^You$/);
  assert.match(await page.locator(".player[data-seat=second] .goal").innerText(), /left and right edges.*E6/);
  assert.match(await page.locator("[data-testid=clock-second]").innerText(), /^(\d+\.\ds|\d+:\d\d)$/);
  await page.locator("[data-testid=hint]").click();
  await page.waitForSelector("[data-testid=hint-rate]", { timeout: 60_000 });
  assert.match(await page.locator("[data-testid=hint-box]").innerText(), /Hint for ply 2: \S+ — the engine gives you a win rate of \d+\.\d%/);
  const hinted = await page.locator("[data-testid=hint-ply]").innerText();
  if (hinted !== "swap") assert.match(await page.locator("[data-testid=hint-label]").textContent(), /\d+\.\d%/);
  assert.equal(await page.locator(".play").getAttribute("data-plies"), "1");
  await shot(page, "ux-hint", "main");
  assert.deepEqual(page.problems, []);
  await page.close();
});

test("refused clicks say why, naming the rule", { timeout: 120_000 }, async () => {
  // Escabel: the engine's stack is not the user's to move (E5).
  const page = await openPage(ctx.browser, "#/play?spec=escabel:size=5&engine=random&seat=second");
  assert.equal(await waitForTurn(page), "human");
  const theirs = await page.$$eval("svg.board .piece", (els) => els.map((e) => e.dataset.cell));
  await page.locator(`svg.board .hit[data-cell="${theirs[0]}"]`).click();
  await page.waitForFunction(() => document.querySelector("[data-testid=refusal]")?.textContent);
  assert.match(await page.locator("[data-testid=refusal]").innerText(), /\(E5\)/);
  await page.close();
  // Ecalper: a placement before the owed replacement (C2).
  const ec = await openPage(ctx.browser, "#/play?spec=ecalper:size=3&engine=random&seat=second");
  assert.equal(await waitForTurn(ec), "human");
  const taken = new Set(await ec.$$eval("svg.board .piece", (els) => els.map((e) => e.dataset.cell)));
  const free = (await ec.$$eval("svg.board .hit", (els) => els.map((e) => e.dataset.cell))).filter((c) => !taken.has(c));
  await ec.locator(`svg.board .hit[data-cell="${free[0]}"]`).click();
  await ec.waitForFunction(() => document.querySelector("[data-testid=refusal]")?.textContent);
  assert.match(await ec.locator("[data-testid=refusal]").innerText(), /replace.*\(C1, C2\)/);
  assert.deepEqual(ec.problems, []);
  await ec.close();
  // Whirlwind's first turn: points the diagonal rule forbids (W3).
  const ww = await openPage(ctx.browser, "#/play?spec=whirlwind:size=6&engine=random&seat=first");
  assert.equal(await waitForTurn(ww), "human");
  const refused = await ww.$$eval("svg.board .hit:not(.movable)", (els) => els.map((e) => e.dataset.cell));
  const stones = new Set(await ww.$$eval("svg.board .piece", (els) => els.map((e) => e.dataset.cell)));
  const empty = refused.filter((c) => !stones.has(c));
  assert.ok(empty.length > 0, "some empty point is refused on the first turn");
  await ww.locator(`svg.board .hit[data-cell="${empty[0]}"]`).click();
  await ww.waitForFunction(() => document.querySelector("[data-testid=refusal]")?.textContent);
  const why = await ww.locator("[data-testid=refusal]").innerText();
  assert.match(why, /W3/);
  assert.match(why, new RegExp(empty[0]));
  await shot(ww, "ux-refusal-whirlwind", "main");
  // A set-up stone: the point is taken (W2).
  await ww.locator(`svg.board .hit[data-cell="${[...stones][0]}"]`).click();
  await ww.waitForFunction(() => /W2/.test(document.querySelector("[data-testid=refusal]")?.textContent || ""));
  assert.equal(await ww.locator(".play").getAttribute("data-plies"), "0");
  assert.deepEqual(ww.problems, []);
  await ww.close();
});

test("a finished game shows a result banner with the rule and the winning cells", async () => {
  // Black's chain b1-b2-b3 wins at the start of its turn (E6).
  const page = await openPage(ctx.browser, "#/analyse?spec=escabel:size=3,pie=off&plies=b1%20a1%20b2%20a2%20b3%20c1");
  await page.waitForSelector("[data-testid=result]");
  assert.match(await page.locator("[data-testid=result]").innerText(), /Black \(first player\) wins — .*\(E6\)/);
  const ringed = await page.$$eval("svg.board .win-mark", (els) => els.map((e) => e.dataset.cell).sort());
  assert.deepEqual(ringed, ["b1", "b2", "b3"]);
  assert.equal(await page.locator(".player.won").getAttribute("data-seat"), "first");
  await shot(page, "ux-result-escabel", "main");
  assert.deepEqual(page.problems, []);
  await page.close();
});

test("plies are numbered by turn", async () => {
  const page = await openPage(ctx.browser, "#/analyse?spec=ecalper:size=3&plies=a1%20b1%20c1%20swap%20xb1");
  await page.waitForSelector("ol.turns li.turn");
  const turns = await page.$$eval("ol.turns li.turn", (els) => els.map((e) => [e.dataset.turn, e.querySelectorAll("a.ply").length]));
  assert.deepEqual(turns, [["1", 3], ["2", 1], ["3", 1]]);
  assert.match(await page.locator("ol.turns li.turn").first().innerText(), /^1\.\s*a1\s*b1\s*c1$/);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test("a run lists its games in schedule order with filters, its rating list and charts", async () => {
  for (const run of [RUN, RUN3]) {
    const data = (await api(`/api/runs/${run}`)).json;
    const page = await openPage(ctx.browser, `#/run/${run}`);
    await page.waitForSelector("table.games tbody tr");
    const order = await page.$$eval("table.games tbody tr", (rows) => rows.map((r) => Number(r.dataset.index)));
    assert.deepEqual(order, [...order].sort((a, b) => a - b), `${run}: schedule order`);
    assert.equal(order.length, data.games.length);
    const players = data.config.players.map((p) => p.name);
    assert.equal(await page.locator("[data-testid=ratings] tbody tr").count(), players.length, `${run}: rating list`);
    assert.equal(await page.locator("svg.score-chart polyline").count(), players.length, `${run}: score lines`);
    assert.equal(await page.locator("svg.elo-chart polyline").count(), players.length, `${run}: Elo lines`);
    // Filter by result: only those games remain.
    const results = data.games.map((g) => g.result);
    const pick = results[0];
    await page.locator("select[data-filter=result]").selectOption(pick);
    const shown = await page.$$eval("table.games tbody tr", (rows) => rows.map((r) => r.dataset.result));
    assert.equal(shown.length, results.filter((r) => r === pick).length);
    assert.ok(shown.every((r) => r === pick));
    await page.locator("select[data-filter=result]").selectOption("");
    await page.locator("select[data-filter=player]").selectOption(players[0]);
    const withPlayer = data.games.filter((g) => g.players.includes(players[0])).length;
    assert.equal(await page.locator("table.games tbody tr").count(), withPlayer);
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

// Every page and every game's play page, at desktop and phone sizes.
test("screenshots of every page at desktop and phone sizes", { timeout: 300_000 }, async () => {
  const game = (await api(`/api/runs/${RUN}`)).json.games[0].index;
  const pages = [
    ["home", "#/", ".game-card svg.board"],
    ["runs", "#/runs", `tr[data-run="${RUN}"]`],
    ["run", `#/run/${RUN}`, "svg.score-chart"],
    ["run3", `#/run/${RUN3}`, "[data-testid=ratings]"],
    ["game", `#/game/${RUN}/${game}`, "[data-testid=result]"],
    ["analyse", "#/analyse?spec=escabel:size=5&plies=c3%20swap%20b2", "[data-testid=swap-note]"],
    ["play-escabel", "#/play?spec=escabel:size=7&engine=random", ".play[data-turn=human]"],
    ["play-swack", "#/play?spec=swack:size=6&engine=random", ".play[data-turn=human]"],
    ["play-ecalper", "#/play?spec=ecalper:size=5&engine=random", ".play[data-turn=human]"],
    ["play-epaminondas", "#/play?spec=epaminondas&engine=random", ".play[data-turn=human]"],
    ["play-whirlwind", "#/play?spec=whirlwind:size=12&engine=random", ".play[data-turn=human]"],
  ];
  for (const [size, viewport] of [["desktop", DESKTOP], ["phone", PHONE]]) {
    for (const [name, hash, selector] of pages) {
      const page = await openPage(ctx.browser, hash);
      await page.setViewportSize(viewport);
      await page.waitForSelector(selector, { timeout: 60_000 });
      await page.waitForTimeout(200);
      if (size === "phone") assert.ok(await fitsWidth(page), `${name} fits a phone's width`);
      if (name.startsWith("play") || name === "game" || name === "analyse") {
        assert.equal(await page.locator(".player").count(), 2, `${name}: two player panels`);
        const box = await page.locator("svg.board").first().boundingBox();
        assert.ok(box.width <= viewport.width, `${name}: the board fits`);
      }
      await page.screenshot({ path: path.join(SHOTS, `${size}-${name}.png`), fullPage: true });
      assert.deepEqual(page.problems, [], `${name} at ${size}`);
      await page.close();
    }
  }
});
