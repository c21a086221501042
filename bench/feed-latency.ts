// Feed-to-event latency: real polls of local feeds through the whole ingestion path (HTTP fetch, parse,
// normalise, category, near-duplicate lookup, store + item.new, clustering), timed from the start of a poll that
// finds new entries to the commit of their item.new events. Usage: npx tsx bench/feed-latency.ts [ROUNDS]
import fs from "node:fs";
import { register } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

import pino from "pino";

import type { Route } from "../lib/ingestion/fixtures/fixture-server";
import { machineLine, writeBenchSection } from "./bench-report";

// The database modules carry Next's `server-only` marker, which throws outside Next: map it to an empty module as
// the `lede` command does, before loading them.
register("../bin/loader-hooks.mjs", import.meta.url);
const { createSqliteStore } = await import("../lib/db/sqlite/sqlite-store");
const { startFixtureServer } = await import("../lib/ingestion/fixtures/fixture-server");
const { LatencyRecorder } = await import("../lib/ingestion/latency");
const { IngestWorker } = await import("../lib/ingestion/worker");
const { parseAllowList } = await import("../lib/net");
const { loadWordVectors } = await import("../lib/nlp/word-vectors");
const { StoryClustering } = await import("../lib/stories/story-clustering");

const ROUNDS = Number(process.argv[2] ?? 30);
const HOSTS = 8; // loopback addresses, so the per-host limit works as it does against real publishers
const FEEDS = 48;
const QUIET = 8; // feeds that never change: their polls are conditional GETs answered 304
const ITEMS_IN_FEED = 20;
const DATA = path.resolve("../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");

const titles = zlib
  .gunzipSync(fs.readFileSync(DATA))
  .toString()
  .split("\n")
  .filter(Boolean)
  .map((l) => (JSON.parse(l) as { title: string }).title);
let nextTitle = 0;

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
interface Item {
  title: string;
  link: string;
  date: string;
}
const feedItems: Item[][] = Array.from({ length: FEEDS }, () => []);
const rss = (f: number) =>
  `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Outlet ${f}</title><link>https://outlet${f}.test/</link><description>bench</description>${feedItems[
    f
  ]!.map(
    (i) =>
      `<item><title>${esc(i.title)}</title><link>${i.link}</link><pubDate>${i.date}</pubDate><description>${esc(i.title)}. More to follow.</description></item>`,
  ).join("")}</channel></rss>`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-bench-latency-"));
const store = createSqliteStore(dataDir);
const log = pino({ level: "warn" });
const routes: Array<Record<string, Route>> = Array.from({ length: HOSTS }, () => ({}));
const servers = await Promise.all(routes.map((r, h) => startFixtureServer(r, `127.0.0.${h + 1}`)));

let virtualNow = Date.UTC(2025, 5, 10);
function publish(round: number) {
  for (let f = 0; f < FEEDS; f++) {
    if (f < QUIET && round > 0) continue;
    const fresh = 1 + ((f + round) % 3);
    for (let k = 0; k < fresh; k++) {
      const title = titles[nextTitle++ % titles.length] as string;
      feedItems[f]!.unshift({
        title,
        link: `https://outlet${f}.test/${round}/${k}/${nextTitle}`,
        date: new Date(virtualNow - k * 60_000).toUTCString(),
      });
    }
    feedItems[f]!.length = Math.min(feedItems[f]!.length, ITEMS_IN_FEED);
    routes[f % HOSTS]![`/feed-${f}.xml`] = {
      kind: "file",
      body: rss(f),
      contentType: "application/rss+xml; charset=utf-8",
      etag: `"r${round}"`,
    };
  }
}

for (let f = 0; f < FEEDS; f++) {
  const s = await store.sources.ensure({
    slug: `outlet-${f}`,
    name: `Outlet ${f}`,
    homepage: `https://outlet${f}.test/`,
    country: null,
    language: "en",
    category: "world",
    logoUrl: null,
    description: null,
  });
  await store.sources.addFeed(s.id, servers[f % HOSTS]!.url(`/feed-${f}.xml`));
}

const modelDir = process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models");
const clustering = await StoryClustering.open({ store, vectors: loadWordVectors(modelDir), log });
const latency = new LatencyRecorder(100_000);
const worker = new IngestWorker({
  store,
  log,
  concurrency: 8,
  perHostConcurrency: 2,
  tickMs: 5,
  now: () => virtualNow,
  clustering,
  latency,
  // The fixture feeds are on loopback addresses, which the feed fetcher refuses unless allowed.
  fetch: { allow: parseAllowList("127.0.0.0/8") },
});

let polls = 0;
const started = performance.now();
const cpu0 = process.cpuUsage();
worker.start();
for (let round = 0; round < ROUNDS; round++) {
  // Three hours on: every feed is due again, whatever interval it adapted to.
  virtualNow += 3 * 3_600_000;
  publish(round);
  for (;;) {
    const feeds = await store.sources.feeds();
    if (feeds.every((f) => f.lastPolledAt === virtualNow)) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  polls += FEEDS;
}
const wallS = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpu0);
await worker.stop();

const snap = latency.snapshot();
const articles = await store.articles.count();
const notModified = servers.reduce(
  (n, s, h) =>
    n +
    Array.from({ length: QUIET }, (_, f) => f)
      .filter((f) => f % HOSTS === h)
      .reduce((m, f) => m + s.stats(`/feed-${f}.xml`).notModified, 0),
  0,
);
for (const s of servers) await s.close();
store.close();
fs.rmSync(dataDir, { recursive: true, force: true });
if (!snap) throw new Error("no poll found anything new");

const ms = (x: number) => `${x.toFixed(1)} ms`;
const md = [
  "## Feed-to-event latency",
  "",
  `Run: \`npx tsx bench/feed-latency.ts ${ROUNDS}\`. Machine: ${machineLine()}.`,
  `${FEEDS} RSS feeds on ${HOSTS} loopback addresses (${QUIET} never change and are answered 304), polled by the`,
  "ingestion worker as in production (8 polls at once, 2 per host) through the whole path: HTTP fetch, parse,",
  "normalise, category, near-duplicate lookup, store with `item.new`, then story clustering with word vectors.",
  `Each round every active feed publishes 1–3 new headlines (from news-clustering-dev) among its last ${ITEMS_IN_FEED};`,
  "latency runs from the start of a poll that finds new entries to the commit of their `item.new` events.",
  "",
  "| polls | polls with new entries | articles stored | 304s | p50 | p95 | max | polls/s | CPU |",
  "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  `| ${polls} | ${snap.count} | ${articles} | ${notModified} | **${ms(snap.p50)}** | **${ms(snap.p95)}** | ${ms(snap.max)} | ${(polls / wallS).toFixed(0)} | ${(((cpu.user + cpu.system) / 1e6 / wallS) * 100).toFixed(0)} % of a core |`,
  "",
  `Target: p95 under 1 s — ${snap.p95 < 1000 ? "met" : "**not met**"}.`,
].join("\n");
console.log(md);
writeBenchSection("feed-latency", md);
