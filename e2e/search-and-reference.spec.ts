import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/axe";
import { apiGet, expectNoHorizontalScroll, keyForNewAccount, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { writeRecentNewswire } from "./support/news-data";

// Two simulated days of news (syndicated copies of developing stories, named people and places) imported before
// the server starts; feed polling is off, so the data stays as imported.
let lede: LedeServer;
let tmp: string;
let key: string;
test.beforeAll(async ({ browser }) => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-search-"));
  const file = path.join(tmp, "newswire.jsonl");
  expect(writeRecentNewswire(file, { days: 2 })).toBeGreaterThan(500);
  lede = await startLede({}, ({ cli }) => {
    const r = cli(["import", file]);
    expect(r.status, r.stderr).toBe(0);
  });
  key = await keyForNewAccount(browser, lede.baseUrl, "search-ref-key");
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const api = <T>(pathAndQuery: string) => apiGet<T>(lede.baseUrl, key, pathAndQuery);

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

const search = (page: Page, q: string) => page.goto(`${lede.baseUrl}/search?q=${encodeURIComponent(q)}`);
const words = (s: string) =>
  s
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.join(" ") ?? "";

// A word that no article of the newswire holds.
const NOWHERE = "qzxvjk";

test.describe("search", () => {
  test("a word no article holds is named, never silently dropped", async ({ page }) => {
    const errors = watchErrors(page);
    await signUp(page, lede.baseUrl, uniqueEmail("search-terms"));
    expect((await api<{ total: number }>(`/v1/search?q=${NOWHERE}`)).total).toBe(0);

    // An entity's name finds its articles even beside a word that is nowhere: the page says so.
    const { entities } = await api<{ entities: Array<{ name: string; article_count: number }> }>(
      "/v1/entities?limit=20",
    );
    const entity = entities.find((e) => e.article_count >= 2 && /^[\p{L} ]+$/u.test(e.name));
    if (!entity) throw new Error("no entity with articles in the imported news");
    const q = `${entity.name} ${NOWHERE}`;
    const { total } = await api<{ total: number }>(`/v1/search/full?q=${encodeURIComponent(q)}`);
    expect(total).toBeGreaterThan(0);
    await search(page, q);
    await expect(page.getByTestId("search-count")).toHaveText(new RegExp(`^${total} articles? match`));
    const missing = page.getByTestId("term").filter({ hasText: NOWHERE });
    await expect(missing).toHaveText(`${NOWHERE} in no article`);
    await expect(missing).toHaveAttribute("data-articles", "0");
    await expect(page.getByTestId("match-note")).toContainText(
      `No article matches the whole query: “${NOWHERE}” is in no article.`,
    );
    await expect(page.getByTestId("match-note")).toContainText(`about ${entity.name}`);
    // Every result was found through the entity, and each one says so.
    const groups = page.getByTestId("search-group");
    await expect(groups.first()).toBeVisible();
    expect(await page.getByTestId("via-entity").count()).toBe(await groups.count());

    // With no entity to fall back on, nothing matches, and the page says which word held and which did not.
    const word = "minister";
    const { total: ministers } = await api<{ total: number }>(`/v1/search?q=${word}`);
    expect(ministers).toBeGreaterThan(0);
    await search(page, `${word} ${NOWHERE}`);
    await expect(page.getByRole("heading", { name: "Nothing matches" })).toBeVisible();
    await expect(page.getByTestId("term").filter({ hasText: word })).toHaveAttribute(
      "data-articles",
      String(ministers),
    );
    await expect(page.getByTestId("term").filter({ hasText: NOWHERE })).toHaveText(
      `${NOWHERE} in no article`,
    );
    await expect(page.getByText(`Nothing matches: “${NOWHERE}” is in no article.`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("results are grouped by story with a count, and no snippet repeats its headline", async ({ page }) => {
    const errors = watchErrors(page);
    await signUp(page, lede.baseUrl, uniqueEmail("search-groups"));
    const { stories } = await api<{
      stories: Array<{ id: number; headline: string; article_count: number }>;
    }>("/v1/stories?limit=100");
    const biggest = [...stories].sort((a, b) => b.article_count - a.article_count)[0];
    if (!biggest || biggest.article_count < 3) throw new Error("no story with three articles");
    const q = biggest.headline.split(/[^\p{L}]+/u).sort((a, b) => b.length - a.length)[0] ?? "";
    const { total } = await api<{ total: number }>(`/v1/search/full?q=${encodeURIComponent(q)}`);
    await search(page, q);
    await expect(page.getByTestId("search-count")).toHaveText(
      new RegExp(`^${total} articles? match “${q}”; (they are|the best \\d+ are) in \\d+ stor(y|ies)`),
    );

    const groups = page.getByTestId("search-group");
    const shape = await groups.evaluateAll((els) =>
      els.map((el) => ({
        story: el.getAttribute("data-story-id"),
        size: 1 + el.querySelectorAll('[data-testid="group-member"]').length,
        count: el.querySelector('[data-testid="group-count"]')?.textContent ?? null,
      })),
    );
    // At most 20 entries, each story once, copies folded: fewer entries than articles. On a single page every
    // result is there once.
    const articles = shape.reduce((n, g) => n + g.size, 0);
    expect(shape.length).toBeLessThanOrEqual(20);
    expect(shape.length).toBeLessThan(articles);
    const storyIds = shape.map((g) => g.story).filter(Boolean);
    expect(new Set(storyIds).size).toBe(storyIds.length);
    if ((await page.getByRole("navigation", { name: "Pages" }).count()) === 0 && total <= 200)
      expect(articles).toBe(total);
    else expect(articles).toBeLessThanOrEqual(Math.min(total, 200));
    for (const g of shape)
      expect(g.count).toBe(g.size > 1 ? `${g.size} matching articles in this story` : null);

    // The folded articles belong to the story the entry links to.
    const big = shape.find((g) => g.size > 1);
    if (!big?.story) throw new Error("no story entry with more than one article");
    const group = page.locator(`[data-testid="search-group"][data-story-id="${big.story}"]`);
    const detail = await api<{ articles: Array<{ url_hash: string }> }>(`/v1/stories/${big.story}`);
    const members = new Set(detail.articles.map((a) => a.url_hash));
    await group.locator("summary").click();
    await expect(group.getByTestId("group-member").first()).toBeVisible();
    const hashes = [
      await group.getAttribute("data-url-hash"),
      ...(await group
        .getByTestId("group-member")
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-url-hash")))),
    ];
    expect(hashes).toHaveLength(big.size);
    for (const h of hashes) expect(members.has(h ?? ""), h ?? "").toBe(true);
    await expect(group.getByRole("link", { name: "Open its story" })).toHaveAttribute(
      "href",
      `/stories/${big.story}`,
    );

    // A snippet says something the headline does not.
    const pairs = await groups.evaluateAll((els) =>
      els.map((el) => ({
        title: el.querySelector('[data-testid="hit-title"]')?.textContent ?? "",
        snippet: el.querySelector('[data-testid="snippet"]')?.textContent ?? null,
      })),
    );
    const withSnippet = pairs.filter((p) => p.snippet !== null);
    expect(withSnippet.length).toBeGreaterThan(0);
    for (const p of withSnippet) {
      expect(words(p.snippet ?? ""), p.title).not.toBe(words(p.title));
      expect(words(p.title).includes(words(p.snippet ?? "")), p.title).toBe(false);
    }
    expect(errors).toEqual([]);
  });
});

test.describe("API reference", () => {
  test("booleans are checkboxes, enums selects, and every parameter is described", async ({ page }) => {
    const errors = watchErrors(page);
    await signUp(page, lede.baseUrl, uniqueEmail("reference-controls"));
    await page.goto(`${lede.baseUrl}/reference#listStories`);
    const op = page.getByTestId("operation");
    await expect(op.getByRole("heading", { level: 2 })).toContainText("Active stories");

    const embeddings = op.getByRole("checkbox", { name: "include_embeddings" });
    await expect(embeddings).not.toBeChecked();
    await expect(embeddings).toHaveAccessibleDescription(/Pro plan/);
    const format = op.getByRole("combobox", { name: "embedding_format" });
    await expect(format.locator("option")).toHaveText(["default (json)", "json", "base64"]);
    await expect(op.getByRole("textbox", { name: "include_embeddings" })).toHaveCount(0);
    await expect(op.getByRole("textbox", { name: "embedding_format" })).toHaveCount(0);

    await embeddings.check();
    await format.selectOption("base64");
    await expect(op.locator("figure pre")).toContainText(
      "/v1/stories?include_embeddings=true&embedding_format=base64",
    );

    // The parameter table describes every parameter, and so does each field of the form.
    const described = await op.getByTestId("param-description").allTextContents();
    expect(described.length).toBe(6);
    for (const d of described) expect(d.length, d).toBeGreaterThan(10);
    await expect(op.getByRole("textbox", { name: "limit" })).toHaveAccessibleDescription(/how many stories/);

    // A list of fixed values is a checkbox per value.
    await page.goto(`${lede.baseUrl}/reference#backtest`);
    const topics = page.getByTestId("operation").getByRole("group", { name: "topics" });
    await expect(topics.getByRole("checkbox")).toHaveCount(2);
    await topics.getByRole("checkbox", { name: "stories" }).check();
    await expect(page.getByTestId("operation").locator("figure pre")).toContainText("topics=stories");
    expect(errors).toEqual([]);
  });

  test("with the key cleared the request goes without a key, refused and not charged, and the hint says so", async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await signUp(page, lede.baseUrl, uniqueEmail("reference-nokey"));
    await page.goto(`${lede.baseUrl}/reference#listStories`);
    const op = page.getByTestId("operation");
    await expect(page.getByTestId("try-hint")).toHaveText(/demo key/);
    await page.getByLabel("API key for “Try it”").fill("");
    await expect(page.getByTestId("key-help")).toContainText("refused, so no credits are charged");
    const hint = page.getByTestId("try-hint");
    await expect(hint).toHaveText(
      "No key: the request goes without one and will be refused (401 missing_api_key). No credits are charged.",
    );
    await expect(hint).not.toContainText("costs");

    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === "/v1/stories");
    await op.getByRole("button", { name: "Send request" }).click();
    expect((await sent).headers().authorization).toBeUndefined();
    const result = page.getByTestId("try-result");
    await expect(result.getByRole("status")).toContainText("401");
    await expect(result.locator("pre")).toContainText('"code": "missing_api_key"');

    // With the user's own key the hint gives the cost.
    await page.getByLabel("API key for “Try it”").fill(key);
    await expect(hint).toHaveText(
      "With your key: a successful call costs 1 credit; refused or failed calls cost nothing.",
    );
    expect(errors).toEqual([]);
  });

  test("no description in the served document or on the page cites the contract", async ({ page }) => {
    await signUp(page, lede.baseUrl, uniqueEmail("reference-prose"));
    const doc = await (await fetch(`${lede.baseUrl}/v1/openapi.json`)).json();
    const texts: string[] = [];
    const walk = (n: unknown): void => {
      if (Array.isArray(n)) n.forEach(walk);
      else if (n && typeof n === "object")
        for (const [k, v] of Object.entries(n))
          if ((k === "description" || k === "summary") && typeof v === "string") texts.push(v);
          else walk(v);
    };
    walk(doc);
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.filter((t) => /Contract §|contract §|§/.test(t))).toEqual([]);
    for (const id of ["listStories", "search", "backtestWithFilters", "getUsage"]) {
      await page.goto(`${lede.baseUrl}/reference#${id}`);
      await expect(page.getByTestId("operation")).toBeVisible();
      await expect(page.locator("main")).not.toContainText("§");
    }
  });

  test("the reference and search pages stay accessible and fit a phone", async ({ page }) => {
    await signUp(page, lede.baseUrl, uniqueEmail("reference-a11y"));
    for (const p of [
      "/reference#listStories",
      "/reference#backtest",
      `/search?q=minister`,
      `/search?q=minister+${NOWHERE}`,
    ]) {
      await page.goto(`${lede.baseUrl}${p}`);
      await expect(page.locator("h1")).toBeVisible();
      expect(await seriousA11yViolations(page), p).toEqual([]);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    for (const p of ["/reference#listStories", "/search?q=minister"]) {
      await page.goto(`${lede.baseUrl}${p}`);
      await expect(page.locator("h1")).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
  });
});
