import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import Database from "better-sqlite3";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { callOperation, type OpInput } from "@/lib/api/contract/requests";
import { setApiDepsForTesting, type ApiDeps } from "@/lib/api/deps";
import { OPERATIONS, type OperationSpec } from "@/lib/api/operations";
import {
  CHECKPOINT_TABLE,
  migrateData,
  MigrationStopped,
  type TableProgress,
} from "@/lib/db/migrate-data/migrate-data";
import { TARGET_TABLES } from "@/lib/db/migrate-data/tables";
import type { PgConnection } from "@/lib/db/postgres/connect";
import { postgresStoreOn } from "@/lib/db/postgres/postgres-store";
import { createSqliteStore } from "@/lib/db/sqlite/sqlite-store";
import type { Store } from "@/lib/db/store";
import { KeyVerifier } from "@/lib/keys/verify-key";
import { generateNewswire } from "@/lib/newswire/generate";
import { toImportRecord } from "@/lib/newswire/records";
import { MemoryRateLimiter } from "@/lib/quota/memory-rate-limiter";
import { openPglite } from "@/lib/testing/pglite-server";
import { tempDir } from "@/lib/testing/temp-store";
import { UsageRecorder } from "@/lib/usage/usage-recorder";

const BIN = fileURLToPath(new URL("../../bin/lede.mjs", import.meta.url));
const MODEL_DIR = process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models");
const H = 3_600_000;
/** Words only the extracted bodies carry: a search for them finds articles through the body alone. */
const BODY_WORD = "quillonwort";

let dir: string;
let dataDir: string;
let key: string;
/** The clock both backends answer at. */
let now: number;

function lede(args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, LEDE_DATA_DIR: dataDir, LEDE_MODEL_DIR: MODEL_DIR, LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
  });
  if (res.status !== 0) throw new Error(`lede ${args.join(" ")} failed: ${res.stderr}`);
  return res.stdout;
}

function apiDeps(store: Store): ApiDeps {
  return {
    store,
    keys: new KeyVerifier(store),
    limiter: new MemoryRateLimiter(),
    usage: new UsageRecorder(store.usage),
    log: pino({ level: "silent" }),
    now: () => now,
  };
}

/** Calls operations on a store as the API does, usage flushed after each call; returns status and JSON body. */
async function onStore<T>(store: Store, fn: (call: Call) => Promise<T>): Promise<T> {
  const deps = apiDeps(store);
  setApiDepsForTesting(async () => deps);
  try {
    return await fn(async (op, input) => {
      const res = await callOperation(op, input, { key });
      const text = await res.text();
      await deps.usage.flush();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: compared as text
      }
      return { status: res.status, body };
    });
  } finally {
    setApiDepsForTesting(undefined);
    await deps.usage.close();
  }
}
type Call = (op: OperationSpec, input: OpInput) => Promise<{ status: number; body: unknown }>;

