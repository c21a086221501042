import { afterEach, describe, expect, it } from "vitest";

import { parseFeed } from "../ingestion/parse-feed";
import { startNewswireServer, type NewswireServer } from "./feed-server";
import { SIMULATED_MARK } from "./outlets";

const MINUTE = 60_000;
let server: NewswireServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server on a wall clock the test moves by hand. */
async function start(opts: Parameters<typeof startNewswireServer>[0] = {}) {
  const clock = { t: Date.UTC(2026, 0, 5, 12) };
  server = await startNewswireServer({ seed: 5, speed: 60, now: () => clock.t, ...opts });
  return { server, clock };
}

async function entries(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return { feed: parseFeed(await res.text()), etag: res.headers.get("etag") };
}

describe("startNewswireServer", () => {
  it("serves every outlet as an RSS or Atom feed that parseFeed reads, named as simulated", async () => {
    const { server } = await start();
    const formats = new Set<string>();
    let items = 0;
    for (const o of server.outlets) {
      const { feed } = await entries(server.feedUrl(o));
      formats.add(feed.format);
      expect(feed.title).toBe(o.name);
      expect(feed.title?.endsWith(SIMULATED_MARK)).toBe(true);
      for (const e of feed.entries) {
        expect(e.title).toBeTruthy();
        expect(e.link).toMatch(/^https:\/\/[a-z]+\.newswire\.test\//);
        expect(Number.isNaN(Date.parse(e.published ?? ""))).toBe(false);
        expect(e.categories.length).toBe(1);
      }
      items += feed.entries.length;
    }
    expect(formats).toEqual(new Set(["rss", "atom"]));
    expect(items).toBeGreaterThan(0);
    expect(items).toBe(Math.min(items, server.released()));
  });

  it("releases news as simulated time passes, dated by the wall clock at release", async () => {
    const { server, clock } = await start();
    const before = server.released();
    const wire = server.feedUrl("meridian-wire");
    const first = (await entries(wire)).feed.entries.length;
    clock.t += 30 * MINUTE; // 30 simulated hours at speed 60
    const after = server.released();
    expect(after).toBeGreaterThan(before + 300);
    const { feed } = await entries(wire);
    expect(feed.entries.length).toBeGreaterThan(first);
    const dates = feed.entries.map((e) => Date.parse(e.published ?? ""));
    expect(Math.max(...dates)).toBeLessThanOrEqual(clock.t);
    expect(Math.max(...dates)).toBeGreaterThan(clock.t - 10 * MINUTE);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it("releases nothing until simulated time reaches it, and can date items in simulated time", async () => {
    const a = await startNewswireServer({ seed: 9, now: () => 0, warmupMs: 0 });
    const b = await startNewswireServer({
      seed: 9,
      now: () => 0,
      warmupMs: 6 * 3_600_000,
      dates: "simulated",
    });
    try {
      expect(a.released()).toBe(0);
      const feedA = parseFeed(await (await fetch(a.feedUrl("meridian-wire"))).text());
      expect(feedA.entries).toHaveLength(0);
      const feedB = parseFeed(await (await fetch(b.feedUrl("meridian-wire"))).text());
      expect(feedB.entries.length).toBeGreaterThan(0);
      // Simulated dates: within the first six simulated hours of 2025-03-03.
      for (const e of feedB.entries) {
        const t = Date.parse(e.published ?? "");
        expect(t).toBeGreaterThanOrEqual(Date.UTC(2025, 2, 3));
        expect(t).toBeLessThanOrEqual(Date.UTC(2025, 2, 3, 6));
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("answers a conditional GET with 304 until the outlet publishes again", async () => {
    const { server, clock } = await start();
    const url = server.feedUrl("meridian-wire");
    const { etag } = await entries(url);
    expect(etag).toBeTruthy();
    const same = await fetch(url, { headers: { "If-None-Match": etag as string } });
    expect(same.status).toBe(304);
    clock.t += 10 * MINUTE;
    const changed = await fetch(url, { headers: { "If-None-Match": etag as string } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("lists its outlets as sources to register, and as OPML, with feeds on the server", async () => {
    const { server } = await start();
    expect(server.sources.map((s) => s.feeds[0]?.url)).toEqual(server.outlets.map((o) => server.feedUrl(o)));
    for (const s of server.sources) expect(s.name.endsWith(SIMULATED_MARK)).toBe(true);
    expect(new Set(server.sources.map((s) => s.slug)).size).toBe(server.outlets.length);
    const opml = await (await fetch(`${server.url}/outlets.opml`)).text();
    const listed = [...opml.matchAll(/xmlUrl="([^"]+)"/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(server.outlets.map((o) => server.feedUrl(o)).sort());
  });

  it("serves article pages when links point at the server", async () => {
    const { server } = await start({ links: "server" });
    const { feed } = await entries(server.feedUrl("meridian-wire"));
    const first = feed.entries[0];
    expect(first?.link?.startsWith(`${server.url}/articles/`)).toBe(true);
    const page = await fetch(first?.link as string);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("simulated newswire");
    expect((await fetch(`${server.url}/articles/nope`)).status).toBe(404);
    expect((await fetch(`${server.url}/feeds/nope.xml`)).status).toBe(404);
  });
});
