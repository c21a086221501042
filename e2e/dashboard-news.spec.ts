import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/axe";
import { apiGet, expectNoHorizontalScroll, keyForNewAccount, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import {
  LOOPBACK_FEEDS_ALLOW,
  writeFreshStory,
  writeLoopbackFeeds,
  writeRecentNewswire,
} from "./support/news-data";

// Two simulated days of news imported before the server starts: live stories with developments, syndicated copies,
// entities and their relationships, source rankings. Feed polling is off, so nothing changes unless a test says so.
let lede: LedeServer;
let tmp: string;
let key: string;
test.beforeAll(async ({ browser }) => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-news-"));
  const file = path.join(tmp, "newswire.jsonl");
  const count = writeRecentNewswire(file, { days: 2 });
  expect(count).toBeGreaterThan(500);
  // Three registered feeds (never polled here) give the health table rows of its own.
  const opml = path.join(tmp, "feeds.opml");
  writeLoopbackFeeds(opml);
  // Private addresses are registered only where the operator allows them.
  lede = await startLede({ LEDE_FETCH_ALLOW_PRIVATE: LOOPBACK_FEEDS_ALLOW }, ({ cli }) => {
    for (const args of [
      ["import", file],
      ["sources", "import", opml],
    ]) {
      const r = cli(args);
      expect(r.status, r.stderr).toBe(0);
    }
  });
  key = await keyForNewAccount(browser, lede.baseUrl, "news-key");
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});
test.use({ reducedMotion: "reduce" });

const api = <T>(pathAndQuery: string) => apiGet<T>(lede.baseUrl, key, pathAndQuery);