beforeAll(async () => {
  dir = tempDir("lede-migrate-");
  dataDir = path.join(dir, "install");
  // A small real install: a few hundred newswire articles through `lede import` (enrichment, clustering, vectors,
  // dynamics, rankings, topics), a pro account with a key.
  const nw = generateNewswire({ seed: 5, days: 2 });
  const file = path.join(dir, "newswire.jsonl");
  fs.writeFileSync(
    file,
    `${nw.articles
      .slice(0, 400)
      .map((a) => JSON.stringify(toImportRecord(a)))
      .join("\n")}\n`,
  );
  // Events carry the articles' times, so that one clock (an hour after the last article) suits every operation.
  lede(["import", "--event-time", "article", file]);
  key = /^(lede_\S+)$/m.exec(
    lede(["keys", "create", "--email", "reader@example.test", "--tier", "pro"]),
  )![1]!;
  // Extracted content for some articles (the full-text body, GET /v1/content), and some usage of the key.
  const store = createSqliteStore(dataDir);
  try {
    now = (store.db.prepare("SELECT MAX(published_at) FROM articles").pluck().get() as number) + H;
    const ids = store.db.prepare("SELECT id FROM articles ORDER BY id LIMIT 12").pluck().all() as number[];
    for (const [i, articleId] of ids.entries())
      await store.content.save({
        articleId,
        finalUrl: null,
        extractedTitle: null,
        text:
          i % 3 === 2
            ? ""
            : `The full report. Officials described the ${BODY_WORD} shortage in detail (${i}).`,
        imageUrl: null,
        thumbUrl: null,
        videoUrl: null,
        status: i % 3 === 2 ? "failed" : "has_content",
        error: i % 3 === 2 ? "timeout" : null,
        extractedAt: now - H,
      });
    await onStore(store, async (call) => {
      for (const id of ["listStories", "listItems", "getStats", "listSources"])
        await call(OPERATIONS.find((o) => o.operationId === id)!, {});
    });
  } finally {
    store.close();
  }
}, 240_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A request for every /v1 operation, with ids taken from the install. */
function inputs(): Array<[OperationSpec, OpInput]> {
  const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
  try {
    const one = <T>(q: string) => db.prepare(q).get() as T;
    const story = one<{ id: number; slug: string }>(
      "SELECT id, slug FROM stories WHERE merged_into IS NULL ORDER BY article_count DESC, id LIMIT 1",
    );
    const devStory = one<{ story_id: number } | undefined>("SELECT story_id FROM developments LIMIT 1");
    const article = one<{ url_hash: string }>(
      "SELECT url_hash FROM articles WHERE story_id = ? ORDER BY id LIMIT 1".replace("?", String(story.id)),
    );
    const content = one<{ url_hash: string }>(
      "SELECT a.url_hash FROM articles a JOIN article_content c ON c.article_id = a.id WHERE c.status = 'has_content' LIMIT 1",
    );
    const entity = one<{ id: number; slug: string }>(
      "SELECT id, slug FROM entities ORDER BY article_count DESC, id LIMIT 1",
    );
    const word =
      one<{ title: string }>("SELECT title FROM articles ORDER BY id LIMIT 1").title.split(" ")[0] ?? "";
    const ops = new Map(OPERATIONS.map((o) => [o.operationId, o]));
    const op = (id: string) => {
      const o = ops.get(id);
      if (!o) throw new Error(`no operation ${id}`);
      return o;
    };
    const sid = String(story.id);
    const list: Array<[string, OpInput]> = [
      ["listStories", {}],
      ["listStories", { query: { limit: "5", category: "world" } }],
      ["listRankedStories", {}],
      ["getStory", { params: { id: sid } }],
      ["getStory", { params: { id: story.slug } }],
      ["listStoryDevelopments", { params: { id: String(devStory?.story_id ?? story.id) } }],
      ["getStoryUpdates", { params: { id: sid }, query: { since_ms: String(now - 48 * H) } }],
      ["listItems", {}],
      ["listItems", { query: { limit: "7", offset: "3" } }],
      ["getItem", { query: { url_hash: article.url_hash } }],
      ["getContent", { query: { url_hash: content.url_hash } }],
      ["listRelated", { query: { url_hash: article.url_hash } }],
      ["search", { query: { q: word } }],
      ["search", { query: { q: BODY_WORD } }],
      ["searchFull", { query: { q: word } }],
      ["suggest", { query: { q: word.slice(0, 3) } }],
      ["getEmbedding", { query: { type: "article", id: article.url_hash } }],
      ["getEmbedding", { query: { type: "story", id: sid } }],
      ["listEntities", {}],
      ["listPoliticians", {}],
      ["listTrendingEntities", {}],
      ["getEntity", { params: { id: String(entity.id) } }],
      ["listEntityArticles", { params: { id: entity.slug } }],
      ["getEntityNetwork", { query: { entity_id: String(entity.id) } }],
      ["getStoryEntityGraph", { query: { story_id: sid } }],
      ["listTopicClusters", {}],
      ["listSourceRankings", {}],
      ["listSources", {}],
      ["listCategories", {}],
      ["listTags", {}],
      ["backtest", { query: { from: String(now - 24 * H), to: String(now) } }],
      ["backtestWithFilters", { body: { from: now - 24 * H, to: now, types: ["cluster.event"] } }],
      ["getUsage", {}],
      ["getStats", {}],
      ["getVersion", {}],
    ];
    const out = list.map(([id, input]) => [op(id), input] as [OperationSpec, OpInput]);
    // The vector search asks with a stored article's own vector (read back through the embeddings operation).
    return out;
  } finally {
    db.close();
  }
}

/** Every answer to `inputs()`, plus a vector search with the first embedding returned. */
async function answers(store: Store) {
  return onStore(store, async (call) => {
    const out: Array<{ op: string; status: number; body: unknown }> = [];
    let embedding: number[] | undefined;
    for (const [op, input] of inputs()) {
      const r = await call(op, input);
      out.push({ op: `${op.operationId} ${JSON.stringify(input)}`, ...r });
      const e = (r.body as { embedding?: number[] }).embedding;
      if (op.operationId === "getEmbedding" && !embedding && Array.isArray(e)) embedding = e;
    }
    const vs = OPERATIONS.find((o) => o.operationId === "vectorSearch")!;
    expect(embedding).toBeDefined();
    const r = await call(vs, { body: { embedding, limit: 10 } });
    out.push({ op: "vectorSearch", ...r });
    return out;
  });
}

/**
 * What legitimately differs between the backends, and nothing else: the full-text relevance score of
 * GET /v1/search/full (`rank`: FTS5's bm25 against PostgreSQL's ts_rank, different scales) and the wall-clock time
 * of GET /v1/version, vector distances past float32's precision; in `normaliseAnswer`, the order of a search's matches, and the bytes and latencies the usage
 * report sums over this session's requests.
 */
function normalise(value: unknown, keyName = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => normalise(v, keyName));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]));
  if (keyName === "rank" && typeof value === "number") return "<fts score>";
  // sqlite-vec computes cosine distances in float32, pgvector in float64: they agree to about 1e-8.
  if ((keyName === "distance" || keyName === "similarity") && typeof value === "number")
    return Math.round(value * 1e5) / 1e5;
  // GET /v1/version says when it answered, by the wall clock.
  if (keyName === "generated_at") return "<now>";
  return value;
}

