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
