import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { sql, type Kysely, type RawBuilder } from "kysely";
import * as sqliteVec from "sqlite-vec";

import { migrations as sqliteMigrations } from "../migrations";
import type { PgConnection } from "../postgres/connect";
import type { Database as PgDatabase } from "../postgres/schema";
import { ensureVectorSchema } from "../postgres/vector-schema";
import { vectorLiteral } from "../postgres/vector-writes";
import { COPIED_TABLES, TARGET_TABLES, type CopiedTable } from "./tables";

/** The target's checkpoint table: one row per copied table, and the row `*` for the whole run. */
export const CHECKPOINT_TABLE = "migrate_data_checkpoints";
const RUN = "*";
/** Any number: the advisory lock that keeps two copies from writing one target at once. */
const MIGRATE_LOCK = 0x1ede_0002;
/** Parameters per INSERT statement (PostgreSQL allows 65,535). */
const MAX_PARAMS = 30_000;
const LOG_ID_KEY = "event_log_id";

export interface TableProgress {
  table: string;
  /** Rows of this table in the target's checkpoint (copied by this run and earlier ones). */
  copied: number;
  /** Rows of the table in the source (vectors: those whose article or story exists). */
  total: number;
  /** Rows copied by this run, and how long this run has spent on the table. */
  copiedNow: number;
  elapsedMs: number;
  done: boolean;
}

export interface TableSummary {
  table: string;
  total: number;
  copiedNow: number;
  /** Rows this run read but the target already held (an earlier run's, or a conflicting row). */
  skipped: number;
  elapsedMs: number;
}

export interface MigrateDataSummary {
  /** The source's event-log identity, kept by the copy. */
  logId: string;
  /** True when the target held a partial copy of this install that this run completed. */
  resumed: boolean;
  tables: TableSummary[];
  elapsedMs: number;
}

export interface MigrateDataOptions {
  /** The embedded install's data directory (LEDE_DATA_DIR). */
  dataDir: string;
  /** The target database (its migrations applied). */
  target: PgConnection;
  /** Rows per batch (default 1,000; vectors a fifth of it). */
  batchSize?: number;
  onProgress?: (p: TableProgress) => void;
  /** Told of the steps between tables (building a vector index, finishing). */
  onStep?: (message: string) => void;
  /** Test hook: stop with `MigrationStopped` once this many batches have committed in this run. */
  stopAfterBatches?: number;
}

/** Thrown by the `stopAfterBatches` hook: the copy stopped between batches, as a killed run does. */
export class MigrationStopped extends Error {
  constructor(batches: number) {
    super(`stopped after ${batches} batches (test hook)`);
  }
}

type Row = Record<string, unknown>;

interface TargetColumn {
  name: string;
  type: string;
}

/** Opens the embedded database read-only, with sqlite-vec loaded; refuses a missing or out-of-date one. */
export function openSource(dataDir: string): Database.Database {
  const file = path.join(dataDir, "lede.db");
  if (!fs.existsSync(file))
    throw new Error(`no embedded database at ${file} (LEDE_DATA_DIR): there is nothing to migrate`);
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 10000");
    sqliteVec.load(db);
    const has = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    const version = has
      ? ((db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get() as { v: number | null }).v ?? 0)
      : 0;
    const latest = Math.max(...sqliteMigrations.map((m) => m.version));
    if (version < latest)
      throw new Error(
        `the embedded database ${file} is at schema version ${version}, this Lede's is ${latest}: run this Lede once on it ` +
          "(e.g. `lede accounts list` with LEDE_DATA_DIR set and DATABASE_URL unset) to upgrade it, then migrate",
      );
    if (version > latest)
      throw new Error(
        `the embedded database ${file} was written by a newer Lede (schema version ${version}, this one knows ${latest}): migrate with that version`,
      );
    return db;
  } catch (e) {
    db.close();
    throw e;
  }
}

/**
 * The source's event-log identity (`EventRepo.logId`): created as the store creates it when the install has never
 * been asked for it (the one write this command makes to the source), so a resumed copy can recognise its source.
 */