const idOf = (x: unknown) => {
  const o = x as { id?: unknown; url_hash?: unknown };
  return String(o.id ?? o.url_hash ?? JSON.stringify(x));
};

/**
 * A whole answer, normalised: full-text searches rank their matches by relevance (FTS5's bm25 against PostgreSQL's
 * ts_rank), so the matches of a search are compared as a set, in id order.
 */
function normaliseAnswer(a: { op: string; status: number; body: unknown }) {
  const out = normalise(a) as { op: string; status: number; body: unknown };
  // Bytes served this session include the search answers' scores and snippets, which differ in length.
  // and latencies were measured on each backend.
  if (/^getUsage /.test(a.op))
    out.body = JSON.parse(JSON.stringify(out.body), (k, v: unknown) =>
      /bytes$|latency/.test(k) ? `<${k}>` : v,
    );
  if (/^(search|searchFull) /.test(a.op) && out.body && typeof out.body === "object") {
    const body = out.body as Record<string, unknown>;
    for (const [k, v] of Object.entries(body))
      if (Array.isArray(v)) body[k] = [...v].sort((x, y) => idOf(x).localeCompare(idOf(y)));
  }
  return out;
}

/** Every row of the target's copied tables and counters, as text, in a stable order. */
async function dump(c: Pick<PgConnection, "pool">) {
  const out: Record<string, string[]> = {};
  for (const t of [...TARGET_TABLES, "sequences"]) {
    const { rows } = await c.pool.query<{ r: string }>(`SELECT t::text AS r FROM ${t} t ORDER BY 1`);
    out[t] = rows.map((r) => r.r);
  }
  const ids = await c.pool.query<{ s: string; v: string }>(
    `SELECT sequencename AS s, last_value::text AS v FROM pg_sequences ORDER BY 1`,
  );
  out.identities = ids.rows.map((r) => `${r.s}=${r.v}`);
  const indexes = await c.pool.query<{ d: string }>(
    "SELECT indexdef AS d FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1",
  );
  out.indexes = indexes.rows.map((r) => r.d);
  return out;
}

