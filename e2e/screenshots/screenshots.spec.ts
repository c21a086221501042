import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test, type Locator, type Page } from "@playwright/test";

import { signIn, signUp } from "../support/dashboard";
import { startLede, type LedeServer } from "../support/lede-server";
import { writeArchive, writeTickerStories } from "../support/news-data";

// The screenshots of docs/screenshots, taken on real news: the first 4,000 articles of the labelled 2014 archive
// (its stories develop, name entities and securities; its entities form networks of hundreds) and business stories
// naming real companies, dated just after the archive's newest article so the whole database reads as one archive
// (sources are ranked over the 30 days before the newest article). Each page is shot in the light theme, then
// switched to the dark one with the header's toggle, so both pictures show the same layout.
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/screenshots");
const VIEWPORT = { width: 1280, height: 800 };
const THEMES = ["light", "dark"] as const;
/** One reader for every picture: the address shows in the header. */
const READER = "reader@example.test";
type Theme = (typeof THEMES)[number];

let lede: LedeServer;
let tmp: string;
let key: string;
/** The stories of the archive, most articles first: `lede export assignments` names each article's story. */
let storyIds: number[];

/** The newest publication time in a JSON Lines news file. */
function newestPublished(file: string): number {
  const times = fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => Number((JSON.parse(line) as { published_at?: number }).published_at ?? 0));
  return Math.max(...times);
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-screenshots-"));
  const archive = path.join(tmp, "archive.jsonl");
  expect(writeArchive(archive, 4000)).toBe(4000);
  const business = path.join(tmp, "tickers.jsonl");
  writeTickerStories(business, newestPublished(archive) + 10 * 60_000);
  const assignments = path.join(tmp, "assignments.jsonl");
  lede = await startLede({}, ({ cli }) => {
    for (const file of [archive, business]) {
      const r = cli(["import", file]);
      expect(r.status, r.stderr).toBe(0);
    }
    const k = cli(["keys", "create", "--email", "screenshots@example.test", "--tier", "business"]);
    expect(k.status, k.stderr).toBe(0);
    key = /lede_live_[0-9a-f]{64}/.exec(k.stdout)?.[0] ?? "";
    const x = cli(["export", "assignments", "--out", assignments]);
    expect(x.status, x.stderr).toBe(0);
  });
  expect(key).not.toBe("");
  const perStory = new Map<number, number>();
  for (const line of fs.readFileSync(assignments, "utf8").split("\n").filter(Boolean)) {
    const { story_id: id } = JSON.parse(line) as { story_id: number | null };
    if (id !== null) perStory.set(id, (perStory.get(id) ?? 0) + 1);
  }
  storyIds = [...perStory].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  expect(storyIds.length).toBeGreaterThan(50);
  fs.mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage();
  await signUp(page, lede.baseUrl, READER);
  await page.close();
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});
test.use({ viewport: VIEWPORT, deviceScaleFactor: 1, colorScheme: "light", reducedMotion: "reduce" });

async function api<T>(pathAndQuery: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${lede.baseUrl}${pathAndQuery}`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, body: (await res.json()) as T };
}

async function signInAsReader(page: Page) {
  await signIn(page, lede.baseUrl, READER);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Console errors and uncaught exceptions of the page, from the moment it is watched. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on("pageerror", (e) => errors.push(`exception: ${e.message}`));
  return errors;
}

/** Switches with the header's toggle (a no-op when the page is already in `theme`) and leaves no hover or focus. */
async function switchTheme(page: Page, theme: Theme) {
  const toggle = page.getByRole("button", { name: "Dark theme" });
  if ((await toggle.getAttribute("aria-pressed")) !== String(theme === "dark")) await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", String(theme === "dark"));
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /(^|\s)dark(\s|$)/ : /^(?!.*\bdark\b)/);
  await page.mouse.move(0, VIEWPORT.height - 1);
  await toggle.blur();
}

/** The colour Cytoscape paints node labels with: it follows the theme. */
function labelColour(graph: Locator): Promise<string> {
  return graph.evaluate((el) => {
    interface Cy {
      nodes(): { first(): { style(k: string): string } };
    }
    return (el as unknown as { _cyreg: { cy: Cy } })._cyreg.cy.nodes().first().style("color");
  });
}

/** Fonts loaded and two frames painted: what is on screen is what the page has settled on. */
async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** Width and height from the PNG's IHDR chunk, after checking the signature. */
function pngSize(file: string): { width: number; height: number } {
  const head = fs.readFileSync(file).subarray(0, 24);
  expect(
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
    file,
  ).toBe(true);
  expect(head.subarray(12, 16).toString("latin1"), file).toBe("IHDR");
  return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
}

/** Shoots `name-theme.png` into docs/screenshots, then checks the file is a fresh PNG of the expected size. */
async function shoot(page: Page, errors: string[], name: string, theme: Theme, fullPage: boolean) {
  await settled(page);
  expect(errors, `${name} (${theme})`).toEqual([]);
  const file = path.join(OUT, `${name}-${theme}.png`);
  const height = fullPage
    ? await page.evaluate(() => document.documentElement.scrollHeight)
    : VIEWPORT.height;
  const started = Date.now();
  await page.screenshot({ path: file, fullPage, animations: "disabled", caret: "hide" });
  expect(fs.statSync(file).mtimeMs).toBeGreaterThanOrEqual(started - 1000);
  expect(pngSize(file)).toEqual({ width: VIEWPORT.width, height });
  if (fullPage) expect(height).toBeGreaterThan(VIEWPORT.height);
}

/** Shoots the page in both themes, checking the graph (if any) is drawn and recoloured for each. */
async function shootBothThemes(
  page: Page,
  errors: string[],
  name: string,
  opts: { fullPage: boolean; graph?: Locator; ready: () => Promise<void> },
) {
  let previous: string | undefined;
  for (const theme of THEMES) {
    await switchTheme(page, theme);
    await opts.ready();
    if (opts.graph) {
      await expect(opts.graph).toHaveAttribute("data-ready", "true", { timeout: 15_000 });
      expect(Number(await opts.graph.getAttribute("data-nodes"))).toBeGreaterThan(1);
      const colour = await labelColour(opts.graph);
      if (previous !== undefined) expect(colour, "the graph follows the theme").not.toBe(previous);
      previous = colour;
    }
    await shoot(page, errors, name, theme, opts.fullPage);
  }
}

interface ApiStory {
  id: number;
  headline: string;
  article_count: number;
  developments: unknown[];
  tickers: unknown[];
}

test("the story page: summary, developments, articles, securities and its Who and where graph", async ({
  page,
}) => {
  // Among the twenty biggest stories, the one with the most developments, then the most entities, that names
  // securities; a story of a hundred articles at most keeps the full-page picture readable.
  let best: (ApiStory & { entities: number }) | undefined;
  for (const id of storyIds.slice(0, 20)) {
    const { status, body: story } = await api<ApiStory>(`/v1/stories/${id}`);
    if (status === 404) continue; // merged into another story
    expect(status).toBe(200);
    if (story.article_count > 100 || !story.tickers.length || !story.developments.length) continue;
    const { body: graph } = await api<{ entities: unknown[] }>(
      `/v1/graph/story-entity?story_id=${id}&limit=30`,
    );
    const candidate = { ...story, entities: graph.entities.length };
    const developments = candidate.developments.length - (best?.developments.length ?? -1);
    if (developments > 0 || (developments === 0 && candidate.entities > (best?.entities ?? -1)))
      best = candidate;
  }
  if (!best) throw new Error("no story with developments and securities among the archive's biggest");
  expect(best.article_count).toBeGreaterThanOrEqual(5);
  expect(best.entities).toBeGreaterThanOrEqual(5);
  console.log(
    `story ${best.id}: "${best.headline}", ${best.article_count} articles, ${best.developments.length} developments, ${best.tickers.length} securities, ${best.entities} entities`,
  );

  const errors = watchErrors(page);
  await signInAsReader(page);
  await page.goto(`${lede.baseUrl}/stories/${best.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Securities" }).getByTestId("story-tickers")).toBeVisible();
  await expect(page.getByRole("region", { name: "Developments" }).locator("li").first()).toBeVisible();
  await shootBothThemes(page, errors, "story", {
    fullPage: true,
    graph: page.getByTestId("graph"),
    ready: () => expect(page.getByTestId("live-status")).toHaveAttribute("data-status", /^(live|idle)$/),
  });
});

