import { randomInt } from "node:crypto";

import type { Db } from "../open-db";
import type { ArticleVector, EventRangeQuery, EventRepo } from "../store";
import type { EventDraft, StoredEvent } from "../types";
import { stmt } from "./stmt-cache";

interface Row {
  id: number;
  ts: number;
  type: string;
  cluster_id: number;
  article_id: number | null;
  payload: string | null;
  source_slug: string | null;
}

function toEvent(r: Row): StoredEvent {
  const event = {
    id: r.id,
    ts: r.ts,
    type: r.type,
    clusterId: r.cluster_id,
    articleId: r.article_id,
    sourceSlug: r.source_slug,
    payloadJson: r.payload,
  } as StoredEvent;
  // Parsed on first use: a backtest page without content filters sends the logged text as it is.
  let parsed: Record<string, unknown> | null | undefined;
  Object.defineProperty(event, "payload", {
    enumerable: true,
    get: () => (parsed ??= r.payload === null ? null : (JSON.parse(r.payload) as Record<string, unknown>)),
    set: (v: Record<string, unknown> | null) => (parsed = v),
  });
  return event;
}

// Each event with its article's source slug (two primary-key lookups), which source filters match besides the id.
const SELECT = `SELECT e.*, s.slug AS source_slug FROM events e
  LEFT JOIN articles a ON a.id = e.article_id LEFT JOIN sources s ON s.id = a.source_id`;

/** Appends inside the caller's transaction: the id is assigned first so the payload can carry it. */
export function appendEvent(db: Db, draft: EventDraft): StoredEvent {
  const info = stmt(
    db,
    "INSERT INTO events (ts, type, cluster_id, article_id, payload) VALUES (?, ?, ?, ?, NULL)",
  ).run(draft.ts, draft.type, draft.clusterId, draft.articleId);
  const id = Number(info.lastInsertRowid);
  const payload = draft.payload(id);
  stmt(db, "UPDATE events SET payload = ? WHERE id = ?").run(JSON.stringify(payload), id);
  return {
    id,
    ts: draft.ts,
    type: draft.type,
    clusterId: draft.clusterId,
    articleId: draft.articleId,
    payload,
  };
}

const quote = (t: string) => `'${t.replace(/'/g, "''")}'`;

// Pre-filters mirroring lib/events/filters.ts (contract §8.4) as supersets: a row passes unless it carries the
// field as a plain value that no entry matches. The filter semantics in JavaScript stay the authority.
const CATEGORY_PREFILTER = `(e.type IN ('cluster.event','clusters.ranked')
  OR json_type(e.payload, '$.data.category') IS NOT 'text'
  OR json_extract(e.payload, '$.data.category') IN (SELECT value FROM json_each(@categories)))`;
const SOURCE_PREFILTER = `(e.type NOT IN ('item.new','item.enriched')
  OR json_type(e.payload, '$.data.source_id') NOT IN ('text','integer')
  OR CAST(json_extract(e.payload, '$.data.source_id') AS TEXT) IN (SELECT value FROM json_each(@sources))
  OR s.slug IN (SELECT value FROM json_each(@sources)))`;

// The text keywords test: an article's title; a story event's headline, or its title when the headline is null.
const KEYWORD_TEXT = `CASE WHEN e.type IN ('item.new','item.enriched') THEN json_extract(e.payload, '$.data.title')
  ELSE coalesce(json_extract(e.payload, '$.data.headline'), json_extract(e.payload, '$.data.title')) END`;
// Only for ASCII keywords, and rows whose text is not plain printable ASCII are left to JavaScript: there,
// SQLite's lower() (ASCII only) and String.toLowerCase() agree.
const KEYWORD_PREFILTER = `(e.type IN ('cluster.event','clusters.ranked')
  OR typeof(${KEYWORD_TEXT}) != 'text'
  OR (${KEYWORD_TEXT}) GLOB '*[^ -~]*'
  OR EXISTS (SELECT 1 FROM json_each(@keywords) k WHERE instr(lower(${KEYWORD_TEXT}), k.value) > 0))`;
const asciiKeywords = (k: string[] | undefined) => (k && k.every((w) => /^[ -~]+$/.test(w)) ? k : undefined);