function sourceLogId(dataDir: string, db: Database.Database): number {
  const read = () =>
    db.prepare("SELECT next FROM sequences WHERE name = ?").pluck().get(LOG_ID_KEY) as number | undefined;
  let value = read();
  if (value === undefined) {
    const w = new Database(path.join(dataDir, "lede.db"), { fileMustExist: true });
    try {
      w.pragma("busy_timeout = 10000");
      w.prepare("INSERT OR IGNORE INTO sequences (name, next) VALUES (?, ?)").run(
        LOG_ID_KEY,
        1 + Math.floor(Math.random() * (2 ** 47 - 1)),
      );
    } finally {
      w.close();
    }
    value = read();
  }
  if (value === undefined) throw new Error("could not read the embedded install's event-log identity");
  return value;
}

/** Live leases in the source: a Lede process still working on the install (its writes may be missed). */
export function liveLeases(db: Database.Database, now = Date.now()): string[] {
  return (db.prepare("SELECT name FROM leases WHERE expires_at > ?").pluck().all(now) as string[]).sort();
}

async function targetColumns(db: Kysely<PgDatabase>, table: string): Promise<TargetColumn[]> {
  const { rows } = await sql<{ name: string; type: string; generated: string; identity: string | null }>`
    SELECT column_name AS name, data_type AS type, is_generated AS generated, identity_generation AS identity
    FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}
    ORDER BY ordinal_position`.execute(db);
  if (rows.length === 0) throw new Error(`the target has no table ${table}: is it a Lede database?`);
  return rows
    .filter((c) => c.generated !== "ALWAYS" && c.identity !== "ALWAYS" && c.type !== "tsvector")
    .map((c) => ({ name: c.name, type: c.type }));
}

function sourceColumns(db: Database.Database, table: string): Set<string> {
  const cols = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
  return new Set(cols);
}

/** A SQLite value as the target column takes it. */
function converter(type: string): (v: unknown) => unknown {
  if (type === "boolean") return (v) => (v === null || v === undefined ? null : v === 1 || v === true);
  return (v) => v;
}

interface Checkpoint {
  table_name: string;
  source_log_id: string;
  last_key: string | null;
  rows: number;
  done: boolean;
}

/**
 * Copies an embedded install (the SQLite database of `dataDir`) into a PostgreSQL database, resumably: each table is
 * read in key order, in batches; each batch is inserted (multi-row, ON CONFLICT DO NOTHING) in one transaction with
 * the table's checkpoint, so a run that dies continues after its last committed batch. Ends by moving the target's
 * sequences past the copied ids and its version counters past the source's, then ANALYZE. Refuses a target that
 * holds data and is not a partial copy of this same install (its event-log identity), and a target without
 * pgvector (the store's own error).
 */
export async function migrateData(opts: MigrateDataOptions): Promise<MigrateDataSummary> {
  const started = performance.now();
  const batchSize = Math.max(1, opts.batchSize ?? 1000);
  const source = openSource(opts.dataDir);
  const { db: pg, pool } = opts.target;
  try {
    const logIdValue = sourceLogId(opts.dataDir, source);
    const logId = logIdValue.toString(36);
    // Every read of this run sees one snapshot of the source.
    source.exec("BEGIN");
    // The store's own check: an error naming pgvector where the extension is missing.
    await ensureVectorSchema(pool);
    return await pg.connection().execute(async (conn) => {
      const locked = await sql<{ ok: boolean }>`SELECT pg_try_advisory_lock(${MIGRATE_LOCK}) AS ok`.execute(
        conn,
      );
      if (!locked.rows[0]?.ok)
        throw new Error("another lede migrate-data is writing to this database: wait for it to end");
      try {
        const { resumed, complete } = await prepareTarget(conn, logId);
        let batches = 0;
        const tables: TableSummary[] = [];
        const counted = () => {
          batches++;
          if (opts.stopAfterBatches !== undefined && batches >= opts.stopAfterBatches)
            throw new MigrationStopped(batches);
        };
        for (const t of COPIED_TABLES) {
          if (t.vector) await deferVectorIndexes(conn, t.vector.target, logId);
          tables.push(
            await copyTable(source, conn, t, logId, {
              batchSize: t.vector ? Math.max(1, Math.floor(batchSize / 5)) : batchSize,
              onProgress: opts.onProgress,
              onBatch: counted,
            }),
          );
        }
        // A complete copy is left as it is (it may be in use): its ids and counters were set when it completed.
        if (!complete) {
          await buildDeferredIndexes(conn, opts.onStep);
          opts.onStep?.("setting sequences and counters");
          await finish(source, conn, logIdValue);
          opts.onStep?.("analyzing the copied tables");
          await sql`ANALYZE`.execute(conn);
        }
        return { logId, resumed, tables, elapsedMs: performance.now() - started };
      } finally {
        await sql`SELECT pg_advisory_unlock(${MIGRATE_LOCK})`.execute(conn).catch(() => undefined);
      }
    });
  } finally {
    if (source.inTransaction) source.exec("COMMIT");
    source.close();
  }
}