describe("lede migrate-data (module)", () => {
  it("copies an install into PostgreSQL (pgvector on PGlite): every /v1 operation answers the same", async () => {
    const pg = await openPglite();
    let closed = false;
    try {
      const seen: TableProgress[] = [];
      const summary = await migrateData({
        dataDir,
        target: pg,
        batchSize: 100,
        onProgress: (p) => seen.push(p),
      });
      expect(summary.resumed).toBe(false);
      const src = new Database(path.join(dataDir, "lede.db"), { readonly: true });
      try {
        for (const t of summary.tables) {
          expect(t.skipped, t.table).toBe(0);
          expect(t.copiedNow, t.table).toBe(t.total);
        }
        const byTable = new Map(summary.tables.map((t) => [t.table, t.total]));
        expect(byTable.get("articles")).toBe(400);
        expect(byTable.get("article_vectors")).toBe(400);
        expect(byTable.get("story_vectors")).toBeGreaterThan(0);
        expect(byTable.get("usage_records")).toBeGreaterThan(0);
        expect(byTable.get("developments")).toBeGreaterThan(0);
        expect(seen.some((p) => p.table === "articles" && !p.done && p.copied === 100)).toBe(true);
        // Ids continue after the copied ones; the event log keeps its identity.
        const maxEvent = src
          .prepare("SELECT seq FROM sqlite_sequence WHERE name = 'events'")
          .pluck()
          .get() as number;
        const next = await pg.pool.query<{ id: number }>(
          "INSERT INTO events (ts, type) VALUES (0, 'probe') RETURNING id",
        );
        expect(next.rows[0]?.id).toBe(maxEvent + 1);
        await pg.pool.query("DELETE FROM events WHERE type = 'probe'");
        const seqs = Object.fromEntries(
          (
            src.prepare("SELECT name, next FROM sequences").all() as Array<{ name: string; next: number }>
          ).map((r) => [r.name, r.next]),
        );
        const target = Object.fromEntries(
          (await pg.pool.query<{ name: string; next: number }>("SELECT name, next FROM sequences")).rows.map(
            (r) => [r.name, r.next],
          ),
        );
        expect(target.event_log_id).toBe(seqs.event_log_id);
        // The HNSW indexes, dropped while the vectors were loaded, are back.
        const hnsw = await pg.pool.query<{ n: string }>(
          "SELECT indexname AS n FROM pg_indexes WHERE indexdef LIKE '% USING hnsw %' ORDER BY 1",
        );
        expect(hnsw.rows.map((r) => r.n)).toEqual(["article_vectors_hnsw", "story_vectors_hnsw"]);
        expect(target.story).toBe(seqs.story);
        // (the probe event's delete moved the history version once more)
        for (const n of ["story_version", "article_version", "entity_version", "securities_version"])
          expect(target[n], n).toBe(seqs[n]! + 1);
      } finally {
        src.close();
      }

      const pgStore = await postgresStoreOn(pg);
      closed = true;
      const sqlite = createSqliteStore(dataDir);
      try {
        expect(await pgStore.events.logId()).toBe(await sqlite.events.logId());
        const before = await answers(sqlite);
        const after = await answers(pgStore);
        // The extracted bodies were copied into the full-text vectors: a word only they carry finds them.
        const bodySearch = after.find((a) => a.op.includes(BODY_WORD))!.body as { items: unknown[] };
        expect(bodySearch.items).toHaveLength(8);
        const vector = after.find((a) => a.op === "vectorSearch")!.body as { articles: unknown[] };
        expect(vector.articles.length).toBeGreaterThan(0);
        expect(after.map((a) => a.op)).toEqual(before.map((b) => b.op));
        before.forEach((b, i) => {
          expect(b.status, b.op).toBe(200);
          expect(normaliseAnswer(after[i]!), b.op).toEqual(normaliseAnswer(b));
        });
      } finally {
        sqlite.close();
        await pgStore.close();
      }
    } finally {
      if (!closed) await pg.close();
    }
  }, 240_000);

  it("resumes a stopped copy where it stopped: the result equals a one-shot copy", async () => {
    const once = await openPglite();
    const twice = await openPglite();
    try {
      await migrateData({ dataDir, target: once, batchSize: 64 });
      let stopped: unknown;
      await migrateData({ dataDir, target: twice, batchSize: 64, stopAfterBatches: 9 }).catch(
        (e) => (stopped = e),
      );
      expect(stopped).toBeInstanceOf(MigrationStopped);
      const partial = await twice.pool.query<{ table_name: string; rows: number; done: boolean }>(
        `SELECT table_name, rows, done FROM ${CHECKPOINT_TABLE} ORDER BY table_name`,
      );
      expect(partial.rows.some((r) => !r.done && r.table_name !== "*" && r.rows > 0)).toBe(true);
      // Stopped again, mid-way through a later table, then to the end.
      await migrateData({ dataDir, target: twice, batchSize: 64, stopAfterBatches: 5 }).catch(
        (e) => (stopped = e),
      );
      expect(stopped).toBeInstanceOf(MigrationStopped);
      const done = await migrateData({ dataDir, target: twice, batchSize: 64 });
      expect(done.resumed).toBe(true);
      expect(done.tables.every((t) => t.skipped === 0)).toBe(true);
      expect(await dump(twice)).toEqual(await dump(once));
      // A run on a complete copy copies nothing.
      const again = await migrateData({ dataDir, target: twice, batchSize: 64 });
      expect(again.tables.reduce((n, t) => n + t.copiedNow, 0)).toBe(0);
      expect(await dump(twice)).toEqual(await dump(once));
    } finally {
      await once.close();
      await twice.close();
    }
  }, 240_000);

  it("refuses a target that holds other data or another install's copy, and a missing source", async () => {
    const pg = await openPglite();
    try {
      await pg.pool.query("INSERT INTO sources (slug, name, created_at) VALUES ('mine', 'Mine', 1)");
      await expect(migrateData({ dataDir, target: pg })).rejects.toThrow(
        /target database is not empty \(rows in sources\) and holds no partial copy of this install/,
      );
      await pg.pool.query("DELETE FROM sources");
      await migrateData({ dataDir, target: pg, stopAfterBatches: 1 }).catch(() => undefined);
      await pg.pool.query(`UPDATE ${CHECKPOINT_TABLE} SET source_log_id = 'zzz'`);
      await expect(migrateData({ dataDir, target: pg })).rejects.toThrow(
        /holds a copy of another install \(event log zzz; this install's is \w+\)/,
      );
      await expect(migrateData({ dataDir: path.join(dir, "nowhere"), target: pg })).rejects.toThrow(
        /no embedded database at .*nowhere.*nothing to migrate/,
      );
    } finally {
      await pg.close();
    }
  }, 60_000);
});

/** PGlite with pgvector served on a loopback port (pglite-socket), for `lede` child processes. */
async function servePglite() {
  const lite = await PGlite.create({ extensions: { pg_trgm, unaccent, vector } });
  const server = new PGLiteSocketServer({ db: lite, host: "127.0.0.1", port: 0, maxConnections: 8 });
  await server.start();
  const url = `postgres://postgres:postgres@${server.getServerConn()}/postgres`;
  // One connection: PGlite serves every client on one session.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  return {
    url,
    pool,
    async close() {
      await pool.end();
      await server.stop();
      await lite.close();
    },
  };
}

