import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Article, Feed, Source, StoredEvent } from "../db/types";
import { parseAllowList } from "../net";
import { sourceHealth } from "../sources/source-health";
import { tempStore } from "../testing/temp-store";
import { canonicalizeUrl, urlHash } from "./canonical-url";
import { MAX_REDIRECTS } from "./fetch-feed";
import { startFixtureServer } from "./fixtures/fixture-server";
import { FIXTURE_ROUTES } from "./fixtures/routes";
import { LatencyRecorder } from "./latency";
import { pollFeed, type PollOutcome } from "./poll-feed";

// Acceptance 1: real polls of 29 fixture feeds on a loopback server, through fetch, parse, normalise, dedup, store
// and the event log, each with its expected outcome.
const NOW = Date.UTC(2025, 5, 10, 12);
const TIMEOUT_MS = 800;

let store: ReturnType<typeof tempStore>;
let server: Awaited<ReturnType<typeof startFixtureServer>>;
const latency = new LatencyRecorder();
const registered = new Map<string, { source: Source; feedId: number }>();

beforeAll(async () => {
  store = tempStore();
  server = await startFixtureServer(FIXTURE_ROUTES);
});
afterAll(async () => {
  await server.close();
  store.cleanup();
});

async function register(path: string, opts: { category?: string; feedCategory?: string } = {}) {
  const slug = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "");
  const source = await store.sources.ensure({
    slug,
    name: slug,
    homepage: `https://${slug}.test/`,
    country: null,
    language: "en",
    category: opts.category ?? "world",
    logoUrl: `https://${slug}.test/favicon.ico`,
    description: null,
  });
  const feed = await store.sources.addFeed(source.id, server.url(path), { category: opts.feedCategory });
  registered.set(path, { source, feedId: feed.id });
}

async function feedOf(path: string): Promise<Feed & { source: Source }> {
  const r = registered.get(path) ?? (await register(path), registered.get(path));
  if (!r) throw new Error(`not registered: ${path}`);
  const feed = (await store.sources.feeds(r.source.id)).find((f) => f.id === r.feedId) as Feed;
  return { ...feed, source: (await store.sources.get(r.source.id)) as Source };
}

async function poll(path: string, at = NOW): Promise<PollOutcome> {
  // The fixture server is on loopback: allowed explicitly, as an operator would through LEDE_FETCH_ALLOW_PRIVATE.
  const loopbackAllowed = { allow: parseAllowList("127.0.0.1") };
  return pollFeed(
    { store, now: () => at, timeoutMs: TIMEOUT_MS, latency, fetch: loopbackAllowed },
    await feedOf(path),
  );
}

const article = async (url: string): Promise<Article | null> =>
  store.articles.getByHash(urlHash(canonicalizeUrl(url)));

async function itemNewEvents(): Promise<StoredEvent[]> {
  return (await store.events.after(0, 10_000)).filter((e) => e.type === "item.new");
}

async function storedOf(path: string): Promise<Article[]> {
  const { source } = registered.get(path) as { source: Source };
  return (
    await store.articles.list({
      limit: 100,
      offset: 0,
      sourceIds: [source.id],
      sortBy: "published",
      sortOrder: "asc",
    })
  ).items;
}

