import { expect, test, type Page } from "@playwright/test";

import { signUp, uniqueEmail } from "./support/dashboard";
import { freePort, startLede, type LedeServer } from "./support/lede-server";

// `lede start --demo`: the simulated newswire on loopback (a simulated hour a minute, polled every 15–60 s) is the
// only news source. Stories must form and grow on the open feed page by themselves.
let lede: LedeServer;
test.beforeAll(async () => {
  lede = await startLede({ LEDE_DEMO_NEWSWIRE_PORT: String(await freePort()) }, undefined, { demo: true });
});
test.afterAll(async () => lede?.stop());

/** Story id → article count, as the feed shows them now. */
const feedState = (page: Page): Promise<Record<string, number>> =>
  page
    .getByTestId("story-card")
    .evaluateAll((els) =>
      Object.fromEntries(
        els.map((e) => [e.getAttribute("data-story-id"), Number(e.getAttribute("data-article-count"))]),
      ),
    );

test("demo mode: the feed shows simulated stories forming live, without a reload, under a simulated-news banner", async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await signUp(page, lede.baseUrl, uniqueEmail("demo"));
  await page.goto(`${lede.baseUrl}/stories`);
  const banner = page.getByTestId("demo-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("this news is simulated");
  await expect(page.getByTestId("story-feed")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  // From here on the page is never reloaded: this marker would not survive a navigation.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  await expect(page.getByTestId("story-card").first()).toBeVisible({ timeout: 150_000 });
  const before = await feedState(page);
  await page.screenshot({ path: testInfo.outputPath("demo-feed-first.png"), fullPage: true });
  // Every outlet of the newswire says it is simulated, in the feed as in the API.
  expect(await page.getByTestId("story-card").first().textContent()).toContain("(simulated)");

  // A later poll brings a new story, or more articles to one already shown.
  await expect
    .poll(
      async () => {
        const now = await feedState(page);
        return Object.entries(now).some(
          ([id, count]) => before[id] === undefined || count > (before[id] ?? 0),
        );
      },
      { timeout: 180_000, intervals: [2_000] },
    )
    .toBe(true);
  await page.screenshot({ path: testInfo.outputPath("demo-feed-later.png"), fullPage: true });
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});
