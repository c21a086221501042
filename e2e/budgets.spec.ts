import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { writeRecentNewswire } from "./support/news-data";
import { measurePageLoad, median } from "./support/page-budgets";

// Issue #7's budgets for the stories page in production mode (`lede start` serves the production build): interactive
// within 2.5 s, first-load JavaScript under 300 KB gzipped. `npx tsx bench/dashboard-budgets.ts` takes the same
// measurement (also on 50k articles) and records it in docs/benchmarks.md.
const INTERACTIVE_BUDGET_MS = 2_500;
const JS_BUDGET_BYTES = 300 * 1024;
const RUNS = 5;

let lede: LedeServer;
let tmp: string;
test.beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-budgets-"));
  const file = path.join(tmp, "newswire.jsonl");
  writeRecentNewswire(file, { days: 2, seed: "budgets" });
  lede = await startLede({}, ({ cli }) => {
    const r = cli(["import", file]);
    expect(r.status, r.stderr).toBe(0);
  });
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test("the stories page is interactive within 2.5 s and loads under 300 KB of gzipped JavaScript", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, lede.baseUrl, uniqueEmail("budgets"));
  const storageState = await page.context().storageState();
  const url = `${lede.baseUrl}/stories`;
  const opts = { storageState, mark: "lede:feed-interactive", readySelector: '[data-hydrated="true"]' };
  // The first render after start loads the page's server modules: a real visitor meets it once per deployment.
  await measurePageLoad(browser, url, opts);
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measurePageLoad(browser, url, opts));
  const interactive = median(runs.map((r) => r.interactiveMs));
  const js = Math.max(...runs.map((r) => r.jsGzipBytes));
  const figures = {
    interactive_ms_median: interactive,
    interactive_ms_runs: runs.map((r) => r.interactiveMs),
    dom_interactive_ms_median: median(runs.map((r) => r.domInteractiveMs)),
    js_gzip_kb: Math.round(js / 102.4) / 10,
    js_files: runs[0]?.jsFiles,
  };
  console.log(`stories page budgets: ${JSON.stringify(figures)}`);
  await testInfo.attach("budgets.json", {
    body: JSON.stringify(figures, null, 2),
    contentType: "application/json",
  });
  expect(runs.every((r) => r.jsFiles > 0)).toBe(true);
  expect(interactive, JSON.stringify(figures)).toBeLessThan(INTERACTIVE_BUDGET_MS);
  expect(js, JSON.stringify(figures)).toBeLessThan(JS_BUDGET_BYTES);
});
