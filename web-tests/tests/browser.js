// Shared setup of the browser tests: Debian's Chromium driven by
// playwright-core, against the server whose address is in ARENA_URL.

import { mkdtempSync, mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";

export const BASE = process.env.ARENA_URL || "http://127.0.0.1:8080";
export const SHOTS = process.env.SCREENSHOTS || path.join(import.meta.dirname, "..", "screenshots");
mkdirSync(SHOTS, { recursive: true });

export async function launch() {
  const profile = mkdtempSync(path.join(tmpdir(), "abstracta-chromium-"));
  // A fresh profile each run (playwright passes it as --user-data-dir).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1200, height: 900 },
  });
  const close = async () => {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { browser, close };
}

// A page that fails the test on any script error or failed request.
export async function openPage(browser, hash) {
  const page = await browser.newPage();
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (400|404|503)/.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  page.problems = problems;
  await page.goto(`${BASE}/${hash}`);
  return page;
}

export async function api(pathname, body) {
  const response = await fetch(`${BASE}${pathname}`, body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

export async function shot(page, name, selector = "svg.board") {
  const target = selector ? page.locator(selector).first() : page;
  await target.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}
