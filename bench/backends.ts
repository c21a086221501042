// The two stores side by side on the same work, at the repository level (no HTTP): the embedded SQLite store and
// PostgreSQL 15 (a throwaway server on loopback, durability as shipped: fsync on). Stores N real headlines of
// news-clustering-dev with their item.new events in batches of 500, then times reads one at a time (newest page,
// point lookups, full-text search, event tail) and parallel writes from two pools/processes' worth of connections
// (event appends, credit charges). PostgreSQL here has no pgvector, so vectors are left out on both sides.
// Usage: npm run bench:backends [-- --articles 20000]
import fs from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { pgAccountRepo } from "../lib/db/postgres/account-repo";
import { pgArticleRepo } from "../lib/db/postgres/article-repo";
import { openPostgres, type PgConnection } from "../lib/db/postgres/connect";
import { pgCreditRepo } from "../lib/db/postgres/credit-repo";
import { pgEventRepo } from "../lib/db/postgres/event-repo";
import { pgSearchRepo } from "../lib/db/postgres/search-repo";
import { pgSourceRepo } from "../lib/db/postgres/source-repo";
import { createSqliteStore } from "../lib/db/sqlite/sqlite-store";
import type {
  AccountRepo,
  ArticleRepo,
  CreditRepo,
  EventRepo,
  SearchRepo,
  SourceRepo,
} from "../lib/db/store";
import type { Article, EventDraft } from "../lib/db/types";
import { normalizeArticle } from "../lib/ingestion/normalize-article";
import { parseSearchQuery } from "../lib/search/parse-query";
import { startPostgres } from "../lib/testing/postgres-server";
import { tempStore } from "../lib/testing/temp-store";
import { machineLine, writeBenchSection } from "./bench-report";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg("articles", 20_000);
const READS = 500;
const file = path.resolve("../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
const records = gunzipSync(fs.readFileSync(file))
  .toString("utf8")
  .split("\n")
  .filter(Boolean)
  .slice(0, N)
  .map(
    (l) => JSON.parse(l) as { id: string; title: string; url: string; source: string; published_at: number },
  );

interface Repos {
  accounts: AccountRepo;
  sources: SourceRepo;
  articles: ArticleRepo;
  events: EventRepo;
  search: SearchRepo;
  credits: CreditRepo;
}

const itemNew = (a: Article): EventDraft => ({
  type: "item.new",
  ts: a.discoveredAt,
  clusterId: 0,
  articleId: a.id,
  payload: (id) => ({
    id,
    type: "item.new",
    ts: a.discoveredAt,
    data: { url_hash: a.urlHash, title: a.title },
  }),
});

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

async function timed(fn: (i: number) => Promise<unknown>, n = READS): Promise<{ p50: number; p95: number }> {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    await fn(i);
    t.push(performance.now() - s);
  }
  return { p50: pct(t, 50), p95: pct(t, 95) };
}

