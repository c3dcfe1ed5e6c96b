// The tournaments' pages: the list of run folders, and one run (its
// standings, rating list, charts, a pairing's course with its Elo and
// LLR, pairings and games).

import * as api from "./api.js";
import { courseChart } from "./charts.js";
import { h, hashFor, pct, errorBox, fillBars, runCharts } from "./ux.js";

function progressBar(played, total) {
  const frac = total > 0 ? Math.min(1, played / total) : 0;
  return h("span", { class: "progress", title: `${played} of ${total} games` },
    h("span", { class: "bar" }, h("span", { class: "fill", style: undefined, "data-frac": frac.toFixed(3) })),
    ` ${played}/${total}`);
}


function poll(fn, ms) {
  let stopped = false;
  let timer = null;
  const tick = async () => {
    if (stopped) return;
    await fn();
    if (!stopped) timer = setTimeout(tick, ms);
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

export function runsPage(app) {
  app.append(h("h1", {}, "Tournaments"));
  const body = h("div", { class: "runs" });
  app.append(body, h("p", { class: "note" }, "Updated every 2 s while this page is open."));
  return poll(async () => {
    try {
      const data = await api.runs();
      const rows = data.runs.map((r) => h("tr", { "data-run": r.name },
        h("td", {}, h("a", { href: hashFor("run", [r.name]) }, r.name)),
        r.error
          ? h("td", { colspan: 4, class: "error" }, r.error)
          : [h("td", {}, r.spec), h("td", {}, r.players.join(", ")), h("td", {}, r.format), h("td", {}, progressBar(r.games_played, r.games_total))]));
      const table = h("table", { class: "table runs-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "run"), h("th", {}, "game"), h("th", {}, "players"), h("th", {}, "format"), h("th", {}, "progress"))),
        h("tbody", {}, rows));
      body.replaceChildren(data.runs.length ? h("div", { class: "table-wrap" }, table) : h("p", {}, "No tournament folders here yet: run arena tournament --out RUNS/NAME."));
      if (data.skipped.length) body.append(h("p", { class: "note" }, `Not served (names must be letters, digits, '.', '_', '-'): ${data.skipped.join(", ")}`));
      fillBars(body);
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  }, 2000);
}

export function runPage(app, [name]) {
  app.append(h("h1", {}, "Tournament ", h("span", { class: "mono" }, name)));
  const body = h("div", { class: "run" });
  const course = coursePanel(name);
  app.append(body, course.element);
  // The server pushes updates (server-sent events): first the whole page,
  // then only the games after the last offset, whenever the journal
  // grows; the latest games are kept here.
  let config = null;
  let latest = [];
  // The games table's filters, kept across updates.
  const filter = { player: "", result: "", reason: "" };
  let last = null;
  const source = api.runEvents(name);
  source.addEventListener("update", (ev) => render(JSON.parse(ev.data)));
  source.addEventListener("problem", (ev) => body.replaceChildren(errorBox(JSON.parse(ev.data).error)));
  source.onerror = async () => {
    // A refused stream (no such run, over the caps) is not retried by
    // the browser: ask once more to show why.
    if (source.readyState !== EventSource.CLOSED) return;
    try {
      await api.run(name);
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  };
  return () => source.close();

  function render(r) {
    try {
      if (!r.changed) return;
      // An update with `reset` lists the latest games afresh (the first
      // one, or after the journal was replaced). A filter's change
      // renders the last update again (`r === last`).
      if (r !== last) {
        if (r.reset) latest = [];
        if (r.config) config = r.config;
        latest = latest.concat(r.games).slice(-500);
      }
      const c = config;
      // A clean sweep's Elo is infinite: the records hold it as ±1000.
      const e = (x) => x === null ? "–" : x >= 1000 ? "+∞" : x <= -1000 ? "−∞" : x.toFixed(0);
      const elo = (p) => `${e(p.elo)} [${e(p.elo_low)}, ${e(p.elo_high)}]`;
      const nelo = (p) => `${e(p.nelo)} [${e(p.nelo_low)}, ${e(p.nelo_high)}]`;
      // Pairs by A's points 0, ½, 1, 1½, 2, as Ptnml(0-2) in the table.
      const ptnml = (p) => {
        const q = p.pentanomial;
        return q ? `[${[q.ll, q.ld, q.wl + q.dd, q.wd, q.ww].join(", ")}]` : "–";
      };
      const standings = h("table", { class: "table standings" },
        h("thead", {}, h("tr", {}, ["#", "player", "points", "games", "W", "D", "L"].map((t) => h("th", {}, t)))),
        h("tbody", {}, r.standings.map((s, i) => h("tr", { "data-player": s.name },
          h("td", {}, i + 1), h("td", {}, s.name), h("td", {}, s.points), h("td", {}, s.games), h("td", {}, s.wins), h("td", {}, s.draws), h("td", {}, s.losses)))));
      const pairings = h("table", { class: "table pairings" },
        h("thead", {}, h("tr", {}, ["A", "B", "games", "A wins", "draws", "B wins", "score A", "Elo A−B [95%]", "nElo [95%]", "Ptnml(0-2)", "LOS"].map((t) => h("th", {}, t)))),
        h("tbody", {}, r.pairings.map((p) => h("tr", {},
          h("td", {}, p.a), h("td", {}, p.b), h("td", {}, p.games), h("td", {}, p.a_wins), h("td", {}, p.draws), h("td", {}, p.b_wins),
          h("td", {}, pct(p.score)), h("td", {}, elo(p)), h("td", { title: p.model || "" }, nelo(p)),
          h("td", {}, ptnml(p)), h("td", {}, pct(p.los))))));
      // The games in schedule order (the tournament's own numbering), not
      // in the order they finished.
      const players = c.players.map((p) => p.name);
      const ordered = [...latest].sort((a, b) => a.index - b.index);
      const reasons = [...new Set(ordered.map((g) => g.reason))].sort();
      const shown = ordered.filter((g) => (!filter.player || g.players.includes(filter.player))
        && (!filter.result || g.result === filter.result)
        && (!filter.reason || g.reason === filter.reason));
      const select = (key, label, options) => h("label", {}, `${label} `, h("select", {
        "data-filter": key,
        onchange: (ev) => { filter[key] = ev.target.value; render(last); },
      }, h("option", { value: "" }, "all"), options.map(([v, t]) => h("option", { value: v, selected: filter[key] === v }, t))));
      const filters = h("div", { class: "filters", "data-testid": "filters" },
        select("player", "player", players.map((p) => [p, p])),
        select("result", "result", [["first", "first seat wins"], ["second", "second seat wins"], ["draw", "draw"]]),
        select("reason", "reason", reasons.map((r) => [r, r])),
        h("span", { class: "note" }, ` ${shown.length} of ${ordered.length} games`));
      const resultWord = (g) => g.result === "draw" ? "draw" : `${g.result} seat wins`;
      const games = h("table", { class: "table games" },
        h("thead", {}, h("tr", {}, ["game", "first seat", "second seat", "result", "winner", "reason", "plies"].map((t) => h("th", {}, t)))),
        h("tbody", {}, shown.map((g) => h("tr", { "data-index": g.index, "data-result": g.result },
          h("td", {}, h("a", { href: hashFor("game", [name, String(g.index)]) }, `#${g.index}`)),
          h("td", {}, g.players[0]), h("td", {}, g.players[1]), h("td", {}, resultWord(g)), h("td", {}, g.winner_colour || "–"), h("td", {}, g.reason), h("td", {}, g.plies)))));
      // The rating list: fitted over every game of three or more players;
      // with two, the pairing's Elo split around a mean of 0.
      let ratingRows = [];
      let ratingNote = "";
      if (r.ratings && r.ratings.players) {
        ratingRows = r.ratings.players.map((p) => [p.name, p.elo, p.elo_low, p.elo_high, p.games, p.points]);
        ratingNote = `Fitted over ${r.ratings.games} games (Bradley–Terry with the first move's advantage, ${e(r.ratings.first_move_elo)} Elo); ${r.ratings.anchor ? `anchored at ${r.ratings.anchor} = ${e(r.ratings.anchor_elo)}` : "mean 0"}.`;
      } else if (r.pairings.length === 1) {
        const p = r.pairings[0];
        // A sweep's infinite Elo (held as ±1000) stays infinite.
        const half = (x) => (x === null ? null : Math.abs(x) >= 1000 ? x : x / 2);
        const st = (n) => r.standings.find((s) => s.name === n) || { games: 0, points: 0 };
        ratingRows = [
          [p.a, half(p.elo), half(p.elo_low), half(p.elo_high), st(p.a).games, st(p.a).points],
          [p.b, half(p.elo) === null ? null : -half(p.elo), half(p.elo_high) === null ? null : -half(p.elo_high), half(p.elo_low) === null ? null : -half(p.elo_low), st(p.b).games, st(p.b).points],
        ].sort((x, y) => (y[1] ?? 0) - (x[1] ?? 0));
        ratingNote = "Two players: the pairing's Elo difference, split around a mean of 0.";
      }
      const ratings = ratingRows.length
        ? h("table", { class: "table ratings", "data-testid": "ratings" },
          h("thead", {}, h("tr", {}, ["#", "player", "Elo", "95% interval", "games", "points"].map((t) => h("th", {}, t)))),
          h("tbody", {}, ratingRows.map((row, i) => h("tr", { "data-player": row[0] },
            h("td", {}, i + 1), h("td", {}, row[0]), h("td", {}, e(row[1])), h("td", {}, `[${e(row[2])}, ${e(row[3])}]`), h("td", {}, row[4]), h("td", {}, row[5])))))
        : h("p", { class: "note" }, "No rating list yet.");
      const wrap = (t) => h("div", { class: "table-wrap" }, t);
      last = r;
      course.pairings(r.pairings);
      body.replaceChildren(
        h("p", {}, h("span", { class: "mono" }, c.spec), ` · ${c.format} · ${c.games} games per pairing · seed ${c.seed}`, c.shard ? ` · shard ${c.shard}` : "", " · ", progressBar(r.games_played, r.games_total), r.writing ? h("span", { class: "live" }, " writing…") : ""),
        h("h2", {}, "Standings"), wrap(standings),
        h("h2", {}, "Rating list"), wrap(ratings), h("p", { class: "note" }, ratingNote),
        h("h2", {}, "Score and Elo over the games"), runCharts(latest, players),
        h("h2", {}, "Pairings"), wrap(pairings),
        h("p", { class: "note legend-text" }, "Score: A's points per game. Elo A−B: the rating difference that score implies, with its 95% interval. nElo: Elo normalised by the spread of the game pairs' results (comparable across games). Ptnml(0-2): how many colour-swapped pairs A scored 0, ½, 1, 1½, 2 points in. LOS: the likelihood that A is truly stronger."),
        h("h2", {}, "Games"), r.games_played > latest.length ? h("p", { class: "note" }, `The latest ${latest.length} games.`) : "", filters, wrap(games));
      fillBars(body);
    } catch (e) {
      body.replaceChildren(errorBox(e.message));
    }
  }
}

// A pairing over its games (`GET /api/runs/NAME/course`): pick the
// pairing and, for an SPRT's log-likelihood ratio, its two hypotheses.
// Drawn on demand and again when the pairing's games grow.
function coursePanel(name) {
  const pick = h("select", { "data-testid": "course-pairing", "aria-label": "pairing" });
  const elo0 = h("input", { type: "number", step: "any", size: 5, "aria-label": "SPRT elo0", placeholder: "elo0", "data-testid": "course-elo0" });
  const elo1 = h("input", { type: "number", step: "any", size: 5, "aria-label": "SPRT elo1", placeholder: "elo1", "data-testid": "course-elo1" });
  const out = h("div", { class: "course-out", "data-testid": "course" });
  let shownGames = -1;
  let known = [];
  const draw = async () => {
    const pair = known[Number(pick.value)];
    if (!pair) return;
    const [a, b] = pair;
    const q = new URLSearchParams({ a, b });
    if (elo0.value !== "" && elo1.value !== "") {
      q.set("elo0", elo0.value);
      q.set("elo1", elo1.value);
    }
    try {
      const c = await api.getJSON(`/api/runs/${encodeURIComponent(name)}/course?${q}`);
      shownGames = c.games;
      out.replaceChildren(
        h("p", { class: "note" }, `${c.games} games: ${a} +${c.wins} =${c.draws} −${c.losses}`,
          c.llr && c.llr.length ? ` · LLR ${c.llr[c.llr.length - 1][1].toFixed(2)} against [${c.bounds.map((x) => x.toFixed(2)).join(", ")}]` : ""),
        courseChart(c));
    } catch (e) {
      out.replaceChildren(errorBox(e.message));
    }
  };
  pick.addEventListener("change", draw);
  const form = h("form", { class: "course-form", onsubmit: (ev) => { ev.preventDefault(); draw(); } },
    h("label", {}, "pairing ", pick), " ",
    h("label", {}, "SPRT ", elo0, " ", elo1), " ",
    h("button", { type: "submit" }, "draw"));
  const element = h("section", { class: "course-section" },
    h("h2", {}, "A pairing over its games"),
    h("p", { class: "note" }, "Elo of A over B after each game with its 95% interval; with an SPRT's elo0 and elo1, its log-likelihood ratio game by game (from win/draw/loss counts)."),
    form, out);
  return {
    element,
    pairings(list) {
      const pairs = list.map((p) => [p.a, p.b]);
      if (JSON.stringify(pairs) !== JSON.stringify(known)) {
        const was = JSON.stringify(known[Number(pick.value)] || null);
        pick.replaceChildren(...pairs.map((p, i) => h("option", { value: String(i), selected: JSON.stringify(p) === was }, `${p[0]} – ${p[1]}`)));
        known = pairs;
      }
      const now = list[Number(pick.value)];
      if (now && now.games !== shownGames) draw();
    },
  };
}