/** Creates the checkpoint table; refuses a target that is neither empty nor a partial copy of this install. */
async function prepareTarget(
  db: Kysely<PgDatabase>,
  logId: string,
): Promise<{ resumed: boolean; complete: boolean }> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(CHECKPOINT_TABLE)} (
    table_name text PRIMARY KEY,
    source_log_id text NOT NULL,
    last_key text,
    rows bigint NOT NULL DEFAULT 0,
    done boolean NOT NULL DEFAULT false,
    updated_at bigint NOT NULL
  )`.execute(db);
  const { rows } = await sql<Checkpoint>`SELECT * FROM ${sql.table(CHECKPOINT_TABLE)}`.execute(db);
  const other = rows.find((r) => r.source_log_id !== logId);
  if (other)
    throw new Error(
      `the target database holds a copy of another install (event log ${other.source_log_id}; this install's is ${logId}): ` +
        "migrate into an empty database",
    );
  if (rows.length > 0) return { resumed: true, complete: rows.some((r) => r.table_name === RUN && r.done) };
  const nonEmpty: string[] = [];
  for (const t of TARGET_TABLES) {
    const r = await sql<{ any: boolean }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(t)}) AS any`.execute(db);
    if (r.rows[0]?.any) nonEmpty.push(t);
  }
  if (nonEmpty.length > 0)
    throw new Error(
      `the target database is not empty (rows in ${nonEmpty.join(", ")}) and holds no partial copy of this install: ` +
        "migrate into an empty database (a new one, or drop and recreate it)",
    );
  await sql`INSERT INTO ${sql.table(CHECKPOINT_TABLE)} (table_name, source_log_id, updated_at)
    VALUES (${RUN}, ${logId}, ${Date.now()})`.execute(db);
  return { resumed: false, complete: false };
}

interface CopyOptions {
  batchSize: number;
  onProgress?: (p: TableProgress) => void;
  onBatch: () => void;
}

/** One batch as read from the source: rows ready for the target, the last key, and how many. */
interface Batch {
  values: Array<Record<string, unknown>>;
  lastKey: number | string;
}

async function copyTable(
  source: Database.Database,
  pg: Kysely<PgDatabase>,
  t: CopiedTable,
  logId: string,
  o: CopyOptions,
): Promise<TableSummary> {
  const started = performance.now();
  const target = t.vector?.target ?? t.name;
  const cp = (
    await sql<Checkpoint>`SELECT * FROM ${sql.table(CHECKPOINT_TABLE)} WHERE table_name = ${t.name}`.execute(
      pg,
    )
  ).rows[0];
  const total = t.vector
    ? (source
        .prepare(`SELECT COUNT(*) FROM ${t.name}_rowids r JOIN ${t.vector.parent} p ON p.id = r.rowid`)
        .pluck()
        .get() as number)
    : (source.prepare(`SELECT COUNT(*) FROM ${t.name}`).pluck().get() as number);
  let copied = cp?.rows ?? 0;
  let copiedNow = 0;
  let skipped = 0;
  const progress = (done: boolean) =>
    o.onProgress?.({ table: t.name, copied, total, copiedNow, elapsedMs: performance.now() - started, done });
  if (cp?.done) {
    progress(true);
    return { table: t.name, total, copiedNow: 0, skipped: 0, elapsedMs: 0 };
  }
  let lastKey: number | string | null =
    cp?.last_key != null ? (JSON.parse(cp.last_key) as number | string) : null;
  const read = t.vector ? vectorReader(source, t, o.batchSize) : await rowReader(source, pg, t, o.batchSize);

  const write = async (batch: Batch) => {
    await pg.transaction().execute(async (trx) => {
      const res =
        batch.values.length === 0
          ? { numInsertedOrUpdatedRows: 0n }
          : await trx
              .insertInto(target as never)
              .values(batch.values as never)
              .onConflict((oc) => oc.doNothing())
              .executeTakeFirst();
      const inserted = Number(res.numInsertedOrUpdatedRows ?? 0);
      skipped += batch.values.length - inserted;
      const key = JSON.stringify(batch.lastKey);
      const rows = copied + batch.values.length;
      await sql`INSERT INTO ${sql.table(CHECKPOINT_TABLE)} (table_name, source_log_id, last_key, rows, updated_at)
        VALUES (${t.name}, ${logId}, ${key}, ${rows}, ${Date.now()})
        ON CONFLICT (table_name) DO UPDATE SET last_key = excluded.last_key, rows = excluded.rows,
          updated_at = excluded.updated_at`.execute(trx);
    });
    copied += batch.values.length;
    copiedNow += batch.values.length;
  };

  let batch = read(lastKey);
  while (batch) {
    const pending = write(batch);
    lastKey = batch.lastKey;
    // The next batch is read from SQLite while PostgreSQL commits this one.
    let next: Batch | null;
    try {
      next = read(lastKey);
    } catch (e) {
      await pending.catch(() => undefined);
      throw e;
    }
    await pending;
    progress(false);
    o.onBatch();
    batch = next;
  }
  await sql`INSERT INTO ${sql.table(CHECKPOINT_TABLE)} (table_name, source_log_id, last_key, rows, done, updated_at)
    VALUES (${t.name}, ${logId}, ${lastKey === null ? null : JSON.stringify(lastKey)}, ${copied}, true, ${Date.now()})
    ON CONFLICT (table_name) DO UPDATE SET done = true, updated_at = excluded.updated_at`.execute(pg);
  progress(true);
  return { table: t.name, total, copiedNow, skipped, elapsedMs: performance.now() - started };
}

/** Reads a plain table's rows after a key, converted to the target's columns. */
async function rowReader(
  source: Database.Database,
  pg: Kysely<PgDatabase>,
  t: CopiedTable,
  batchSize: number,
): Promise<(after: number | string | null) => Batch | null> {
  const have = sourceColumns(source, t.name);
  if (have.size === 0) throw new Error(`the embedded database has no table ${t.name}`);
  const cols = (await targetColumns(pg, t.name)).filter((c) => have.has(c.name));
  const convert = cols.map((c) => converter(c.type));
  const isArticles = t.name === "articles";
  // Articles carry their full-text body (SQLite's articles_fts.body: the extracted text, when there is some).
  const extra = isArticles ? ", (SELECT f.body FROM articles_fts f WHERE f.rowid = t.rowid) AS __body" : "";
  const list = cols.map((c) => `t."${c.name}"`).join(", ");
  const perRow = cols.length + (isArticles ? 3 : 0);
  const limit = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMS / perRow)));
  const base = `SELECT t.${t.key} AS __key, ${list}${extra} FROM ${t.name} t`;
  const first = source.prepare(`${base} ORDER BY t.${t.key} LIMIT ?`);
  const next = source.prepare(`${base} WHERE t.${t.key} > ? ORDER BY t.${t.key} LIMIT ?`);
  const selfRef = t.selfRef;
  return (after) => {
    const rows = (after === null ? first.all(limit) : next.all(after, limit)) as Row[];
    if (rows.length === 0) return null;
    const values = rows.map((r) => {
      const v: Record<string, unknown> = {};
      cols.forEach((c, i) => (v[c.name] = convert[i]!(r[c.name])));
      // A reference to a later row of the same table waits for that row (set by `finish`).
      if (selfRef && typeof v[selfRef] === "number" && (v[selfRef] as number) > (r.__key as number))
        v[selfRef] = null;
      if (isArticles && typeof r.__body === "string" && r.__body !== "")
        v.fts = sql`lede_article_fts(${r.title}::text, ${r.excerpt ?? null}::text, ${r.__body}::text)`;
      return v;
    });
    return { values, lastKey: rows[rows.length - 1]!.__key as number | string };
  };
}

/** Reads a sqlite-vec table's vectors (float32 blobs by rowid) after a rowid, as pgvector literals. */
function vectorReader(source: Database.Database, t: CopiedTable, batchSize: number) {
  const v = t.vector!;
  // Only vectors whose article or story exists: the target's vector tables reference them.
  const ids = source
    .prepare(
      `SELECT r.rowid FROM ${t.name}_rowids r JOIN ${v.parent} p ON p.id = r.rowid
       WHERE r.rowid > ? ORDER BY r.rowid LIMIT ?`,
    )
    .pluck();
  const one = source.prepare(`SELECT embedding FROM ${t.name} WHERE rowid = ?`).pluck();
  return (after: number | string | null): Batch | null => {
    const list = ids.all(after ?? 0, batchSize) as number[];
    if (list.length === 0) return null;
    const values: Array<Record<string, unknown>> = [];
    for (const id of list) {
      const blob = one.get(BigInt(id)) as Buffer | undefined;
      if (!blob) continue;
      // Copied out of the row buffer into an aligned array: the blob's offset need not be a multiple of 4.
      const vec = new Float32Array(blob.byteLength / 4);
      new Uint8Array(vec.buffer).set(blob);
      values.push({ [v.targetId]: id, embedding: sql`${vectorLiteral(vec)}::vector` as RawBuilder<unknown> });
    }
    return { values, lastKey: list[list.length - 1]! };
  };
}

const INDEX_ROW = "index:";

/**
 * pgvector builds an HNSW index far faster over loaded rows than row by row as they arrive: before the first
 * vectors are copied, a vector table's HNSW indexes are dropped, their definitions kept in the checkpoint table (in
 * the same transaction), and `buildDeferredIndexes` recreates them from there once every table is copied, in this
 * run or a resumed one.
 */
async function deferVectorIndexes(db: Kysely<PgDatabase>, table: string, logId: string): Promise<void> {
  const copied = await sql<{
    any: boolean;
  }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(table)}) AS any`.execute(db);
  if (copied.rows[0]?.any) return;
  const { rows } = await sql<{ name: string; def: string }>`
    SELECT indexname AS name, indexdef AS def FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = ${table} AND indexdef ILIKE '% USING hnsw %'`.execute(
    db,
  );
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const ix of rows) {
      await sql`INSERT INTO ${sql.table(CHECKPOINT_TABLE)} (table_name, source_log_id, last_key, updated_at)
        VALUES (${INDEX_ROW + ix.name}, ${logId}, ${ix.def}, ${Date.now()})
        ON CONFLICT (table_name) DO UPDATE SET last_key = excluded.last_key, done = false`.execute(trx);
      await sql`DROP INDEX ${sql.id(ix.name)}`.execute(trx);
    }
  });
}

