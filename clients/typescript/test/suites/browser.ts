// The browser path: the package bundles for browsers without Node modules (`ws` is mapped away), and the bundle
// runs in Chromium against the real server: REST over fetch with CORS-exposed headers, the feed over the browser's
// WebSocket with `ping` messages as heartbeat.
import path from "node:path";
import { fileURLToPath } from "node:url";

import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";

import type { TestServer } from "../support/server";

const ENTRY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../src/index.ts");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function browserBundle(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: "browser",
    format: "iife",
    globalName: "LedeClient",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

export function browserSuite(server: () => TestServer): void {
  let browser: Browser | undefined;
  afterAll(async () => browser?.close());

  describe("in a browser", () => {
    it("bundles for browsers without Node modules", async () => {
      const code = await browserBundle();
      expect(code).not.toMatch(/\brequire\(|["']node:|["']ws["']/);
      expect(code).toContain("LedeRealtime");
    });

    it("runs REST calls and the live feed in Chromium", async () => {
      const code = await browserBundle();
      browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
      const page = await browser.newPage();
      await page.goto(`${server().baseUrl}/v1/version`);
      await page.addScriptTag({ content: code });
      const result = await page.evaluate(
        async ({ key, proKey, baseUrl }) => {
          type Client = typeof import("../../src/index");
          const { Lede, LedeRealtime } = (window as unknown as { LedeClient: Client }).LedeClient;
          const rest = new Lede({ apiKey: key, baseUrl });
          const stories = await rest.listStories({ limit: 2 });
          const remaining = rest.lastHeaders?.get("X-RateLimit-Remaining");
          const pro = new Lede({ apiKey: proKey, baseUrl });
          const now = Date.now();
          const logged = await pro.backtest({
            from: now - 2 * 86_400_000,
            to: now + 60_000,
            types: ["item.new"],
            limit: 5000,
          });
          const ids = logged.events.map((e) => e.id);
          const feed = new LedeRealtime({
            apiKey: key,
            baseUrl,
            filters: { types: ["item.new"] },
            sinceId: ids[ids.length - 6],
            pingIntervalMs: 300,
          });
          const got: number[] = [];
          for await (const e of feed) {
            got.push(e.id);
            if (got.length === 5) break;
          }
          // Survive a few heartbeats (JSON pings: browsers cannot send ping frames).
          await new Promise((r) => setTimeout(r, 1200));
          const connected = feed.connected;
          feed.close();
          return {
            count: stories.stories.length,
            remaining,
            got,
            expected: ids.slice(-5),
            connected,
            reconnects: feed.reconnects,
          };
        },
        { key: server().keys.starter, proKey: server().keys.pro, baseUrl: server().baseUrl },
      );
      expect(result.count).toBe(2);
      expect(Number(result.remaining)).toBeGreaterThan(0);
      expect(result.got).toEqual(result.expected);
      expect(result.connected).toBe(true);
      expect(result.reconnects).toBe(0);
    });
  });
}