describe("formats", () => {
  it("RSS 2.0: fields, media images, item categories, tracking parameters dropped", async () => {
    expect(await poll("/rss2-news.xml")).toMatchObject({ ok: true, entries: 3, inserted: 3, invalid: 0 });
    const bridge = await article("https://harbourgazette.test/news/victoria-bridge-plan");
    expect(bridge).toMatchObject({
      title: "Council approves plan to rebuild the Victoria bridge",
      url: "https://www.harbourgazette.test/news/victoria-bridge-plan?utm_source=rss&utm_medium=feed",
      canonicalUrl: "https://harbourgazette.test/news/victoria-bridge-plan",
      category: "politics",
      publishedAt: Date.UTC(2025, 5, 10, 8, 30),
      discoveredAt: NOW,
      excerpt: expect.stringMatching(/^The city council voted 31 to 9/),
      imageUrl: "https://harbourgazette.test/img/bridge.jpg",
      language: "en",
      duplicateOf: null,
    });
    expect(await article("https://harbourgazette.test/news/ferries-full-timetable")).toMatchObject({
      category: "business",
      imageUrl: "https://harbourgazette.test/img/ferry.jpg",
    });
    expect(await article("https://harbourgazette.test/sport/cup-semi-final")).toMatchObject({
      category: "sports",
      imageUrl: "https://harbourgazette.test/img/cup-thumb.jpg",
    });
    // The channel's image replaces the favicon the registry derived as the source's logo.
    expect((await feedOf("/rss2-news.xml")).source.logoUrl).toBe(
      "https://harbourgazette.test/static/logo.png",
    );
  });

  it("RSS 1.0 / RDF with Dublin Core dates and subjects", async () => {
    expect(await poll("/rdf.xml")).toMatchObject({ ok: true, inserted: 2 });
    expect(await article("https://observatory.test/comet")).toMatchObject({
      publishedAt: Date.UTC(2025, 5, 9, 22, 10),
      category: "science",
    });
    expect((await article("https://observatory.test/telescope"))?.publishedAt).toBe(Date.UTC(2025, 5, 8, 4));
  });

  it("Atom 1.0: language, HTML titles, enclosure links, content when there is no summary", async () => {
    expect(await poll("/atom.xml")).toMatchObject({ ok: true, inserted: 2 });
    expect(await article("https://quotidien-port.test/ville/parking")).toMatchObject({
      title: "La mairie renonce au nouveau parking",
      language: "fr",
      category: "politics",
      publishedAt: Date.UTC(2025, 5, 10, 6),
      imageUrl: "https://quotidien-port.test/img/parking.jpg",
    });
    expect(await article("https://quotidien-port.test/culture/jazz")).toMatchObject({
      excerpt: "Trente concerts sur quatre scènes, du 10 au 14 juillet.",
      category: "entertainment",
      publishedAt: Date.UTC(2025, 5, 9, 18, 30),
    });
  });

  it("JSON Feed 1.1 and 1.0", async () => {
    expect(await poll("/feed.json")).toMatchObject({ ok: true, inserted: 2 });
    expect(await article("https://circuitweekly.test/2025/06/chipmaker-new-fab")).toMatchObject({
      category: "technology",
      imageUrl: "https://circuitweekly.test/img/fab.jpg",
      publishedAt: Date.UTC(2025, 5, 10, 10),
      language: "en",
    });
    expect((await article("https://circuitweekly.test/2025/06/open-source-release"))?.excerpt).toMatch(
      /^After six years/,
    );
    expect(await poll("/feed-v1.json")).toMatchObject({ ok: true, inserted: 1 });
    expect((await article("https://almanac.test/orchards-frost"))?.excerpt).toBe(
      "Growers lit burners overnight to protect apple blossom.",
    );
  });

  it("a valid feed with no items is a success with nothing new", async () => {
    expect(await poll("/empty.xml")).toMatchObject({
      ok: true,
      entries: 0,
      inserted: 0,
      feedToEventMs: null,
    });
  });
});

