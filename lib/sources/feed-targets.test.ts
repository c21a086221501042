import type { LookupAddress } from "node:dns";

import { describe, expect, it } from "vitest";

import { parseAllowList, type LookupAll } from "../net";
import { tempStore } from "../testing/temp-store";
import { refusedFeeds, RefusedFeedsError, refusedLiteralFeeds } from "./feed-targets";
import { parseOpmlSources } from "./opml";
import { registerSources } from "./register-sources";

// The probe's list: a feed on loopback in three spellings, next to an ordinary public feed.
const PORT = 4471;
const LOOPBACK_FEEDS = [
  `http://127.0.0.1:${PORT}/x.xml`,
  `http://2130706433:${PORT}/x.xml`,
  `http://[::ffff:127.0.0.1]:${PORT}/x.xml`,
];
const opml = (urls: string[]) =>
  `<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body><outline text="World">${urls
    .map((u, i) => `<outline text="Feed ${i}" xmlUrl="${u}"/>`)
    .join("")}</outline></body></opml>`;
const PUBLIC_FEED = "https://news.example.test/rss";

function fakeDns(table: Record<string, string[]>): LookupAll {
  return async (hostname) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answers.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

describe("refusedLiteralFeeds", () => {
  it("names every feed on a non-public IP literal, in any spelling, with the reason", () => {
    const seeds = parseOpmlSources(
      opml([
        ...LOOPBACK_FEEDS,
        "http://169.254.169.254/latest/meta-data/",
        "http://[fe80::1]/feed",
        "http://10.0.0.5/feed",
        "http://0/feed",
        PUBLIC_FEED,
        "https://93.184.216.34/feed",
      ]),
    );
    const refused = refusedLiteralFeeds(seeds);
    expect(refused.map((r) => r.url)).toEqual([
      ...LOOPBACK_FEEDS,
      "http://169.254.169.254/latest/meta-data/",
      "http://[fe80::1]/feed",
      "http://10.0.0.5/feed",
      "http://0/feed",
    ]);
    expect(refused[1]?.reason).toBe("127.0.0.1 (loopback) may not be fetched");
    expect(refused[2]?.reason).toBe("[::ffff:7f00:1] (ipv4Mapped:loopback) may not be fetched");
    expect(refused[3]?.reason).toMatch(/linkLocal/);
  });

  it("lets through what LEDE_FETCH_ALLOW_PRIVATE allows, and nothing more", () => {
    const seeds = parseOpmlSources(opml([...LOOPBACK_FEEDS, "http://127.0.0.1:9999/other.xml"]));
    const refused = refusedLiteralFeeds(seeds, parseAllowList(`127.0.0.1:${PORT}`));
    expect(refused.map((r) => r.url)).toEqual(["http://127.0.0.1:9999/other.xml"]);
  });
});

describe("refusedFeeds", () => {
  const lookup = fakeDns({
    "intranet.example.test": ["192.168.1.20"],
    "news.example.test": ["93.184.216.34"],
    "metadata.example.test": ["169.254.169.254"],
  });

  it("also refuses host names that resolve to private addresses", async () => {
    const seeds = parseOpmlSources(
      opml([
        "http://intranet.example.test/rss",
        PUBLIC_FEED,
        "http://metadata.example.test/latest/",
        LOOPBACK_FEEDS[1] as string,
      ]),
    );
    const refused = await refusedFeeds(seeds, { lookup });
    expect(refused).toEqual([
      {
        url: "http://intranet.example.test/rss",
        reason: "intranet.example.test resolves to 192.168.1.20 (private), which may not be fetched",
      },
      {
        url: "http://metadata.example.test/latest/",
        reason: "metadata.example.test resolves to 169.254.169.254 (linkLocal), which may not be fetched",
      },
      { url: LOOPBACK_FEEDS[1], reason: "127.0.0.1 (loopback) may not be fetched" },
    ]);
  });

  it("refuses localhost through the system resolver", async () => {
    const seeds = parseOpmlSources(opml([`http://localhost:${PORT}/x.xml`]));
    expect(await refusedFeeds(seeds)).toEqual([
      {
        url: `http://localhost:${PORT}/x.xml`,
        reason: expect.stringMatching(/^localhost resolves to .*loopback/),
      },
    ]);
    expect(await refusedFeeds(seeds, { allow: parseAllowList(`localhost:${PORT}`) })).toEqual([]);
  });

  it("does not refuse a name that does not resolve now: the fetch checks it again", async () => {
    const seeds = parseOpmlSources(opml(["http://gone.example.test/rss"]));
    expect(await refusedFeeds(seeds, { lookup })).toEqual([]);
    const hanging: LookupAll = () => new Promise(() => undefined);
    expect(await refusedFeeds(seeds, { lookup: hanging, resolveTimeoutMs: 50 })).toEqual([]);
  });
});

describe("registerSources", () => {
  it("refuses a list with a loopback feed as a whole, naming each feed", async () => {
    const store = tempStore();
    try {
      const seeds = parseOpmlSources(opml([PUBLIC_FEED, ...LOOPBACK_FEEDS]));
      const err = await registerSources(store, seeds).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RefusedFeedsError);
      const message = (err as Error).message;
      for (const url of LOOPBACK_FEEDS) expect(message).toContain(`  ${url}: `);
      expect(message).toMatch(/LEDE_FETCH_ALLOW_PRIVATE/);
      expect(await store.sources.feeds()).toEqual([]);
      expect(await store.sources.list()).toEqual([]);

      const ok = await registerSources(store, seeds, { allow: parseAllowList(`127.0.0.1:${PORT}`) });
      expect(ok.feeds).toBe(4);
    } finally {
      store.cleanup();
    }
  });

  it("strips bidi controls and zero-width characters from names, titles and descriptions", async () => {
    const store = tempStore();
    try {
      const seeds = parseOpmlSources(
        `<opml version="2.0"><body><outline text="Can\u200Bada">
          <outline text="Daily \u202Egnp.exe\u202C Herald" description="Local\u2066 news\u2069" xmlUrl="https://herald.example.test/rss"/>
          <outline text="Daily \u202Egnp.exe\u202C Herald" xmlUrl="https://herald.example.test/sport"/>
        </outline></body></opml>`,
      );
      // A list built in code (the newswire's) is cleaned on registration too.
      seeds.push({
        slug: "wire",
        name: "\u202EWire\u200D Service",
        homepage: "https://wire.example.test/",
        country: null,
        language: "en",
        category: "world",
        description: null,
        logoUrl: null,
        feeds: [{ url: "https://wire.example.test/rss", title: "Top\uFEFF stories", category: null }],
      });
      await registerSources(store, seeds);
      const sources = await store.sources.list();
      expect(sources.map((s) => s.name).sort()).toEqual(["Daily gnp.exe Herald", "Wire Service"]);
      expect(sources.find((s) => s.slug === "wire")).toBeDefined();
      const herald = sources.find((s) => s.name.startsWith("Daily"));
      expect(herald).toMatchObject({ country: "Canada", description: "Local news" });
      const titles = (await store.sources.feeds()).map((f) => f.title).sort();
      expect(titles).toEqual(["Daily gnp.exe Herald", "Daily gnp.exe Herald", "Top stories"]);
    } finally {
      store.cleanup();
    }
  });
});