/** Recreates the indexes `deferVectorIndexes` dropped (each in its own transaction, marked done with it). */
async function buildDeferredIndexes(
  db: Kysely<PgDatabase>,
  onStep?: (message: string) => void,
): Promise<void> {
  const { rows } = await sql<{ table_name: string; last_key: string }>`
    SELECT table_name, last_key FROM ${sql.table(CHECKPOINT_TABLE)}
    WHERE table_name LIKE ${INDEX_ROW + "%"} AND NOT done ORDER BY table_name`.execute(db);
  for (const r of rows) {
    const name = r.table_name.slice(INDEX_ROW.length);
    onStep?.(`building the vector index ${name}`);
    await db.transaction().execute(async (trx) => {
      const exists = await sql<{ t: string | null }>`SELECT to_regclass(${name})::text AS t`.execute(trx);
      if (!exists.rows[0]?.t) {
        await raiseIndexMemory(trx, r.last_key);
        await sql.raw(r.last_key).execute(trx);
      }
      await sql`UPDATE ${sql.table(CHECKPOINT_TABLE)} SET done = true, updated_at = ${Date.now()}
        WHERE table_name = ${r.table_name}`.execute(trx);
    });
  }
}

/** Bytes an HNSW graph takes per vector of 1536 float32 dimensions, neighbour lists included (roughly). */
const HNSW_BYTES_PER_VECTOR = 1536 * 4 + 512;
const MAX_INDEX_MEMORY_MB = 1024;

