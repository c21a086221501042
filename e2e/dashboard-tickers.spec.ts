import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/axe";
import { apiGet, expectNoHorizontalScroll, keyForNewAccount, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { writeRecentNewswire, writeTickerStories } from "./support/news-data";

// A day of the simulated newswire (its companies are fictional; its crypto stories name Bitcoin and Ether) and,
// beside it, business news naming real companies, imported before the server starts. The import tags the articles
// and scores the stories' securities.
let lede: LedeServer;
let tmp: string;
let key: string;
test.beforeAll(async ({ browser }) => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-tickers-"));
  const newswire = path.join(tmp, "newswire.jsonl");
  expect(writeRecentNewswire(newswire, { days: 1, seed: "lede-e2e-tickers" })).toBeGreaterThan(100);
  const business = path.join(tmp, "tickers.jsonl");
  writeTickerStories(business);
  lede = await startLede({}, ({ cli }) => {
    for (const file of [newswire, business]) {
      const r = cli(["import", file]);
      expect(r.status, r.stderr).toBe(0);
    }
  });
  key = await keyForNewAccount(browser, lede.baseUrl, "tickers-key");
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});
test.use({ reducedMotion: "reduce" });

interface ApiTicker {
  symbol: string;
  name: string;
  sentiment: string;
  impact: string;
  rationale: string | null;
}
interface ApiStory {
  id: number;
  headline: string;
  tickers: ApiTicker[];
}

const api = <T>(pathAndQuery: string) => apiGet<T>(lede.baseUrl, key, pathAndQuery);

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

const cards = (page: Page) => page.getByTestId("story-card");
const shownIds = (page: Page) =>
  cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-story-id"))));
const shownTickers = (page: Page) =>
  cards(page).evaluateAll((els) => els.map((e) => (e.getAttribute("data-tickers") ?? "").split(",")));
const IMPACT = "(negligible|low|moderate|high|unprecedented)";

test("story cards show their securities as chips, and the feed filters by symbol in both views", async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("tickers-feed"));
  await page.goto(`${lede.baseUrl}/stories`);
  await expect(page.getByTestId("story-feed")).toHaveAttribute("data-hydrated", "true");
  const all = await api<{ total: number; stories: ApiStory[] }>("/v1/stories?limit=30");
  const apple = await api<{ total: number; stories: ApiStory[] }>("/v1/stories?tickers=AAPL&limit=30");
  const btc = await api<{ total: number; stories: ApiStory[] }>("/v1/stories?tickers=BTC&limit=30");
  // The Apple results story and the Nasdaq rally carry AAPL; the newswire's crypto stories and ours carry BTC.
  expect(apple.total).toBe(2);
  expect(btc.total).toBeGreaterThan(1);
  expect(all.total).toBeGreaterThan(apple.total + btc.total + 5);

  // The chip: symbol, sentiment as colour and arrow, said in words to screen readers, name and rationale as tooltip.
  const results = cards(page).filter({ hasText: "record iPhone sales" });
  await expect(results).toHaveCount(1);
  const chip = results.getByTestId("ticker-chip");
  await expect(chip).toHaveCount(1);
  await expect(chip).toHaveText("AAPL");
  await expect(chip).toHaveAttribute("data-sentiment", "bullish");
  await expect(chip).toHaveAccessibleName(new RegExp(`^AAPL, bullish, ${IMPACT} impact$`));
  await expect(chip).toHaveAttribute("title", /^Apple Inc\.: "Apple" is named in 3 of 3 reports/);
  await expect(
    cards(page)
      .filter({ hasText: "ETF outflows" })
      .getByRole("link", { name: /^BTC, bearish, / }),
  ).toBeVisible();
  // Six securities: four chips, then "+2" to the story page.
  const rally = cards(page).filter({ hasText: "Nasdaq rally" });
  await expect(rally.getByTestId("ticker-chip")).toHaveCount(4);
  await expect(rally.getByRole("link", { name: "2 more securities" })).toHaveText("+2");
  await page.screenshot({ path: testInfo.outputPath("feed-chips.png"), fullPage: true });

  // Typed in the filter: only the stories carrying the symbol, in GET /v1/stories?tickers= order, kept in the URL.
  const filter = page.getByRole("textbox", { name: "Securities" });
  await filter.fill("aapl");
  await filter.press("Enter");
  await expect(page).toHaveURL(/\/stories\?tickers=AAPL$/);
  await expect(filter).toHaveValue("AAPL");
  await expect.poll(() => shownIds(page)).toEqual(apple.stories.map((s) => s.id));
  for (const symbols of await shownTickers(page)) expect(symbols).toContain("AAPL");

  // Either of two symbols, in the ranked view too.
  await filter.fill("AAPL, btc");
  await filter.press("Enter");
  await expect(page).toHaveURL(/\/stories\?tickers=AAPL,BTC$/);
  await page.getByText("Top ranked").click();
  await expect(page).toHaveURL(/\/stories\?view=ranked&tickers=AAPL,BTC$/);
  const either = await api<{ stories: ApiStory[] }>("/v1/stories?tickers=AAPL,BTC&limit=30");
  expect(either.stories.map((s) => s.id).sort()).toEqual(
    [...new Set([...apple.stories, ...btc.stories].map((s) => s.id))].sort(),
  );
  await expect
    .poll(async () => (await shownIds(page)).sort())
    .toEqual(either.stories.map((s) => s.id).sort());
  for (const symbols of await shownTickers(page))
    expect(symbols.some((s) => s === "AAPL" || s === "BTC")).toBe(true);
  await page.screenshot({ path: testInfo.outputPath("feed-filtered.png"), fullPage: true });

  // The address keeps the filter across a reload.
  await page.reload();
  await expect(page.getByTestId("story-feed")).toHaveAttribute("data-hydrated", "true");
  await expect(filter).toHaveValue("AAPL, BTC");
  expect((await shownIds(page)).sort()).toEqual(either.stories.map((s) => s.id).sort());

  // No active story carries the symbol: the empty state says so, and offers every story back.
  await page.getByText("Moving now").click();
  await filter.fill("ZZZZ");
  await filter.press("Enter");
  await expect(page.getByRole("heading", { name: "No active story carries ZZZZ" })).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("feed-empty.png") });
  await page.getByRole("button", { name: "Show every story" }).click();
  await expect(page).toHaveURL(/\/stories$/);
  await expect.poll(() => shownIds(page)).toEqual(all.stories.map((s) => s.id));

  // Something no symbol can spell is reported by the field, not sent.
  await filter.fill("AAPL, €uro");
  await filter.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: "“€uro” is not a symbol" })).toBeVisible();
  await expect(filter).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/stories$/);

  // The clear button empties the field and the filter.
  await filter.fill("BTC");
  await filter.press("Enter");
  await expect.poll(() => shownIds(page)).toEqual(btc.stories.map((s) => s.id));
  await page.getByRole("button", { name: "Clear the securities filter" }).click();
  await expect(filter).toHaveValue("");
  await expect(page).toHaveURL(/\/stories$/);
  await expect.poll(() => shownIds(page)).toEqual(all.stories.map((s) => s.id));

  // A chip leads to the feed filtered by its symbol, without leaving the page's state behind.
  await cards(page)
    .filter({ hasText: "ETF outflows" })
    .getByRole("link", { name: /^BTC, / })
    .click();
  await expect(page).toHaveURL(/\/stories\?tickers=BTC$/);
  await expect(filter).toHaveValue("BTC");
  await expect.poll(() => shownIds(page)).toEqual(btc.stories.map((s) => s.id));
  for (const symbols of await shownTickers(page)) expect(symbols).toContain("BTC");
  expect(errors).toEqual([]);
});

