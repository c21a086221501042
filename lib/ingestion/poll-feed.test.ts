import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { parseAllowList } from "../net";
import { rssFeed, startFeedServer } from "../testing/feed-server";
import { tempStore } from "../testing/temp-store";
import { backoffDelay, MIN_INTERVAL_MS, nextInterval, pollFeed } from "./poll-feed";

let store: ReturnType<typeof tempStore>;
let server: Awaited<ReturnType<typeof startFeedServer>>;
beforeEach(async () => {
  store = tempStore();
  server = await startFeedServer();
});
afterEach(async () => {
  await server.close();
  store.cleanup();
});

// The feed server is on loopback: allowed explicitly, as an operator would through LEDE_FETCH_ALLOW_PRIVATE.
const loopbackAllowed = { allow: parseAllowList("127.0.0.1") };

async function registerFeed(path: string) {
  const source = await store.sources.ensure({
    slug: "local",
    name: "Local News",
    homepage: "https://local.test/",
    country: null,
    language: "en",
    category: "world",
    logoUrl: null,
    description: null,
  });
  await store.sources.addFeed(source.id, server.url(path));
  const [feed] = await store.sources.dueFeeds(Date.now(), 10);
  if (!feed) throw new Error("feed not due");
  return feed;
}

describe("pollFeed", () => {
  it("stores new entries, appends item.new, and uses a conditional GET next time", async () => {
    server.set("/rss", {
      etag: '"v1"',
      body: rssFeed("Local", [
        {
          title: "Council approves budget",
          link: "https://local.test/a?utm_source=rss",
          pubDate: "Tue, 10 Jun 2025 10:00:00 GMT",
        },
        { title: "Bridge reopens", link: "/b" },
      ]),
    });
    const feed = await registerFeed("/rss");
    const now = () => Date.UTC(2025, 5, 10, 12);
    const first = await pollFeed({ store, now, fetch: loopbackAllowed }, feed);
    expect(first).toMatchObject({ ok: true, inserted: 2, entries: 2 });
    expect(server.headers("/rss")?.["user-agent"]).toMatch(/^LedeBot\//);
    const events = await store.events.after(0, 10);
    expect(events.map((e) => e.type)).toEqual(["item.new", "item.new"]);
    expect((events[1]?.payload?.data as { url: string }).url).toBe(server.url("/b"));

    const [again] = await store.sources.feeds();
    const second = await pollFeed({ store, now, fetch: loopbackAllowed }, { ...again!, source: feed.source });
    expect(second).toMatchObject({ ok: true, notModified: true });
    expect(server.headers("/rss")?.["if-none-match"]).toBe('"v1"');
    expect(await store.articles.count()).toBe(2);
  });

  it("records failures and backs off instead of dropping the feed", async () => {
    server.set("/broken", { status: 500, body: "oops" });
    const feed = await registerFeed("/broken");
    const at = Date.now();
    const out = await pollFeed({ store, now: () => at, fetch: loopbackAllowed }, feed);
    expect(out).toMatchObject({ ok: false, error: "HTTP 500" });
    const [health] = await store.sources.feeds();
    expect(health).toMatchObject({ consecutiveFailures: 1, lastError: "HTTP 500" });
    expect(health!.nextPollAt).toBeGreaterThanOrEqual(at + 0.9 * feed.intervalMs);
    // A second failure waits about twice as long: backed off, never dropped.
    await pollFeed({ store, now: () => at, fetch: loopbackAllowed }, { ...health!, source: feed.source });
    const [again] = await store.sources.feeds();
    expect(again).toMatchObject({ consecutiveFailures: 2 });
    expect(again!.nextPollAt - at).toBeGreaterThanOrEqual(1.8 * feed.intervalMs);
  });

  it("reports a parse error per feed", async () => {
    server.set("/html", { body: "<html><body>not a feed</body></html>", contentType: "text/html" });
    const feed = await registerFeed("/html");
    const out = await pollFeed({ store, now: Date.now, fetch: loopbackAllowed }, feed);
    expect(out.ok).toBe(false);
    expect((await store.sources.feeds())[0]?.lastError).toMatch(/not a recognised feed/);
  });
});

describe("scheduling", () => {
  it("polls active feeds sooner and quiet feeds later, within bounds", () => {
    expect(nextInterval(900_000, 5)).toBe(600_000);
    expect(nextInterval(900_000, 0)).toBe(1_125_000);
    expect(nextInterval(MIN_INTERVAL_MS, 10)).toBe(MIN_INTERVAL_MS);
  });

  it("backs off exponentially and honours Retry-After", () => {
    expect(backoffDelay(60_000, 0, undefined, () => 0.5)).toBe(60_000);
    expect(backoffDelay(60_000, 3, undefined, () => 0.5)).toBe(480_000);
    expect(backoffDelay(60_000, 0, 3_600_000, () => 0.5)).toBe(3_600_000);
  });
});