/**
 * pgvector builds an HNSW index fast while the graph fits in maintenance_work_mem and far slower once it does not;
 * the server's default (64 MB) holds about 10,000 vectors. For this transaction only, the setting is raised to what
 * the table's graph needs (at most 1 GB), never lowered.
 */
async function raiseIndexMemory(trx: Kysely<PgDatabase>, indexDef: string): Promise<void> {
  const table = / ON (?:ONLY )?(\S+) USING /i.exec(indexDef)?.[1];
  if (!table) return;
  const n = await sql<{ n: number }>`SELECT COUNT(*)::bigint AS n FROM ${sql.raw(table)}`.execute(trx);
  const wantMb = Math.min(
    MAX_INDEX_MEMORY_MB,
    Math.ceil(((n.rows[0]?.n ?? 0) * HNSW_BYTES_PER_VECTOR) / 2 ** 20) + 64,
  );
  const cur = await sql<{
    b: number;
  }>`SELECT pg_size_bytes(current_setting('maintenance_work_mem'))::bigint AS b`.execute(trx);
  if ((cur.rows[0]?.b ?? 0) < wantMb * 2 ** 20)
    await sql.raw(`SET LOCAL maintenance_work_mem = '${wantMb}MB'`).execute(trx);
}

/**
 * Once every table is copied: forward self-references, sources' article counts as the source has them (the target's
 * triggers counted the copied articles on top of the copied counts), the `sequences` rows (event-log identity kept,
 * `story` past the highest story id, version counters past the source's), identity sequences past the copied ids
 * (events past SQLite's AUTOINCREMENT high-water mark, so no event id is ever reused). One transaction: rerun whole.
 */