async function run(
  label: string,
  repos: Repos,
  second: Repos,
  settle: () => Promise<unknown>,
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const sources = new Map<string, number>();
  for (const r of records)
    if (!sources.has(r.source)) {
      const slug = `s${sources.size}`;
      const s = await repos.sources.ensure({
        slug,
        name: r.source,
        homepage: `https://${slug}.test/`,
        country: null,
        language: "en",
        category: "world",
        logoUrl: null,
        description: null,
      });
      sources.set(r.source, s.id);
    }
  const t0 = performance.now();
  const hashes: string[] = [];
  for (let i = 0; i < records.length; i += 500) {
    const batch = records.slice(i, i + 500).map((r) =>
      normalizeArticle(
        { title: r.title, url: r.url, published: r.published_at, externalId: r.id },
        {
          source: { id: sources.get(r.source)!, slug: "", name: r.source } as never,
          discoveredAt: r.published_at,
        },
      ),
    );
    const res = await repos.articles.ingest(batch, itemNew);
    hashes.push(...res.inserted.map((a) => a.urlHash));
  }
  const secs = (performance.now() - t0) / 1000;
  out.ingest = `${Math.round(hashes.length / secs).toLocaleString("en")} articles/s`;
  console.log(`${label}: stored ${hashes.length} in ${secs.toFixed(1)} s`);
  // Statistics and the visibility map as a running install has them (autovacuum, or SQLite's ANALYZE).
  await settle();

  const newest = await timed(() =>
    repos.articles.list({ limit: 20, offset: 0, sortBy: "discovered", sortOrder: "desc" }),
  );
  out.newest = `${ms(newest.p50)} / ${ms(newest.p95)}`;
  const point = await timed((i) => repos.articles.getByHash(hashes[(i * 7919) % hashes.length]!));
  out.point = `${ms(point.p50)} / ${ms(point.p95)}`;
  const words = records
    .slice(0, READS)
    .map((r) => r.title.split(/\s+/).filter((w) => w.length > 4)[0] ?? "news");
  const search = await timed((i) =>
    repos.search.articles({ match: parseSearchQuery(words[i]!).match!, limit: 20, offset: 0 }),
  );
  out.search = `${ms(search.p50)} / ${ms(search.p95)}`;
  const last = await repos.events.lastId();
  const tail = await timed((i) => repos.events.after(Math.max(0, last - 1000 + (i % 900)), 100));
  out.tail = `${ms(tail.p50)} / ${ms(tail.p95)}`;

  const accounts: number[] = [];
  for (let i = 0; i < 20; i++)
    accounts.push(
      (await repos.accounts.createWithUser({ email: `bench${i}@example.test`, plan: "business" })).account.id,
    );
  // Parallel writers: two connections' worth (two stores on one database), 2,000 appends and 2,000 charges.
  const a0 = performance.now();
  await Promise.all(
    Array.from({ length: 2_000 }, (_, i) =>
      (i % 2 ? second : repos).events.append({
        type: "cluster.event",
        ts: Date.now(),
        clusterId: 1,
        articleId: null,
        payload: (id) => ({ id, type: "cluster.event", ts: Date.now(), data: {} }),
      }),
    ),
  );
  out.appends = `${Math.round(2_000 / ((performance.now() - a0) / 1000)).toLocaleString("en")}/s`;
  const c0 = performance.now();
  await Promise.all(
    Array.from({ length: 2_000 }, (_, i) =>
      (i % 2 ? second : repos).credits.reserve(accounts[i % 20]!, "2026-11", 1, 1_000_000),
    ),
  );
  out.charges = `${Math.round(2_000 / ((performance.now() - c0) / 1000)).toLocaleString("en")}/s`;
  return out;
}

const sqlite = tempStore();
const sqliteSecond = createSqliteStore(sqlite.dir);
const server = await startPostgres({ durable: true });
let pgA: PgConnection | undefined;
let pgB: PgConnection | undefined;
try {
  pgA = await openPostgres(server.url);
  pgB = await openPostgres(server.url, { migrate: false });
  const pgRepos = (c: PgConnection): Repos => ({
    accounts: pgAccountRepo(c.db),
    sources: pgSourceRepo(c.db),
    articles: pgArticleRepo(c.db),
    events: pgEventRepo(c.db, { articleVector: async () => null }),
    search: pgSearchRepo(c.db),
    credits: pgCreditRepo(c.db),
  });
  const lite = await run("sqlite", sqlite, sqliteSecond, async () => sqlite.db.exec("ANALYZE"));
  const pg = await run("postgres", pgRepos(pgA), pgRepos(pgB), () => pgA!.pool.query("VACUUM ANALYZE"));
  const rows: Array<[string, string]> = [
    ["store headlines with item.new (batches of 500)", "ingest"],
    ["newest 20 articles, p50 / p95 ms", "newest"],
    ["article by url_hash, p50 / p95 ms", "point"],
    ["full-text search, one word, 20 best, p50 / p95 ms", "search"],
    ["event tail, 100 after an id, p50 / p95 ms", "tail"],
    ["event appends, 2,000 in parallel over two connections", "appends"],
    ["credit charges, 2,000 in parallel over two connections", "charges"],
  ];
  const table = rows.map(([name, k]) => `| ${name} | ${lite[k]} | ${pg[k]} |`).join("\n");
  console.log(table);
  writeBenchSection(
    "backends",
    `## The two stores side by side (issue #19)

Run: \`npm run bench:backends -- --articles ${N}\` (script: \`bench/backends.ts\`). ${machineLine()}
Repository calls in one process, no HTTP: the embedded SQLite store (WAL, as shipped) and PostgreSQL 15 (a throwaway
server on loopback, default durability: fsync on, synchronous commit), each storing the first ${N.toLocaleString("en")}
headlines of \`dev-dayshuffled.jsonl.gz\` with their \`item.new\` events, then (after \`ANALYZE\`, PostgreSQL \`VACUUM
ANALYZE\`, as a running install's autovacuum would have done) answering ${READS} reads of each kind one
at a time. Parallel writes go through two store instances on one database (as two processes would). No vectors: this
machine's PostgreSQL has no pgvector.

| work | SQLite | PostgreSQL |
| --- | ---: | ---: |
${table}`,
  );
} finally {
  sqliteSecond.close();
  sqlite.cleanup();
  await pgB?.close();
  await pgA?.close();
  await server.stop();
}