describe("normalisation", () => {
  it("resolves relative links and images against the feed's URL", async () => {
    expect(await poll("/valley/feed/rss.xml")).toMatchObject({ ok: true, inserted: 2 });
    expect(await article(server.url("/local/library-summer-hours"))).toMatchObject({
      imageUrl: server.url("/valley/img/library.jpg"),
    });
    const lane = await article(server.url("/valley/feed/local/mill-lane-closure?ref=rss"));
    expect(lane?.url).toBe(server.url("/valley/feed/local/mill-lane-closure?ref=rss#comments"));
    expect(lane?.canonicalUrl).toBe(
      `https://127.0.0.1:${new URL(server.url("/")).port}/valley/feed/local/mill-lane-closure?ref=rss`,
    );
  });

  it("resolves against the final URL after a redirect", async () => {
    expect(await poll("/moved.xml")).toMatchObject({ ok: true, inserted: 1 });
    expect(await article(server.url("/new-home/story-new-offices"))).not.toBeNull();
  });

  it("strips HTML from titles and excerpts, skips untitled items without failing the feed", async () => {
    expect(await poll("/rss2-html-titles.xml")).toMatchObject({
      ok: true,
      entries: 3,
      inserted: 2,
      invalid: 1,
    });
    expect(await article("https://markup.test/politics/contracts")).toMatchObject({
      title: "Exclusive: Minister & aides questioned over contracts",
      excerpt: "The inquiry heard evidence “in private”.",
    });
    expect(await article("https://markup.test/business/prices")).toMatchObject({
      title: "Prices rise again & shoppers cut back",
      excerpt: "Inflation reached 3.4% in May.",
      category: "business",
    });
  });

  it("reads malformed and localised dates, never failing on them", async () => {
    expect(await poll("/rss2-dates.xml")).toMatchObject({ ok: true, inserted: 7 });
    const at = async (n: number) => (await article(`https://clockwatch.test/${n}`))?.publishedAt;
    expect(await at(1)).toBe(Date.UTC(2025, 5, 10, 10));
    expect(await at(2)).toBe(Date.UTC(2025, 5, 10, 10));
    expect(await at(3)).toBe(0);
    expect(await at(4)).toBe(0);
    expect(await at(5)).toBe(NOW); // a future date is clamped to the discovery time
    expect(await at(6)).toBe(0);
    expect(await at(7)).toBe(0);
  });

  it("decodes ISO-8859-1 declared only in the XML declaration", async () => {
    expect(await poll("/latin1.xml")).toMatchObject({ ok: true, inserted: 2 });
    expect((await article("https://journal-geneve.test/congres-meteo"))?.title).toBe(
      "Genève accueille le congrès des météorologues",
    );
    expect((await article("https://journal-geneve.test/zurich-tram"))?.title).toBe(
      "Zürich: Straßenbahn fährt wieder über die Brücke",
    );
  });

  it("decodes windows-1252 named in the Content-Type header", async () => {
    expect(await poll("/cp1252.xml")).toMatchObject({ ok: true, inserted: 1 });
    expect(await article("https://quotepost.test/tram-extension")).toMatchObject({
      title: "Mayor says “no more delays” on €12m tram extension",
      excerpt: "The mayor’s office promised work would finish by 2027 – a year late.",
    });
  });

  it("decodes UTF-8 with a byte-order mark", async () => {
    expect(await poll("/bom.xml")).toMatchObject({ ok: true, inserted: 1 });
    expect((await article("https://bomdaily.test/pedestrian-zone"))?.title).toBe(
      "Café owners welcome the pedestrian zone in São Bento",
    );
  });
});

describe("categories", () => {
  it("classifies a general outlet's items, falling back to world", async () => {
    await register("/general-news.xml", { category: "world" });
    expect(await poll("/general-news.xml")).toMatchObject({ ok: true, inserted: 4 });
    const cat = async (n: number) => (await article(`https://metrodaily.test/a${n}`))?.category;
    expect([await cat(1), await cat(2), await cat(3), await cat(4)]).toEqual([
      "sports",
      "crypto",
      "science",
      "world",
    ]);
  });

  it("takes a topic feed's category over the classifier", async () => {
    await register("/gadgets.xml", { category: "world", feedCategory: "technology" });
    expect(await poll("/gadgets.xml")).toMatchObject({ ok: true, inserted: 1 });
    expect((await article("https://gadgetbench.test/folding-reader"))?.category).toBe("technology");
  });
});