async function finish(source: Database.Database, pg: Kysely<PgDatabase>, logIdValue: number): Promise<void> {
  await pg.transaction().execute(async (trx) => {
    for (const t of COPIED_TABLES) {
      if (!t.selfRef) continue;
      const refs = source
        .prepare(`SELECT rowid AS id, ${t.selfRef} AS ref FROM ${t.name} WHERE ${t.selfRef} > rowid`)
        .all() as Array<{ id: number; ref: number }>;
      await updateFromValues(trx, t.name, t.selfRef, refs);
    }
    const counts = source.prepare("SELECT id, article_count AS ref FROM sources").all() as Array<{
      id: number;
      ref: number;
    }>;
    await updateFromValues(trx, "sources", "article_count", counts);

    const seqs = source.prepare("SELECT name, next FROM sequences").all() as Array<{
      name: string;
      next: number;
    }>;
    for (const s of seqs) {
      const value = s.name === LOG_ID_KEY ? logIdValue : s.next;
      await sql`INSERT INTO sequences (name, next) VALUES (${s.name}, ${value})
        ON CONFLICT (name) DO UPDATE SET next = CASE
          WHEN sequences.name LIKE '%\\_version' OR sequences.name = 'story' THEN GREATEST(sequences.next, excluded.next)
          ELSE excluded.next END`.execute(trx);
    }
    await sql`UPDATE sequences SET next = GREATEST(next, (SELECT COALESCE(MAX(id), 0) + 1 FROM stories))
      WHERE name = 'story'`.execute(trx);
    // Caches keyed by a version of the source (ETags, read models) are stale on the new backend.
    await sql`UPDATE sequences SET next = next + 1 WHERE name LIKE '%\\_version'`.execute(trx);

    const floor = new Map<string, number>();
    const hasSeq = source.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get();
    if (hasSeq)
      for (const r of source.prepare("SELECT name, seq FROM sqlite_sequence").all() as Array<{
        name: string;
        seq: number;
      }>)
        floor.set(r.name, r.seq);
    const { rows: identities } = await sql<{ table: string; column: string }>`
      SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = current_schema() AND is_identity = 'YES' AND identity_generation = 'BY DEFAULT'`.execute(
      trx,
    );
    for (const { table, column } of identities) {
      const max = (
        await sql<{ m: number | null }>`SELECT MAX(${sql.ref(column)}) AS m FROM ${sql.table(table)}`.execute(
          trx,
        )
      ).rows[0]?.m;
      const high = Math.max(Number(max ?? 0), floor.get(table) ?? 0);
      const seq = sql`pg_get_serial_sequence(${table}, ${column})`;
      if (high > 0) await sql`SELECT setval(${seq}, ${high}, true)`.execute(trx);
      else await sql`SELECT setval(${seq}, 1, false)`.execute(trx);
    }
    await sql`UPDATE ${sql.table(CHECKPOINT_TABLE)} SET done = true, updated_at = ${Date.now()}
      WHERE table_name = ${RUN}`.execute(trx);
  });
}

async function updateFromValues(
  db: Kysely<PgDatabase>,
  table: string,
  column: string,
  rows: Array<{ id: number; ref: number }>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    const chunk = rows.slice(i, i + 5000);
    const values = sql.join(chunk.map((r) => sql`(${r.id}::bigint, ${r.ref}::bigint)`));
    await sql`UPDATE ${sql.table(table)} t SET ${sql.ref(column)} = v.ref FROM (VALUES ${values}) AS v(id, ref)
      WHERE t.id = v.id AND t.${sql.ref(column)} IS DISTINCT FROM v.ref`.execute(db);
  }
}