/** Fails the test on any uncaught error in the page, and on the dashboard's error boundary. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

const cards = (page: Page) => page.getByTestId("story-card");

test("the stories feed shows stories with labels, priority and sources, filters them, and takes a new story live", async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("feed"));
  await page.goto(`${lede.baseUrl}/stories`);
  await expect(page.getByTestId("story-feed")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const { stories, total } = await api<{
    stories: Array<{ id: number; headline: string; label: string | null }>;
    total: number;
  }>("/v1/stories?limit=30");
  expect(total).toBeGreaterThan(5);
  // The same stories as GET /v1/stories, in the same order.
  const shown = await cards(page).evaluateAll((els) =>
    els.map((e) => Number(e.getAttribute("data-story-id"))),
  );
  expect(shown).toEqual(stories.map((s) => s.id));
  const first = cards(page).first();
  await expect(first.getByText(/^Priority: (low|medium|high|breaking)$/)).toHaveCount(1);
  await expect(first.getByText(/^\d+ articles?$/)).toBeVisible();
  await expect(first.getByText(/^\d+ sources?$/)).toBeVisible();
  // Every label the API gives is on its card (which stories carry one depends on the data and the clock).
  for (const s of stories.filter((x) => x.label))
    await expect(
      page.locator(`[data-story-id="${s.id}"]`).getByText(s.label!, { exact: true }),
    ).toBeVisible();
  for (const s of stories.filter((x) => !x.label).slice(0, 5))
    await expect(
      page.locator(`[data-story-id="${s.id}"]`).getByText(/^(Breaking|Developing|Trending)$/),
    ).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("stories.png"), fullPage: true });

  await page.getByText("Top ranked").click();
  await expect(page).toHaveURL(/view=ranked/);
  const ranked = await api<{ stories: Array<{ id: number }> }>("/v1/stories/ranked?limit=30");
  await expect
    .poll(() => cards(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute("data-story-id")))))
    .toEqual(ranked.stories.map((s) => s.id));

  const category = (await cards(page).first().getAttribute("data-category")) ?? "";
  await page.getByLabel("Category").selectOption(category);
  await expect(page).toHaveURL(new RegExp(`category=${category}`));
  await expect
    .poll(() =>
      cards(page).evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute("data-category")))]),
    )
    .toEqual([category]);

  // A story that breaks while the page is open: imported beside the running server, it reaches the page through
  // the event log and the live stream, with no reload (the page keeps its JavaScript state).
  await page.getByText("Moving now").click();
  await page.getByLabel("Category").selectOption({ label: "All categories" });
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const headline = writeFreshStory(path.join(tmp, "fresh.jsonl"), "feed");
  const r = lede.cli(["import", path.join(tmp, "fresh.jsonl")]);
  expect(r.status, r.stderr).toBe(0);
  const fresh = cards(page).filter({ hasText: "Valdrin" });
  await expect(fresh).toHaveCount(1, { timeout: 20_000 });
  await expect(fresh.getByText("New", { exact: true })).toBeVisible();
  await expect(fresh.getByRole("link")).toHaveText(/Glacier dam feed|Valdrin villages evacuated/);
  expect(headline).toContain("Glacier dam feed");
  expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  expect(errors).toEqual([]);
});

test("a story page shows the summary, the developments timeline, grouped articles and the entity graph", async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("story"));
  const { stories } = await api<{ stories: Array<{ id: number; article_count: number }> }>(
    "/v1/stories?limit=100",
  );
  // The biggest stories are the ones that developed and were syndicated.
  const candidates = [...stories].sort((a, b) => b.article_count - a.article_count).slice(0, 5);
  let checked = false;
  for (const s of candidates) {
    const { developments } = await api<{ developments: Array<{ significance: string }> }>(
      `/v1/stories/${s.id}/developments`,
    );
    const graph = await api<{ entities: Array<{ name: string }> }>(
      `/v1/graph/story-entity?story_id=${s.id}&limit=30`,
    );
    if (developments.length === 0 || graph.entities.length === 0) continue;
    const detail = await api<{ headline: string; articles: unknown[] }>(`/v1/stories/${s.id}`);
    await page.goto(`${lede.baseUrl}/stories/${s.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(detail.headline);
    // The Markdown summary is rendered (lists and emphasis), not shown as source.
    const summary = page.getByRole("region", { name: "Summary" });
    await expect(summary.locator("li").first()).toBeVisible();
    await expect(summary).not.toContainText("**");
    await expect(page.getByTestId("development")).toHaveCount(developments.length);
    await expect(page.getByTestId("development").first()).toContainText(developments[0]?.significance ?? "");
    // Every member article is on one of the story's pages of 50 reports: independent reports, and syndicated
    // copies folded under them.
    let reports = 0;
    let copies = 0;
    for (let pages = 1; ; pages++) {
      await expect(page.getByTestId("member-article").first()).toBeVisible();
      const shown = await page.getByTestId("member-article").count();
      expect(shown).toBeLessThanOrEqual(50);
      reports += shown;
      copies += await page.getByTestId("duplicates").locator("li").count();
      const next = page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" });
      if ((await next.count()) === 0) break;
      expect(pages).toBeLessThan(100);
      await next.click();
      await expect(page).toHaveURL(new RegExp(`/stories/${s.id}\\?offset=${pages * 50}$`));
      await expect(page.getByRole("navigation", { name: "Pages" })).toContainText(`${pages * 50 + 1}–`);
    }
    expect(reports + copies).toBe(detail.articles.length);
    await page.goto(`${lede.baseUrl}/stories/${s.id}`);
    const graphEl = page.getByTestId("graph");
    await expect(graphEl).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
    // The graph draws the story and its 10 most-mentioned entities; "show more" adds the rest (entity-graphs.spec).
    const drawn = Math.min(graph.entities.length, 10);
    await expect(graphEl).toHaveAttribute("data-nodes", String(drawn + 1));
    await expect(graphEl).toHaveAttribute("data-edges", String(drawn));
    await expect(page.getByTestId("story-entities").locator("li")).toHaveCount(graph.entities.length);
    await page.screenshot({ path: testInfo.outputPath("story.png"), fullPage: true });
    checked = true;
    break;
  }
  expect(checked, "no big story with developments and entities").toBe(true);
  expect(errors).toEqual([]);
});

test("the entity explorer searches and draws the ego network Cytoscape-side at each depth", async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("entities"));
  const { entities } = await api<{ entities: Array<{ id: number; name: string }> }>("/v1/entities?limit=20");
  let centre: { id: number; name: string } | undefined;
  for (const e of entities) {
    const net = await api<{ edges: unknown[] }>(
      `/v1/graph/entity-network?entity_id=${e.id}&depth=1&limit=50`,
    );
    if (net.edges.length >= 2) {
      centre = e;
      break;
    }
  }
  if (!centre) throw new Error("no entity with two relationships in the imported news");

  await page.goto(`${lede.baseUrl}/entities`);
  await page.getByLabel("Search entities").fill(centre.name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/entities\?q=/);
  await page.getByTestId("entity-results").getByRole("link", { name: centre.name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(centre.name);

  const graph = page.getByTestId("graph");
  // The centre and at most 40 entities are drawn before "show more" (entity-graphs.spec).
  const expectDrawn = async (net: { nodes: unknown[]; edges: unknown[] }) => {
    if (net.nodes.length <= 41) {
      await expect(graph).toHaveAttribute("data-nodes", String(net.nodes.length), { timeout: 15_000 });
      await expect(graph).toHaveAttribute("data-edges", String(net.edges.length));
      return;
    }
    const shown = `40 of ${net.nodes.length - 1} entities shown`;
    await expect(page.getByTestId("graph-shown")).toHaveText(shown, { timeout: 15_000 });
    await expect(graph).toHaveAttribute("data-nodes", "41");
  };
  for (const [depth, label] of [
    [2, null],
    [1, "1 hop"],
    [3, "3 hops"],
  ] as const) {
    if (label) await page.getByText(label, { exact: true }).click();
    const net = await api<{ nodes: unknown[]; edges: unknown[] }>(
      `/v1/graph/entity-network?entity_id=${centre.id}&depth=${depth}&limit=50`,
    );
    await expectDrawn(net);
  }
  await page.getByLabel("Edges").selectOption("200");
  const wide = await api<{ nodes: unknown[]; edges: unknown[] }>(
    `/v1/graph/entity-network?entity_id=${centre.id}&depth=3&limit=200`,
  );
  await expectDrawn(wide);
  await expect(page.getByTestId("relationships").locator("li").first()).toContainText("% confidence");
  await page.screenshot({ path: testInfo.outputPath("entity.png"), fullPage: true });
  expect(errors).toEqual([]);
});

test("the sources page ranks every source in a sortable table and shows feed health", async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("sources"));
  const { rankings } = await api<{ rankings: Array<{ source_name: string; overall_score: number }> }>(
    "/v1/source-rankings",
  );
  const sources = await api<unknown[]>("/v1/sources");
  expect(rankings.length).toBeGreaterThan(5);
  await page.goto(`${lede.baseUrl}/sources`);
  // Every source, a page of 50 at a time: the ranked ones first (e2e/list-pages.spec.ts checks the paging).
  const rows = page.getByTestId("ranking-row");
  await expect(rows).toHaveCount(Math.min(sources.length, 50));
  await expect(rows.first()).toContainText(rankings[0]?.source_name ?? "");
  const overall = async () =>
    (await rows.locator("td:nth-child(4)").allTextContents()).slice(0, rankings.length).map((t) => Number(t));
  const header = page.getByRole("columnheader", { name: /Overall/ });
  await expect(header).toHaveAttribute("aria-sort", "descending");
  await header.getByRole("link").click();
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const ascending = await overall();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  await page.getByRole("columnheader", { name: /Speed/ }).getByRole("link").click();
  await expect(page.getByRole("columnheader", { name: /Speed/ })).toHaveAttribute("aria-sort", "descending");
  // Sources known only from imported articles have no feed: the health table lists the three polled ones.
  expect(sources.length).toBeGreaterThan(3);
  const health = page.getByTestId("health-table").locator("tbody tr");
  await expect(health).toHaveCount(3);
  await expect(health.first()).toContainText("Not polled yet");
  expect(errors).toEqual([]);
});

test("search finds articles with highlighted snippets and leads to their story", async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("search"));
  const { stories } = await api<{ stories: Array<{ headline: string }> }>("/v1/stories?limit=5");
  const word = (stories[0]?.headline ?? "").split(/\W+/).find((w) => w.length >= 6) ?? "";
  expect(word).not.toBe("");
  await page.goto(`${lede.baseUrl}/search`);
  await page.getByLabel("Search the news").fill(word);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}`));
  const { total } = await api<{ total: number }>(`/v1/search/full?q=${encodeURIComponent(word)}`);
  await expect(page.getByText(new RegExp(`^${total} articles? match`))).toBeVisible();
  const marks = page.getByTestId("search-results").locator("mark");
  expect(await marks.count()).toBeGreaterThan(0);
  expect((await marks.first().textContent())?.toLowerCase()).toBe(word.toLowerCase());
  await page.getByRole("link", { name: "Open its story" }).first().click();
  await expect(page).toHaveURL(/\/stories\/\d+$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test("the API reference lists every operation and tries one with the demo key", async ({ page }) => {
  const errors = watchErrors(page);
  await signUp(page, lede.baseUrl, uniqueEmail("reference"));
  await page.goto(`${lede.baseUrl}/reference#listStories`);
  const doc = (await (await fetch(`${lede.baseUrl}/v1/openapi.json`)).json()) as {
    paths: Record<string, object>;
    components: {
      schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } };
    };
  };
  const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
  await expect(page.getByRole("navigation", { name: "Operations" }).getByRole("link")).toHaveCount(
    operations,
  );
  const op = page.getByTestId("operation");
  await expect(op.getByRole("heading", { level: 2 })).toContainText("Active stories");
  await op.getByRole("textbox", { name: "limit" }).fill("2");
  await expect(op.locator("figure pre")).toContainText('/v1/stories?limit=2"');
  await op.getByRole("button", { name: "Send request" }).click();
  const result = page.getByTestId("try-result");
  await expect(result.getByRole("status")).toContainText("200");
  await expect(result).toContainText("x-ratelimit-limit: 5");
  expect(JSON.parse((await result.locator("pre").textContent()) ?? "{}").stories).toHaveLength(2);
  await op.getByText("Python", { exact: true }).click();
  await expect(op.locator("figure pre")).toContainText("requests.get(");
  await expect(page.getByTestId("error-codes").locator("tbody tr")).toHaveCount(
    doc.components.schemas.Error.properties.error.properties.code.enum.length,
  );
  expect(errors).toEqual([]);
});

test("the news pages have no serious or critical accessibility violations, in either theme", async ({
  page,
}) => {
  await signUp(page, lede.baseUrl, uniqueEmail("news-a11y"));
  const { stories } = await api<{ stories: Array<{ id: number }> }>("/v1/stories?limit=1");
  const { entities } = await api<{ entities: Array<{ id: number }> }>("/v1/entities?limit=1");
  const pages = [
    "/stories",
    `/stories/${stories[0]?.id}`,
    "/entities",
    `/entities/${entities[0]?.id}`,
    "/sources",
    "/search?q=minister",
    "/reference",
  ];
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const p of pages) {
      await page.goto(`${lede.baseUrl}${p}`);
      await expect(page.locator("h1")).toBeVisible();
      expect(await seriousA11yViolations(page), `${p} (${theme})`).toEqual([]);
    }
  }
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("the news pages with data fit the screen; wide tables and graphs scroll or shrink inside it", async ({
    page,
  }, testInfo) => {
    await signUp(page, lede.baseUrl, uniqueEmail("news-phone"));
    const { stories } = await api<{ stories: Array<{ id: number }> }>("/v1/stories?limit=1");
    const { entities } = await api<{ entities: Array<{ id: number }> }>("/v1/entities?limit=1");
    for (const p of [
      "/stories",
      `/stories/${stories[0]?.id}`,
      "/entities",
      `/entities/${entities[0]?.id}`,
      "/sources",
      "/search?q=minister",
      "/reference",
    ]) {
      await page.goto(`${lede.baseUrl}${p}`);
      await expect(page.locator("h1")).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`phone${p.replace(/[^a-z0-9]+/gi, "-")}.png`),
        fullPage: true,
      });
    }
  });
});

test.describe("with an empty database", () => {
  let empty: LedeServer;
  test.beforeAll(async () => {
    empty = await startLede();
  });
  test.afterAll(async () => empty?.stop());

  test("every news page renders its empty or not-found state, never an error", async ({ page }) => {
    const errors = watchErrors(page);
    await signUp(page, empty.baseUrl, uniqueEmail("empty"));
    for (const [p, text] of [
      ["/stories", "No news sources yet"],
      ["/stories/1", "This story does not exist"],
      ["/stories/not-a-story", "This story does not exist"],
      ["/entities", "No news sources yet"],
      ["/entities/1", "This entity does not exist"],
      ["/entities?q=nobody&type=person", "No entity matches"],
      ["/sources", "No news sources yet"],
      ["/search", "Search the news"],
      ["/search?q=anything", "Nothing matches"],
      ["/search?q=%22", "Nothing matches"],
      [`/search?q=${"x".repeat(201)}`, "at most 200 characters"],
      ["/reference", "API reference"],
    ] as const) {
      await page.goto(`${empty.baseUrl}${p}`);
      await expect(page.getByText(text).first(), p).toBeVisible();
      await expect(page.getByText("This page could not be loaded"), p).toHaveCount(0);
      await expect(page.getByTestId("demo-banner")).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });
});