describe("events", () => {
  it("appends exactly one item.new per stored article, carrying the article", async () => {
    const articles = await store.articles.count();
    const events = await itemNewEvents();
    expect(events).toHaveLength(articles);
    expect(new Set(events.map((e) => e.articleId)).size).toBe(articles);
    const bridge = await article("https://harbourgazette.test/news/victoria-bridge-plan");
    const event = events.find((e) => e.articleId === bridge?.id);
    expect(event?.payload).toMatchObject({
      type: "item.new",
      data: { url_hash: bridge?.urlHash, category: "politics", source_id: String(bridge?.sourceId) },
    });
  });

  it("records feed-to-event latency for polls that found something new", () => {
    const snapshot = latency.snapshot();
    expect(snapshot?.count).toBeGreaterThanOrEqual(10);
    expect(snapshot?.p50).toBeGreaterThan(0);
  });
});

describe("conditional GET", () => {
  it("sends If-None-Match and counts the 304, storing nothing twice", async () => {
    const before = await itemNewEvents();
    expect(await poll("/rss2-news.xml", NOW + 600_000)).toMatchObject({ ok: true, notModified: true });
    expect(await poll("/rss2-news.xml", NOW + 1_200_000)).toMatchObject({ ok: true, notModified: true });
    expect(server.stats("/rss2-news.xml")).toMatchObject({ requests: 3, notModified: 2 });
    expect(await itemNewEvents()).toHaveLength(before.length);
    const feed = await feedOf("/rss2-news.xml");
    expect(feed).toMatchObject({ etag: '"news-v1"', consecutiveFailures: 0, lastSuccessAt: NOW + 1_200_000 });
  });

  it("sends If-Modified-Since when the feed only gives Last-Modified", async () => {
    expect(await poll("/atom.xml", NOW + 600_000)).toMatchObject({ ok: true, notModified: true });
    expect(server.stats("/atom.xml")).toMatchObject({ requests: 2, notModified: 1 });
  });

  it("polls a quiet feed less often, and an active one more often", async () => {
    const quiet = await feedOf("/rss2-news.xml");
    expect(quiet.intervalMs).toBeGreaterThan(900_000);
    const active = await feedOf("/general-news.xml");
    expect(active.intervalMs).toBeLessThan(900_000);
    expect(active.nextPollAt).toBe(NOW + active.intervalMs);
  });
});

