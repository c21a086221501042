import type { Browser, BrowserContextOptions } from "@playwright/test";

import { median } from "../e2e/support/page-budgets";
import { measureInteractive, measureSort, type PageInteractive } from "./page-interactive";

// The dashboard's list pages at a database's size (issue #16): each is loaded from a cold cache several times and
// timed to interactive, with its DOM size and the rows it shows, which a paged list keeps to one page.

export interface ListPage {
  path: string;
  note: string;
  rowSelector: string;
  /** Rows one page holds. */
  pageSize: number;
}

const ROWS = {
  stories: '[data-testid="story-card"]',
  sources: '[data-testid="ranking-row"]',
  entities: '[data-testid="entity-results"] > li',
  entityArticles: '[data-testid="entity-articles"] > li',
  members: '[data-testid="member-article"]',
  search: '[data-testid="search-results"] > li',
};

/** Every list page of the dashboard, on the ids of the database's biggest story and most connected entity. */
export function listPages(ids: { bigStory: number; hub: number; sources: number }): ListPage[] {
  const middle = Math.floor(ids.sources / 2 / 50) * 50;
  return [
    { path: "/stories", note: "the feed", rowSelector: ROWS.stories, pageSize: 30 },
    { path: "/sources", note: "", rowSelector: ROWS.sources, pageSize: 50 },
    { path: "/sources?sort=speed_score&order=asc", note: "sorted", rowSelector: ROWS.sources, pageSize: 50 },
    ...(middle > 0
      ? [{ path: `/sources?offset=${middle}`, note: "halfway down", rowSelector: ROWS.sources, pageSize: 50 }]
      : []),
    { path: "/sources?q=news", note: "searched", rowSelector: ROWS.sources, pageSize: 50 },
    { path: "/entities", note: "", rowSelector: ROWS.entities, pageSize: 30 },
    { path: "/entities?q=united", note: "", rowSelector: ROWS.entities, pageSize: 30 },
    {
      path: `/entities/${ids.hub}`,
      note: "the most connected entity",
      rowSelector: ROWS.entityArticles,
      pageSize: 20,
    },
    { path: `/stories/${ids.bigStory}`, note: "the biggest story", rowSelector: ROWS.members, pageSize: 50 },
    {
      path: `/stories/${ids.bigStory}?offset=50`,
      note: "its second page of reports",
      rowSelector: ROWS.members,
      pageSize: 50,
    },
    { path: "/search?q=google", note: "", rowSelector: ROWS.search, pageSize: 20 },
  ];
}

export interface ListPageResult {
  page: ListPage;
  runs: PageInteractive[];
  interactiveMs: number;
}

export interface SortResult {
  runs: number[];
  ms: number;
}

export async function measureListPages(
  browser: Browser,
  base: string,
  storageState: BrowserContextOptions["storageState"],
  pages: ListPage[],
  runs: number,
): Promise<{ pages: ListPageResult[]; sort: SortResult }> {
  const out: ListPageResult[] = [];
  for (const page of pages) {
    const opts = { storageState, rowSelector: page.rowSelector };
    // One warm-up load: the first render after start loads the page's server modules.
    await measureInteractive(browser, `${base}${page.path}`, opts);
    const r: PageInteractive[] = [];
    for (let i = 0; i < runs; i++) r.push(await measureInteractive(browser, `${base}${page.path}`, opts));
    out.push({ page, runs: r, interactiveMs: median(r.map((x) => x.interactiveMs)) });
  }
  const sortRuns: number[] = [];
  const sortOpts = { storageState, rowSelector: ROWS.sources, header: "Speed" };
  for (let i = 0; i < runs; i++) sortRuns.push((await measureSort(browser, `${base}/sources`, sortOpts)).ms);
  return { pages: out, sort: { runs: sortRuns, ms: median(sortRuns) } };
}

/** The markdown table of one database's list pages. */
export function listPagesMarkdown(results: ListPageResult[], sort: SortResult, budgetMs: number): string[] {
  const fmt = (n: number) => n.toLocaleString("en");
  return [
    "| Page | Rows shown | Page size | DOM elements | Long tasks | Server | Shown | Interactive (median of 5) | Budget |",
    "|---|---|---|---|---|---|---|---|---|",
    ...results.map(({ page, runs, interactiveMs }) => {
      const last = runs[runs.length - 1];
      return `| \`${page.path}\`${page.note ? ` (${page.note})` : ""} | ${fmt(last?.rows ?? 0)} | ${page.pageSize} | ${fmt(last?.domNodes ?? 0)} | ${last?.longTasks ?? 0} | ${fmt(median(runs.map((x) => x.serverMs)))} ms | ${fmt(median(runs.map((x) => x.shownMs)))} ms | **${fmt(interactiveMs)} ms** (${runs.map((x) => x.interactiveMs).join(", ")}) | ${interactiveMs < budgetMs ? "met" : "**missed**"} |`;
    }),
    "",
    `Sorting the sources table (select the Speed header on \`/sources\`, until the sorted page is rendered): **${fmt(sort.ms)} ms** median (${sort.runs.join(", ")}).`,
  ];
}
