import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";

import { apiGet, keyForNewAccount, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { LOOPBACK_FEEDS_ALLOW, writeArchive, writeLoopbackFeeds } from "./support/news-data";

// The dashboard's list pages hold one page of rows whatever the database's size (issue #16): the server pages,
// sorts and searches, the browser gets one page. The data: the first 2,000 records of the labelled archive (about
// 1,100 sources, every one ranked; stories of 90 articles; entities named in 90) and three registered feeds. The
// server runs without feed polling (LEDE_POLL_FEEDS is unset), as e2e/support/lede-server.ts starts it.
// bench/dashboard-budgets.ts times the same pages on the 52k-article database.
const SOURCES_PAGE = 50;

let lede: LedeServer;
let tmp: string;
let key: string;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-lists-"));
  const file = path.join(tmp, "archive.jsonl");
  expect(writeArchive(file, 2_000)).toBe(2_000);
  const opml = path.join(tmp, "feeds.opml");
  writeLoopbackFeeds(opml);
  lede = await startLede({ LEDE_FETCH_ALLOW_PRIVATE: LOOPBACK_FEEDS_ALLOW }, ({ cli }) => {
    for (const args of [
      ["import", file],
      ["sources", "import", opml],
    ]) {
      const r = cli(args);
      expect(r.status, r.stderr).toBe(0);
    }
  });
  expect(lede.env.LEDE_POLL_FEEDS).toBeUndefined();
  key = await keyForNewAccount(browser, lede.baseUrl, "lists-key");
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const api = <T>(pathAndQuery: string) => apiGet<T>(lede.baseUrl, key, pathAndQuery);

/** The numbers of one column of the sources table, found by its header. */
async function column(page: Page, header: string): Promise<number[]> {
  const headers = await page.getByTestId("rankings-table").locator("thead th").allTextContents();
  const i = headers.findIndex((h) => h.startsWith(header));
  expect(i, header).toBeGreaterThanOrEqual(0);
  const rows = page.getByTestId("ranking-row");
  return (await rows.locator(`td:nth-child(${i + 1})`).allTextContents()).map((t) =>
    Number(t.replace(/,/g, "")),
  );
}

const header = (page: Page, name: string) =>
  page.getByTestId("rankings-table").getByRole("columnheader", { name });

const nonIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || (xs[i - 1] as number) >= x);

async function next(page: Page, rows: Locator) {
  const first = await rows.first().textContent();
  await page.getByRole("navigation", { name: "Pages" }).first().getByRole("link", { name: "Next" }).click();
  await expect(rows.first()).not.toHaveText(first ?? "");
}