describe("faults", () => {
  it("times out a slow feed and backs it off", async () => {
    const out = await poll("/slow.xml");
    expect(out).toEqual({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
    const feed = await feedOf("/slow.xml");
    expect(feed).toMatchObject({
      consecutiveFailures: 1,
      lastError: out.ok ? null : out.error,
      lastErrorAt: NOW,
    });
  });

  it("times out a feed that hangs mid-body", async () => {
    expect(await poll("/hang.xml")).toEqual({ ok: false, error: `timed out after ${TIMEOUT_MS} ms` });
  });

  it("backs a failing feed off exponentially, records its health, and never drops it", async () => {
    const delays: number[] = [];
    let at = NOW;
    for (let i = 0; i < 4; i++) {
      expect(await poll("/failing.xml", at)).toEqual({ ok: false, error: "HTTP 500" });
      const feed = await feedOf("/failing.xml");
      delays.push(feed.nextPollAt - at);
      at = feed.nextPollAt;
    }
    // Each retry waits about twice as long as the one before (±10 % jitter).
    for (let i = 1; i < delays.length; i++)
      expect((delays[i] as number) / (delays[i - 1] as number)).toBeGreaterThan(1.6);
    const feed = await feedOf("/failing.xml");
    expect(feed).toMatchObject({ consecutiveFailures: 4, lastError: "HTTP 500", lastSuccessAt: null });
    expect(await sourceHealth(store, feed.sourceId)).toMatchObject({
      status: "failing",
      consecutiveFailures: 4,
      lastError: "HTTP 500",
    });
    // Backed off, not dropped: it is due again once its delay has passed.
    const due = await store.sources.dueFeeds(feed.nextPollAt, 1000);
    expect(due.map((f) => f.id)).toContain(feed.id);
  });

  it("honours Retry-After on a rate-limited feed", async () => {
    expect(await poll("/rate-limited.xml")).toMatchObject({ ok: false, error: "HTTP 429" });
    expect((await feedOf("/rate-limited.xml")).nextPollAt - NOW).toBeGreaterThanOrEqual(3_600_000);
  });

  it("refuses a billion-laughs document with a clear error", async () => {
    expect(await poll("/billion-laughs.xml")).toEqual({
      ok: false,
      error: "feed declares XML entities (refused: entity expansion)",
    });
    expect(await storedOf("/billion-laughs.xml")).toEqual([]);
  });

  it("refuses an external entity hidden behind prolog comments", async () => {
    expect(await poll("/hidden-entity.xml")).toMatchObject({ ok: false, error: /entity expansion/ });
  });

  it("refuses an oversized document by its declared length without reading it", async () => {
    expect(await poll("/oversized-declared.xml")).toEqual({
      ok: false,
      error: `feed is larger than ${5 * 1024 * 1024} bytes (declared ${6 * 1024 * 1024})`,
    });
  });

  it("stops reading an oversized document without a length once past the cap", async () => {
    expect(await poll("/oversized-chunked.xml")).toEqual({
      ok: false,
      error: `feed is larger than ${5 * 1024 * 1024} bytes`,
    });
    // The server had 200 MiB to send; reading stopped a little past the 5 MiB cap.
    expect(server.stats("/oversized-chunked.xml").bytesSent).toBeLessThan(24 * 1024 * 1024);
  });

  it("detects a redirect loop at once", async () => {
    expect(await poll("/loop-a.xml")).toMatchObject({ ok: false, error: /^redirect loop/ });
    expect(server.stats("/loop-a.xml").requests + server.stats("/loop-b.xml").requests).toBe(2);
  });

  it("gives up after too many redirects", async () => {
    expect(await poll("/chain-0.xml")).toEqual({ ok: false, error: `more than ${MAX_REDIRECTS} redirects` });
    expect(server.stats(`/chain-${MAX_REDIRECTS + 1}.xml`).requests).toBe(0);
  });

  it("reports an HTML page served instead of a feed", async () => {
    expect(await poll("/html-page.xml")).toEqual({ ok: false, error: "got an HTML page, not a feed" });
  });

  it("records a missing feed's 404 like any failure", async () => {
    expect(await poll("/gone.xml")).toEqual({ ok: false, error: "HTTP 404" });
    expect((await feedOf("/gone.xml")).consecutiveFailures).toBe(1);
  });

  it("recovers: the next success resets the failure count and keeps the last error on record", async () => {
    FIXTURE_ROUTES["/failing.xml"] = FIXTURE_ROUTES["/empty.xml"] as (typeof FIXTURE_ROUTES)[string];
    const feed = await feedOf("/failing.xml");
    expect(await poll("/failing.xml", feed.nextPollAt)).toMatchObject({ ok: true });
    expect(await feedOf("/failing.xml")).toMatchObject({
      consecutiveFailures: 0,
      lastSuccessAt: feed.nextPollAt,
      lastError: "HTTP 500",
    });
    expect((await sourceHealth(store, feed.sourceId)).status).toBe("ok");
  });
});

describe("near-duplicates across feeds", () => {
  it("links a syndicated wire story, keeps a same-topic different story apart", async () => {
    expect(await poll("/wire-a.xml")).toMatchObject({ ok: true, inserted: 2 });
    expect(await poll("/wire-b.xml")).toMatchObject({ ok: true, inserted: 2 });
    const original = await article("https://northerntribune.test/world/japan-earthquake-tsunami-advisory");
    const copy = await article("https://southernstar.test/news/2025/06/10/quake-japan");
    expect(copy?.duplicateOf).toBe(original?.id);
    expect((await article("https://southernstar.test/news/2025/06/10/fed-one-cut"))?.duplicateOf).toBeNull();
  });
});

describe("coverage", () => {
  it("exercised at least 20 feeds covering every format", async () => {
    expect(registered.size).toBeGreaterThanOrEqual(20);
    const feeds = await store.sources.feeds();
    expect(feeds.every((f) => f.lastPolledAt !== null)).toBe(true);
  });
});
