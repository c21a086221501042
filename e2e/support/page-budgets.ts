import { gzipSync } from "node:zlib";

import type { Browser, BrowserContextOptions } from "@playwright/test";

export interface PageLoad {
  /** From navigation start to the page's "interactive" mark (hydrated, event handlers attached). */
  interactiveMs: number;
  domInteractiveMs: number;
  /** JavaScript the page loaded, each file gzipped at the default level, summed. */
  jsGzipBytes: number;
  jsRawBytes: number;
  jsFiles: number;
}

/**
 * Loads `url` in a fresh browser context (empty cache, the given session) and measures it: the time to the
 * `mark` the page sets once hydrated, and the JavaScript it loaded, read from the network log.
 */
export async function measurePageLoad(
  browser: Browser,
  url: string,
  opts: { storageState: BrowserContextOptions["storageState"]; mark: string; readySelector: string },
): Promise<PageLoad> {
  const context = await browser.newContext({ storageState: opts.storageState });
  try {
    const page = await context.newPage();
    // By URL: a script preloaded and then executed is one download.
    const scripts = new Map<string, Promise<Buffer | null>>();
    page.on("response", (res) => {
      if (res.request().resourceType() === "script" && res.ok() && !scripts.has(res.url()))
        scripts.set(
          res.url(),
          res.body().catch(() => null),
        );
    });
    await page.goto(url, { waitUntil: "load" });
    await page.locator(opts.readySelector).waitFor({ state: "attached", timeout: 30_000 });
    // Not "networkidle": the page holds its live stream open. Scripts a hydrated page still fetches come at once.
    await page.waitForTimeout(500);
    const timing = await page.evaluate((mark) => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
      const m = performance.getEntriesByName(mark)[0];
      return { interactive: m?.startTime ?? -1, domInteractive: nav?.domInteractive ?? -1 };
    }, opts.mark);
    if (timing.interactive < 0) throw new Error(`the page never set the mark ${opts.mark}`);
    const bodies = (await Promise.all(scripts.values())).filter((b): b is Buffer => b !== null);
    return {
      interactiveMs: Math.round(timing.interactive),
      domInteractiveMs: Math.round(timing.domInteractive),
      jsGzipBytes: bodies.reduce((n, b) => n + gzipSync(b).length, 0),
      jsRawBytes: bodies.reduce((n, b) => n + b.length, 0),
      jsFiles: bodies.length,
    };
  } finally {
    await context.close();
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
