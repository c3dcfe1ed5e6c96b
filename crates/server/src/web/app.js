// The page's router: `#/PAGE/ARG/ARG?key=value` picks one of the pages;
// links keep all their state in the hash, so every view can be
// bookmarked and shared.

import * as pages from "./pages.js";
import { runsPage, runPage } from "./runs.js";
import { benchmarksPage, benchmarkPage } from "./bench.js";
import { STATIC } from "./api.js";

const routes = {
  "": pages.home,
  runs: runsPage,
  run: runPage,
  benchmarks: benchmarksPage,
  benchmark: benchmarkPage,
  game: pages.gamePage,
  play: pages.playPage,
  analyse: pages.analysePage,
};

let cleanup = null;

export function parseHash(hash) {
  const raw = hash.replace(/^#\/?/, "");
  const [path, query = ""] = raw.split("?");
  const parts = path.split("/").filter((p) => p.length > 0).map(decodeURIComponent);
  const params = Object.fromEntries(new URLSearchParams(query));
  return { page: parts[0] || "", args: parts.slice(1), params };
}

// Pages that change only their own query (the ply shown, say) use
// history.replaceState, which fires no hashchange.
function route() {
  const { page, args, params } = parseHash(location.hash);
  if (cleanup) cleanup();
  cleanup = null;
  const app = document.getElementById("app");
  app.replaceChildren();
  app.dataset.page = page || "home";
  for (const a of document.querySelectorAll("nav a")) {
    a.classList.toggle("active", a.dataset.nav === page || (page === "run" && a.dataset.nav === "runs") || (page === "game" && a.dataset.nav === "runs") || (page === "benchmark" && a.dataset.nav === "benchmarks"));
  }
  const view = routes[page];
  if (!view) {
    app.textContent = `No page "${page}".`;
    return;
  }
  cleanup = view(app, args, params) || null;
}

// The static build has no tournaments or benchmarks to show.
if (STATIC) {
  document.body.dataset.backend = "wasm";
  for (const a of document.querySelectorAll('nav a[data-nav="runs"], nav a[data-nav="benchmarks"]')) a.remove();
}

window.addEventListener("hashchange", route);
route();
