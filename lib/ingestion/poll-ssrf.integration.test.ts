import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";

import { listItems, ListItemsQuery } from "../articles/list-items";
import { parseAllowList } from "../net";
import { redirectTo, respond, startTestServer } from "../net/test-http-server";
import { sourceHealth } from "../sources/source-health";
import { rssFeed } from "../testing/feed-server";
import { tempStore, testSource } from "../testing/temp-store";
import { IngestWorker, type WorkerOptions } from "./worker";

// The feed worker as the server runs it, against "internal" services on loopback: what it refuses is never
// requested, is recorded as the feed's failure with the reason, and nothing of it reaches /v1/items.
const log = pino({ level: "silent" });
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const internalFeed = rssFeed("Internal", [
  { title: "Internal admin console credentials", link: "https://internal.test/admin" },
]);

async function startInternal(host: string) {
  const server = await startTestServer({ "/x.xml": respond(internalFeed, "application/rss+xml") }, host);
  cleanups.push(() => server.close());
  return server;
}

async function runWorker(store: ReturnType<typeof tempStore>, opts: Partial<WorkerOptions>, feeds: number) {
  const worker = new IngestWorker({ store, log, concurrency: 4, perHostConcurrency: 4, tickMs: 10, ...opts });
  cleanups.push(() => worker.stop());
  worker.start();
  const end = Date.now() + 10_000;
  while ((await store.sources.feeds()).filter((f) => f.lastPolledAt !== null).length < feeds) {
    if (Date.now() > end) throw new Error("the feeds were not all polled in time");
    await new Promise((r) => setTimeout(r, 20));
  }
  await worker.stop();
}

const items = async (store: ReturnType<typeof tempStore>) => listItems(store, ListItemsQuery.parse({}));

describe("feed polling: SSRF", () => {
  it("without LEDE_FETCH_ALLOW_PRIVATE, never fetches a loopback feed in any spelling and records why", async () => {
    const internal = await startInternal("127.0.0.1");
    const store = tempStore();
    cleanups.push(() => store.cleanup());
    const source = await testSource(store, "internal", "Internal");
    const urls = [
      internal.url("/x.xml"),
      `http://2130706433:${internal.port}/x.xml`,
      `http://[::ffff:127.0.0.1]:${internal.port}/x.xml`,
    ];
    for (const url of urls) await store.sources.addFeed(source.id, url);

    // No fetch policy given: the worker's default, as with LEDE_FETCH_ALLOW_PRIVATE unset.
    await runWorker(store, {}, urls.length);

    expect(internal.hits()).toBe(0);
    for (const feed of await store.sources.feeds()) {
      expect(feed).toMatchObject({ consecutiveFailures: 1, lastSuccessAt: null });
      expect(feed.lastError).toMatch(
        /^refused: \S+ \((ipv4Mapped:)?loopback\) may not be fetched \(LEDE_FETCH_ALLOW_PRIVATE/,
      );
    }
    expect(await sourceHealth(store, source.id)).toMatchObject({
      status: "failing",
      lastError: expect.stringMatching(/^refused: /),
    });
    expect(await items(store)).toMatchObject({ total: 0, items: [] });
  });

  it("refuses a feed that redirects from an allowed endpoint to one that is not", async () => {
    const internal = await startInternal("127.0.0.2");
    const feeds = await startTestServer({
      "/ok.xml": respond(rssFeed("Allowed", [{ title: "Harbour reopens", link: "https://ok.test/a" }])),
      "/moved.xml": redirectTo(internal.url("/x.xml")),
    });
    cleanups.push(() => feeds.close());
    const store = tempStore();
    cleanups.push(() => store.cleanup());
    const allowed = await testSource(store, "allowed", "Allowed");
    const moved = await testSource(store, "moved", "Moved");
    await store.sources.addFeed(allowed.id, feeds.url("/ok.xml"));
    await store.sources.addFeed(moved.id, feeds.url("/moved.xml"));

    // Only the feed server's own endpoint is allowed, as LEDE_FETCH_ALLOW_PRIVATE=127.0.0.1:PORT would.
    await runWorker(store, { fetch: { allow: parseAllowList(feeds.host) } }, 2);

    expect(feeds.hits("/moved.xml")).toBe(1);
    expect(internal.hits()).toBe(0);
    const health = await sourceHealth(store, moved.id);
    expect(health.status).toBe("failing");
    expect(health.lastError).toBe(
      `refused: redirected to ${internal.url("/x.xml")}: 127.0.0.2 (loopback) may not be fetched (LEDE_FETCH_ALLOW_PRIVATE can allow it)`,
    );
    const served = await items(store);
    expect(served.total).toBe(1);
    expect(served.items.map((i) => i.title)).toEqual(["Harbour reopens"]);
  });
});