/** The SQL of one range page. Types are inlined (a closed set), so each distinct query is prepared once. */
function rangeSql(q: EventRangeQuery): string {
  const types = q.types;
  const where = ["e.ts >= @from", "e.ts <= @to", `e.type IN (${types.map(quote).join(",") || "NULL"})`];
  if (q.clusterId !== undefined) where.push("e.cluster_id = @clusterId");
  if (q.categories) where.push(CATEGORY_PREFILTER);
  if (q.sources) where.push(SOURCE_PREFILTER);
  if (asciiKeywords(q.keywords)) where.push(KEYWORD_PREFILTER);
  const resume = q.after !== undefined;
  // Row-value comparison lets SQLite seek the (ts, id) index straight to the cursor.
  if (resume) where.push("(e.ts, e.id) > (@afterTs, @afterId)");
  return `${SELECT} WHERE ${where.join(" AND ")} ORDER BY e.ts, e.id LIMIT @limit`;
}

const LOG_ID_KEY = "event_log_id";

export function sqliteEventRepo(db: Db): EventRepo {
  const after = db.prepare(`${SELECT} WHERE e.id > ? ORDER BY e.id LIMIT ?`);
  const appendTx = db.transaction((draft: EventDraft) => appendEvent(db, draft));
  // Oldest first along the (ts, id) index, so a batch never sorts the whole expired range.
  const pruneStmt = db.prepare(
    "DELETE FROM events WHERE id IN (SELECT id FROM events WHERE ts < ? ORDER BY ts, id LIMIT ?)",
  );
  const vectorOf = db.prepare("SELECT embedding FROM article_vectors WHERE rowid = ?").pluck();
  const modelOf = db.prepare("SELECT embedding_model FROM articles WHERE id = ?").pluck();
  let logId: string | undefined;
  return {
    async range(q) {
      const rows = stmt(db, rangeSql(q)).all({
        from: q.from,
        to: q.to,
        limit: q.limit,
        ...(q.clusterId !== undefined ? { clusterId: q.clusterId } : {}),
        ...(q.after ? { afterTs: q.after.ts, afterId: q.after.id } : {}),
        ...(q.categories ? { categories: JSON.stringify(q.categories) } : {}),
        ...(q.sources ? { sources: JSON.stringify(q.sources) } : {}),
        ...(asciiKeywords(q.keywords) ? { keywords: JSON.stringify(q.keywords) } : {}),
      }) as Row[];
      return rows.map(toEvent);
    },
    async get(id) {
      const r = stmt(db, `${SELECT} WHERE e.id = ?`).get(id) as Row | undefined;
      return r ? toEvent(r) : null;
    },
    async append(draft) {
      return appendTx.immediate(draft);
    },
    async after(afterId, limit) {
      return (after.all(afterId, limit) as Row[]).map(toEvent);
    },
    async lastId() {
      const r = stmt(db, "SELECT MAX(id) AS id FROM events").get() as { id: number | null };
      return r.id ?? 0;
    },
    async prune(before, batch, pauseMs = 0) {
      // Small batches, each its own short transaction, with a pause between them: writers in this process and
      // in others (which queue on the write lock) get in between batches instead of waiting for the whole prune.
      let total = 0;
      for (;;) {
        const n = pruneStmt.run(before, batch).changes;
        total += n;
        if (n < batch) return total;
        await new Promise((r) => (pauseMs > 0 ? setTimeout(r, pauseMs) : setImmediate(r)));
      }
    },
    async articleVectors(articleIds) {
      const out = new Map<number, ArticleVector>();
      for (const id of new Set(articleIds)) {
        const blob = vectorOf.get(BigInt(id)) as Buffer | undefined;
        if (!blob) continue;
        // Copy out of the row buffer into an aligned array: the blob's byte offset need not be a multiple of 4.
        const vector = new Float32Array(blob.byteLength / 4);
        new Uint8Array(vector.buffer).set(blob);
        out.set(id, { vector, model: (modelOf.get(id) as string | null | undefined) ?? null });
      }
      return out;
    },
    async logId() {
      if (logId) return logId;
      // A random identity, created with the log: processes sharing this database share it, other databases
      // (even one recreated in the same directory) get their own. Kept as a row of the named-values table.
      stmt(db, "INSERT OR IGNORE INTO sequences (name, next) VALUES (?, ?)").run(
        LOG_ID_KEY,
        randomInt(1, 2 ** 47),
      );
      const value = stmt(db, "SELECT next FROM sequences WHERE name = ?").pluck().get(LOG_ID_KEY) as number;
      logId = value.toString(36);
      return logId;
    },
  };
}
