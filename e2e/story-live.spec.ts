import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { apiGet, keyForNewAccount, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { writeFreshStory } from "./support/news-data";

// The story page follows the live stream as the feed does (issue #16): a story open in the browser gains the
// articles imported beside the running server, and the development they bring, without a reload.
let lede: LedeServer;
let tmp: string;
let key: string;
test.beforeAll(async ({ browser }) => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-story-live-"));
  const first = path.join(tmp, "first.jsonl");
  writeFreshStory(first, "live", Date.now() - 10 * 60_000);
  lede = await startLede({}, ({ cli }) => {
    const r = cli(["import", first]);
    expect(r.status, r.stderr).toBe(0);
  });
  key = await keyForNewAccount(browser, lede.baseUrl, "story-live-key");
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});
test.use({ reducedMotion: "reduce" });

const api = <T>(pathAndQuery: string) => apiGet<T>(lede.baseUrl, key, pathAndQuery);

/**
 * Two more outlets report the same event, now with a figure: new articles from new sources (five in all, a
 * development). Worded close to the first reports, so they join that story; two, not three, so the story stays
 * under the size at which clustering considers splitting it when the news cycle closes.
 */
function writeFollowUps(file: string): void {
  const at = Date.now() - 60_000;
  const records = [
    {
      outlet: "Northern Ledger",
      host: "ledger.e2e.test",
      title: "Glacier dam live bursts above Valdrin, 12 villages evacuated",
    },
    {
      outlet: "Coastal Post",
      host: "coastal.e2e.test",
      title: "12 Valdrin villages evacuated as glacier dam live bursts",
    },
  ].map((r, i) => ({
    id: `follow-up-${i}`,
    title: r.title,
    url: `https://${r.host}/world/glacier-dam-live-follow-up-${i}`,
    source: r.outlet,
    hostname: r.host,
    category: "world",
    published_at: at + i * 1000,
  }));
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
}

const shownCount = async (page: Page) =>
  Number(await page.getByTestId("story-counts").getAttribute("data-article-count"));

test("an open story page gains imported articles and their development without a reload", async ({
  page,
}, testInfo) => {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signUp(page, lede.baseUrl, uniqueEmail("story-live"));
  const { stories } = await api<{ stories: Array<{ id: number; headline: string; article_count: number }> }>(
    "/v1/stories?limit=10",
  );
  const story = stories.find((s) => s.headline.includes("Valdrin"));
  expect(story, "the imported story").toBeDefined();
  const id = story!.id;

  await page.goto(`${lede.baseUrl}/stories/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Valdrin");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const articlesBefore = await shownCount(page);
  expect(articlesBefore).toBe(story!.article_count);
  const reportsBefore = await page.getByTestId("member-article").count();
  const developmentsBefore = await page.getByTestId("development").count();
  // From here on the page is never reloaded: this marker would not survive a navigation.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  const more = path.join(tmp, "more.jsonl");
  writeFollowUps(more);
  const r = lede.cli(["import", more]);
  expect(r.status, r.stderr).toBe(0);
  const after = await api<{ article_count: number; developments: unknown[] }>(`/v1/stories/${id}`);
  expect(after.article_count, "the follow-ups joined the story").toBe(articlesBefore + 2);
  expect(after.developments.length).toBeGreaterThan(developmentsBefore);

  // The header count, the article list and the timeline catch up by themselves.
  await expect.poll(() => shownCount(page), { timeout: 20_000 }).toBe(after.article_count);
  await expect
    .poll(() => page.getByTestId("member-article").count(), { timeout: 10_000 })
    .toBeGreaterThan(reportsBefore);
  await expect(page.getByText("Northern Ledger", { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId("development")).toHaveCount(after.developments.length, { timeout: 10_000 });
  await expect(page.getByTestId("story-change")).toContainText("2 new articles");
  await page.screenshot({ path: testInfo.outputPath("story-live.png"), fullPage: true });
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