test("a story page lists every security with its name, sentiment, impact and rationale", async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("tickers-story"));
  const { stories } = await api<{ stories: ApiStory[] }>("/v1/stories?tickers=AAPL&limit=30");
  for (const s of stories) {
    const detail = await api<ApiStory>(`/v1/stories/${s.id}`);
    await page.goto(`${lede.baseUrl}/stories/${s.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(detail.headline);
    const list = page.getByRole("region", { name: "Securities" }).getByTestId("story-tickers");
    await expect(list.locator("li")).toHaveCount(detail.tickers.length);
    for (const t of detail.tickers) {
      const row = list.locator(`li[data-symbol="${t.symbol}"]`);
      await expect(row.getByTestId("ticker-chip")).toHaveAccessibleName(
        `${t.symbol}, ${t.sentiment}, ${t.impact} impact`,
      );
      await expect(row).toContainText(t.name);
      await expect(row).toContainText(t.sentiment);
      await expect(row).toContainText(`${t.impact} impact`);
      await expect(row).toContainText(t.rationale ?? "");
    }
  }
  const results = stories.find((s) => s.headline.includes("iPhone"));
  expect(results?.tickers.map((t) => t.symbol)).toEqual(["AAPL"]);
  await page.goto(`${lede.baseUrl}/stories/${results?.id}`);
  const row = page.getByTestId("story-tickers").locator('li[data-symbol="AAPL"]');
  await expect(row).toContainText("Apple Inc.");
  await expect(row).toContainText("bullish");
  await expect(row).toContainText('"Apple" is named in 3 of 3 reports from 3 sources');
  await page.screenshot({ path: testInfo.outputPath("story-tickers.png"), fullPage: true });
  // Its chip leads to the feed of the stories carrying AAPL.
  await row.getByTestId("ticker-chip").click();
  await expect(page).toHaveURL(/\/stories\?tickers=AAPL$/);
  await expect.poll(() => shownIds(page)).toEqual(stories.map((s) => s.id));
  expect(errors).toEqual([]);
});

test("chips and the filter have no serious accessibility violations and fit a phone", async ({
  page,
}, testInfo) => {
  await signUp(page, lede.baseUrl, uniqueEmail("tickers-a11y"));
  const { stories } = await api<{ stories: ApiStory[] }>("/v1/stories?tickers=AAPL&limit=30");
  const rally = stories.find((s) => s.tickers.length > 4);
  const pages = ["/stories", "/stories?tickers=AAPL", "/stories?tickers=ZZZZ", `/stories/${rally?.id}`];
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const p of pages) {
      await page.goto(`${lede.baseUrl}${p}`);
      await expect(page.locator("h1")).toBeVisible();
      expect(await seriousA11yViolations(page), `${p} (${theme})`).toEqual([]);
    }
  }
  await page.setViewportSize({ width: 375, height: 740 });
  for (const p of pages) {
    await page.goto(`${lede.baseUrl}${p}`);
    await expect(page.locator("h1")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`phone${p.replace(/[^a-z0-9]+/gi, "-")}.png`) });
  }
});