/** Runs `lede` without blocking this process (which serves the database); `killWhen` kills it on a stderr match. */
function ledeAsync(args: string[], env: Record<string, string>, killWhen?: RegExp) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, LEDE_DATA_DIR: dataDir, LEDE_MODEL_DIR: MODEL_DIR, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let killed = false;
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
    if (killWhen && !killed && killWhen.test(stderr)) {
      killed = true;
      child.kill("SIGKILL");
    }
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string; killed: boolean }>(
    (resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr, killed }));
    },
  );
}

describe("lede migrate-data (command)", () => {
  it("over pglite-socket: progress and a summary; a run killed mid-copy resumes to the one-shot copy; lede reads it", async () => {
    const served = await servePglite();
    const once = await openPglite();
    try {
      const to = ["migrate-data", "--to", served.url, "--batch-size", "20"];
      // Killed (SIGKILL) while copying vectors, after the events.
      const first = await ledeAsync(to, {}, /migrate-data: events \d+\/\d+.* done/);
      expect(first.killed).toBe(true);
      expect(first.stderr).toMatch(/migrate-data: articles \d+\/400, \d+ rows\/s done/);
      const cp = await served.pool.query<{ table_name: string; done: boolean }>(
        "SELECT table_name, done FROM migrate_data_checkpoints",
      );
      expect(cp.rows.find((r) => r.table_name === "*")?.done).toBe(false);

      const second = await ledeAsync(to, {});
      expect(second.code, second.stderr).toBe(0);
      expect(second.stderr).toMatch(/migrate-data: articles 400\/400 \(copied earlier\)/);
      expect(second.stderr).toMatch(/migrate-data: building the vector index article_vectors_hnsw/);
      expect(second.stdout).toMatch(
        /^completed an earlier partial copy: copied \d+ rows of 34 tables in [\d.]+ s \(\d+ rows\/s\) into postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/postgres; event log \w+ kept/,
      );
      await migrateData({ dataDir, target: once });
      expect(await dump(served)).toEqual(await dump(once));

      // Lede runs on the copy (one connection per process on PGlite).
      const listed = await ledeAsync(["accounts", "list", "--json"], {
        DATABASE_URL: served.url,
        LEDE_PG_POOL_MAX: "1",
      });
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain("reader@example.test");

      const missing = await ledeAsync(to, { LEDE_DATA_DIR: path.join(dir, "nowhere") });
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(
        /^lede: no embedded database at .*nowhere.*: there is nothing to migrate$/m,
      );
      const bad = await ledeAsync(["migrate-data", "--to", "mysql://x"], {});
      expect(bad.code).toBe(1);
      expect(bad.stderr).toMatch(/^lede: --to must be a postgres:\/\/ URL/m);
    } finally {
      await once.close();
      await served.close();
    }
  }, 300_000);
});