test("the entity explorer: a well-connected entity's two-hop network", async ({ page }) => {
  // The entity with the biggest two-hop network among the first twenty of the list, at the page's depth and limit.
  const { body } = await api<{ entities: Array<{ id: number; name: string }> }>("/v1/entities?limit=20");
  let centre: { id: number; name: string; nodes: number } | undefined;
  for (const e of body.entities) {
    const { body: net } = await api<{ nodes: unknown[] }>(
      `/v1/graph/entity-network?entity_id=${e.id}&depth=2&limit=50`,
    );
    if (!centre || net.nodes.length > centre.nodes) centre = { ...e, nodes: net.nodes.length };
  }
  if (!centre) throw new Error("no entity in the imported news");
  expect(centre.nodes).toBeGreaterThan(20);
  console.log(`entity ${centre.id}: ${centre.name}, ${centre.nodes} entities within two hops`);

  const errors = watchErrors(page);
  await signInAsReader(page);
  await page.goto(`${lede.baseUrl}/entities/${centre.id}`);
  await expect(page.getByRole("heading", { level: 1, name: centre.name })).toBeVisible();
  await expect(page.getByRole("radio", { name: "2 hops" })).toBeChecked();
  // The whole explorer in the picture: its card just below the sticky header, down to the graph's last line.
  const network = page.getByRole("region", { name: "Network" });
  await network.evaluate((card) => {
    const header = document.querySelector("header")?.getBoundingClientRect().height ?? 0;
    window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY - header - 16);
  });
  await shootBothThemes(page, errors, "entities", {
    fullPage: false,
    graph: page.getByTestId("graph"),
    ready: async () => {
      // The last line of the panel ("40 of 50 entities shown", "Show more") is above the bottom of the window.
      const shown = page.getByTestId("graph-shown");
      await expect(page.getByTestId("graph-legend")).toBeInViewport();
      await expect(shown).toBeInViewport({ ratio: 1 });
      const header = await page.locator("header").first().boundingBox();
      const card = await network.boundingBox();
      expect(card?.y ?? 0, "the card starts below the sticky header").toBeGreaterThan(
        (header?.y ?? 0) + (header?.height ?? 0),
      );
    },
  });
});

test("/sources: the counts and the top of the rankings table", async ({ page }) => {
  const errors = watchErrors(page);
  await signInAsReader(page);
  await page.goto(`${lede.baseUrl}/sources`);
  await expect(page.getByRole("heading", { level: 1, name: "Sources" })).toBeVisible();
  const rows = page.getByRole("region", { name: "Rankings" }).locator("tbody tr");
  await shootBothThemes(page, errors, "sources", {
    fullPage: false,
    ready: async () => {
      const status = await page.getByTestId("sources-status").textContent();
      const ranked = /^[\d,]+ sources, ([\d,]+) ranked$/.exec(status ?? "")?.[1] ?? "0";
      expect(Number(ranked.replace(/,/g, "")), status ?? "").toBeGreaterThan(100);
      expect(await rows.count()).toBeGreaterThan(10);
    },
  });
});
