import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import { generateNewswire } from "../../lib/newswire/generate";
import { writeNewswireJsonl } from "../../lib/newswire/records";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DAY = 86_400_000;

/** The labelled news archive of ../shared/data (45,852 articles from 2014). */
export const DEV_ARCHIVE = path.join(ROOT, "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");

/**
 * Writes `days` days of the simulated newswire ending now, as `lede import` reads it: stories that are still
 * active, developing events, syndicated copies, named people and companies. Returns the number of articles.
 */
export function writeRecentNewswire(
  file: string,
  opts: { days: number; seed?: string; end?: number },
): number {
  const end = opts.end ?? Date.now();
  const nw = generateNewswire({
    seed: opts.seed ?? "lede-e2e",
    start: end - opts.days * DAY,
    days: opts.days,
  });
  return writeNewswireJsonl(file, nw);
}

/** Writes the first `count` records of the archive (all of them when it holds fewer); returns how many. */
export function writeArchive(file: string, count = Infinity): number {
  const lines = gunzipSync(fs.readFileSync(DEV_ARCHIVE)).toString("utf8").split("\n").filter(Boolean);
  const kept = lines.slice(0, count);
  fs.writeFileSync(file, `${kept.join("\n")}\n`);
  return kept.length;
}

/** A few articles of one brand-new event, published a minute ago by three outlets: a story the feed must show. */
export function writeFreshStory(file: string, tag: string, at = Date.now() - 60_000): string {
  const headline = `Glacier dam ${tag} bursts above Valdrin, villages evacuated`;
  const records = [
    { outlet: "Meridian Wire", host: "meridian.e2e.test", title: headline },
    {
      outlet: "Harbour Times",
      host: "harbour.e2e.test",
      title: `Valdrin villages evacuated as glacier dam ${tag} bursts`,
    },
    {
      outlet: "Evening Courier",
      host: "courier.e2e.test",
      title: `Glacier dam ${tag} above Valdrin bursts; villages evacuated`,
    },
  ].map((r, i) => ({
    id: `fresh-${tag}-${i}`,
    title: r.title,
    url: `https://${r.host}/world/glacier-dam-${tag}-${i}`,
    source: r.outlet,
    hostname: r.host,
    category: "world",
    published_at: at + i * 1000,
  }));
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return headline;
}

/**
 * Business news naming real securities, published a few minutes ago, as `lede import` reads it (the simulated
 * newswire's companies are fictional; only its crypto stories name real assets): Apple's results from three outlets (AAPL,
 * bullish), a Bitcoin slide from two (BTC, bearish), a Tesla recall (TSLA, bearish) and a Nasdaq rally naming five
 * companies and the index (six securities, AAPL among them).
 */
export function writeTickerStories(file: string, at = Date.now() - 10 * 60_000): void {
  const outlets = [
    { outlet: "Meridian Wire", host: "meridian.e2e.test" },
    { outlet: "Harbour Times", host: "harbour.e2e.test" },
    { outlet: "Evening Courier", host: "courier.e2e.test" },
  ] as const;
  const titles: Array<[number, string]> = [
    [0, "Apple beats estimates on record iPhone sales"],
    [1, "Apple tops estimates with record iPhone sales"],
    [2, "Apple beats Wall Street estimates as iPhone sales hit a record"],
    [0, "Bitcoin slumps below $60,000 as ETF outflows grow"],
    [1, "Bitcoin falls below $60,000 as ETF outflows grow"],
    [2, "Apple, Microsoft, Nvidia, Amazon and Alphabet lead Nasdaq rally"],
    [0, "Tesla recalls 200,000 vehicles over steering fault"],
  ];
  const records = titles.map(([o, title], i) => {
    const { outlet, host } = outlets[o] ?? outlets[0];
    return {
      id: `ticker-${i}`,
      title,
      url: `https://${host}/business/ticker-${i}`,
      source: outlet,
      hostname: host,
      category: "business",
      published_at: at + i * 1000,
    };
  });
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join("\n")}\n`);
}

/** Three feeds on private loopback addresses (never polled in e2e), for a health table with rows of its own. */
export const LOOPBACK_FEEDS_ALLOW = "127.0.0.2:9,127.0.0.3:9,127.0.0.4:9";

/** Writes an OPML list of the three loopback feeds; registering it needs `LEDE_FETCH_ALLOW_PRIVATE` set to the above. */
export function writeLoopbackFeeds(file: string): void {
  const outlines = [1, 2, 3].map(
    (n) =>
      `<outline type="rss" text="Loopback Feed ${n}" xmlUrl="http://127.0.0.${n + 1}:9/feed.xml" htmlUrl="http://127.0.0.${n + 1}:9/" category="world"/>`,
  );
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?><opml version="2.0"><head><title>e2e</title></head><body>${outlines.join("")}</body></opml>`,
  );
}
