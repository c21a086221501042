import type { Browser, BrowserContextOptions, Page } from "@playwright/test";

// Time to interactive of a server-rendered dashboard page, the way Lighthouse defines it, plus streaming: the latest
// of the load event (every script, hydration's included, has run), the first frame showing the page's rows or heading
// (a streamed page may reveal its content after the load event) and the end of the last long task (> 50 ms on the
// main thread) before a quiet second. A page busy hydrating or laying out thousands of elements shows long tasks.

/** Records long tasks' ends and the first frame in which `selector` (or, for an empty list, an h1) is visible. */
const observe = (selector: string) => `(() => {
  const w = window;
  w.__ledeLongTasks = [];
  w.__ledeShown = -1;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__ledeLongTasks.push(e.startTime + e.duration);
    }).observe({ type: "longtask", buffered: true });
  } catch {}
  const visible = (el) => el !== null && el.getClientRects().length > 0 && !el.closest("[hidden]");
  const frame = () => {
    if (visible(document.querySelector(${JSON.stringify(selector)})) || visible(document.querySelector("main h1"))) {
      w.__ledeShown = performance.now();
      return;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

const QUIET_MS = 1_000;

export interface PageInteractive {
  interactiveMs: number;
  /** Request sent → first byte of the HTML. */
  serverMs: number;
  loadMs: number;
  /** Navigation start → the first frame showing the rows (or the heading). */
  shownMs: number;
  longTasks: number;
  /** Elements in the document once quiet. */
  domNodes: number;
  /** Elements matching the page's row selector (its list's rows). */
  rows: number;
}

type Marks = { __ledeLongTasks: number[]; __ledeShown: number };

/** Reads the timing of a page already loaded in a context that ran `observe(rowSelector)` first. */
async function readInteractive(page: Page, rowSelector: string): Promise<PageInteractive> {
  // Wait for the content, then a quiet second after it, the load event and the last long task.
  for (let i = 0; i < 80; i++) {
    const idle = await page.evaluate((quiet) => {
      const w = window as unknown as Marks;
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const last = Math.max(nav.loadEventEnd, w.__ledeShown, ...w.__ledeLongTasks);
      return nav.loadEventEnd > 0 && w.__ledeShown >= 0 && performance.now() - last >= quiet;
    }, QUIET_MS);
    if (idle) break;
    if (i === 79) throw new Error(`${page.url()}: never showed ${rowSelector} or a heading and went quiet`);
    await page.waitForTimeout(250);
  }
  return page.evaluate((selector) => {
    const w = window as unknown as Marks;
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return {
      interactiveMs: Math.round(Math.max(nav.loadEventEnd, w.__ledeShown, ...w.__ledeLongTasks)),
      serverMs: Math.round(nav.responseStart - nav.requestStart),
      loadMs: Math.round(nav.loadEventEnd),
      shownMs: Math.round(w.__ledeShown),
      longTasks: w.__ledeLongTasks.length,
      domNodes: document.getElementsByTagName("*").length,
      rows: document.querySelectorAll(selector).length,
    };
  }, rowSelector);
}

/** Loads `url` in a fresh browser context (empty cache, the given session) and measures it. */
export async function measureInteractive(
  browser: Browser,
  url: string,
  opts: { storageState: BrowserContextOptions["storageState"]; rowSelector: string },
): Promise<PageInteractive> {
  const context = await browser.newContext({ storageState: opts.storageState });
  try {
    await context.addInitScript(observe(opts.rowSelector));
    const page = await context.newPage();
    const res = await page.goto(url, { waitUntil: "load" });
    if (!res?.ok()) throw new Error(`${url}: status ${res?.status()}`);
    return await readInteractive(page, opts.rowSelector);
  } finally {
    await context.close();
  }
}

/**
 * Opens `url`, waits for it to be interactive, then selects the link `name` in the column header and times the
 * answer: select → the header reports the new sort (the server's sorted page fetched and rendered).
 */
export async function measureSort(
  browser: Browser,
  url: string,
  opts: { storageState: BrowserContextOptions["storageState"]; rowSelector: string; header: string },
): Promise<{ ms: number; rows: number }> {
  const context = await browser.newContext({ storageState: opts.storageState });
  try {
    await context.addInitScript(observe(opts.rowSelector));
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "load" });
    await readInteractive(page, opts.rowSelector);
    const header = page.getByRole("columnheader", { name: opts.header });
    const t0 = Date.now();
    await header.getByRole("link").click();
    // The header reports its sort only once the server's sorted page has been rendered.
    await header.and(page.locator("[aria-sort]")).waitFor({ timeout: 30_000 });
    const ms = Date.now() - t0;
    return { ms, rows: await page.locator(opts.rowSelector).count() };
  } finally {
    await context.close();
  }
}