test("/sources pages, sorts and searches on the server, one page of rows at a time", async ({ page }) => {
  test.setTimeout(90_000);
  const sources = await api<Array<{ name: string; slug: string; article_count: number }>>("/v1/sources");
  const { rankings } = await api<{ rankings: Array<{ speed_score: number }> }>("/v1/source-rankings");
  expect(sources.length).toBeGreaterThan(3 * SOURCES_PAGE);
  await signUp(page, lede.baseUrl, uniqueEmail("lists-sources"));
  await page.goto(`${lede.baseUrl}/sources`);
  const rows = page.getByTestId("ranking-row");
  await expect(rows).toHaveCount(SOURCES_PAGE);
  await expect(page.getByText(`1–${SOURCES_PAGE} of ${sources.length.toLocaleString("en")}`)).toBeVisible();

  // Speed, best first, over three pages: one descending run, and its first page is the top of every ranking.
  await header(page, "Speed").getByRole("link").click();
  await expect(page).toHaveURL(/sort=speed_score&order=desc/);
  await expect(header(page, "Speed")).toHaveAttribute("aria-sort", "descending");
  const speeds: number[] = [...(await column(page, "Speed"))];
  const best = rankings.map((r) => Number(r.speed_score.toFixed(2))).sort((a, b) => b - a);
  expect(speeds).toEqual(best.slice(0, SOURCES_PAGE));
  for (let i = 0; i < 2; i++) {
    await next(page, rows);
    await expect(rows).toHaveCount(SOURCES_PAGE);
    speeds.push(...(await column(page, "Speed")));
  }
  expect(speeds).toHaveLength(3 * SOURCES_PAGE);
  expect(nonIncreasing(speeds)).toBe(true);
  expect(speeds).toEqual(best.slice(0, 3 * SOURCES_PAGE));

  // Selected again: ascending, from the first page.
  await header(page, "Speed").getByRole("link").click();
  await expect(header(page, "Speed")).toHaveAttribute("aria-sort", "ascending");
  await expect(page).not.toHaveURL(/offset=/);
  expect(await column(page, "Speed")).toEqual([...best].reverse().slice(0, SOURCES_PAGE));

  // Articles, most first: the first row is the source with the most articles of all.
  await header(page, "Articles").getByRole("link").click();
  await expect(header(page, "Articles")).toHaveAttribute("aria-sort", "descending");
  const counts = sources.map((s) => s.article_count).sort((a, b) => b - a);
  expect(await column(page, "Articles")).toEqual(counts.slice(0, SOURCES_PAGE));

  // A search narrows to the sources whose name or slug has the text, and keeps the sort.
  const term = "news";
  const matching = sources.filter((s) => `${s.name} ${s.slug}`.toLowerCase().includes(term));
  expect(matching.length).toBeGreaterThan(SOURCES_PAGE);
  expect(matching.length).toBeLessThan(sources.length);
  await page.getByLabel("Search sources").fill(term);
  await page.getByLabel("Search sources").press("Enter");
  await expect(page).toHaveURL(/q=news/);
  await expect(page.getByTestId("sources-status")).toContainText(
    `${matching.length.toLocaleString("en")} sources match “news”`,
  );
  await expect(rows).toHaveCount(SOURCES_PAGE);
  const names = new Set(matching.map((s) => s.name));
  for (const name of await rows.locator("td:first-child > div:first-child").allTextContents())
    expect(names.has(name), name).toBe(true);
  expect(await column(page, "Articles")).toEqual(
    matching
      .map((s) => s.article_count)
      .sort((a, b) => b - a)
      .slice(0, SOURCES_PAGE),
  );
  await page.getByLabel("Search sources").fill("no source is called this");
  await page.getByLabel("Search sources").press("Enter");
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("No source has “no source is called this” in its name")).toBeVisible();
});

test("the feed health card says polling is off when the server does not poll", async ({ page }) => {
  await signUp(page, lede.baseUrl, uniqueEmail("lists-health"));
  await page.goto(`${lede.baseUrl}/sources`);
  const card = page.getByTestId("health-card");
  await expect(card).toContainText("Feed polling is off");
  await expect(card.locator("tbody tr")).toHaveCount(3);
  const stats = page.locator("dl").filter({ hasText: "Ranked" });
  await expect(stats).toContainText("Feed polling");
  await expect(stats).toContainText("Off");
  await expect(stats).not.toContainText("every feed answers");
});

test("every list page shows at most one page of rows on a database bigger than a page", async ({ page }) => {
  const db = new Database(path.join(lede.dataDir, "lede.db"), { readonly: true });
  const get = (sql: string) => db.prepare(sql).get() as { id: number; n: number };
  const story = get(
    `SELECT story_id AS id, COUNT(*) AS n FROM articles WHERE story_id IS NOT NULL AND duplicate_of IS NULL
     GROUP BY story_id ORDER BY n DESC LIMIT 1`,
  );
  const entity = get("SELECT id, article_count AS n FROM entities ORDER BY article_count DESC LIMIT 1");
  const entities = get("SELECT 0 AS id, COUNT(*) AS n FROM entities");
  db.close();
  const word = "amazon";
  const search = await api<{ total: number }>(`/v1/search/full?q=${word}&limit=1`);
  const sources = await api<unknown[]>("/v1/sources");
  await signUp(page, lede.baseUrl, uniqueEmail("lists-pages"));
  for (const [p, rows, size, total] of [
    ["/entities", '[data-testid="entity-results"] > li', 30, entities.n],
    [`/entities/${entity.id}`, '[data-testid="entity-articles"] > li', 20, entity.n],
    [`/stories/${story.id}`, '[data-testid="member-article"]', 50, story.n],
    [`/search?q=${word}`, '[data-testid="search-results"] > li', 20, search.total],
    ["/sources", '[data-testid="ranking-row"]', SOURCES_PAGE, sources.length],
  ] as const) {
    expect(total, `${p} has more than a page to show`).toBeGreaterThan(size);
    await page.goto(`${lede.baseUrl}${p}`);
    await expect(page.locator(rows).first(), p).toBeVisible();
    // At most a page: results grouped (syndicated copies, one story's articles) may fill it with fewer rows.
    expect(await page.locator(rows).count(), p).toBeLessThanOrEqual(size);
  }
});
