import { randomInt } from "node:crypto";

import { EVENT_CATEGORY, EVENT_SOURCE } from "../migrations/009-serving-indexes";
import type { Db } from "../open-db";
import type { ArticleVector, EventRangeQuery, EventRepo } from "../store";
import type { EventDraft, StoredEvent } from "../types";
import { stmt } from "./stmt-cache";
import { versionReader } from "./versions";

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

/**
 * Where an event's `ts` comes from (contract §6.12). `emit` (the default): the wall-clock moment the event enters
 * the log, so a replay is point-in-time: no event shows in a backtest window before it could have been seen live.
 * `producer`: the time its producer gives (an article's discovery time, the article clock a backfill's clustering
 * runs on), for a historical backfill that wants its events spread over the articles' own times; such a log is
 * not point-in-time.
 */
export type EventTimeMode = "emit" | "producer";

interface EventClock {
  mode: EventTimeMode;
  /** The last emit time this connection stamped: emit times never go backwards along ids. */
  last: number;
}

const clocks = new WeakMap<Db, EventClock>();
const clockOf = (db: Db): EventClock => {
  let c = clocks.get(db);
  if (!c) clocks.set(db, (c = { mode: "emit", last: 0 }));
  return c;
};

/** Chooses how this connection's appended events are timed (see `EventTimeMode`); returns the previous mode. */
export function setEventTimeMode(db: Db, mode: EventTimeMode): EventTimeMode {
  const c = clockOf(db);
  const previous = c.mode;
  c.mode = mode;
  return previous;
}

function eventTime(db: Db, draft: EventDraft): number {
  const c = clockOf(db);
  if (c.mode === "producer") return draft.ts;
  c.last = Math.max(Date.now(), c.last);
  return c.last;
}

/**
 * Appends inside the caller's transaction: the id is assigned first so the payload can carry it. The event's
 * time is its emit time unless the connection keeps producers' times (`setEventTimeMode`); the broadcast
 * message's own `ts` is set to the same value.
 */
export function appendEvent(db: Db, draft: EventDraft): StoredEvent {
  const ts = eventTime(db, draft);
  const info = stmt(
    db,
    "INSERT INTO events (ts, type, cluster_id, article_id, payload) VALUES (?, ?, ?, ?, NULL)",
  ).run(ts, draft.type, draft.clusterId, draft.articleId);
  const id = Number(info.lastInsertRowid);
  const payload = draft.payload(id);
  if ("ts" in payload) payload.ts = ts;
  stmt(db, "UPDATE events SET payload = ? WHERE id = ?").run(JSON.stringify(payload), id);
  return {
    id,
    ts,
    type: draft.type,
    clusterId: draft.clusterId,
    articleId: draft.articleId,
    payload,
  };
}

const quote = (t: string) => `'${t.replace(/'/g, "''")}'`;

// The filters of contract §8.4, in SQL with the live feed's semantics (lib/events/filters.ts, `matchesFilters`):
// entries within a filter are ORed, filters ANDed, and an event that does not carry the field a filter reads
// passes it. Each is exact, so a page is read with LIMIT and nothing is filtered after it. Category, source, type
// and cluster are read from the events_page index entry; only keywords and entities read the row.
const CATEGORY_FILTER = `(${EVENT_CATEGORY} IS NULL OR ${EVENT_CATEGORY} IN (SELECT value FROM json_each(@categories)))`;
// An article event's source is the one its payload names (`data.source_id`, written from the article row), so a
// slug entry matches through its source's id.
const SOURCE_FILTER = `(type NOT IN ('item.new','item.enriched') OR ${EVENT_SOURCE} IN (
  SELECT value FROM json_each(@sources)
  UNION ALL SELECT CAST(id AS TEXT) FROM sources WHERE slug IN (SELECT value FROM json_each(@sources))))`;
// The text keywords test: an article's title; a story event's headline, or its title when the headline is null.
const KEYWORD_TEXT = `CASE WHEN type IN ('item.new','item.enriched') THEN json_extract(payload, '$.data.title')
  ELSE coalesce(json_extract(payload, '$.data.headline'), json_extract(payload, '$.data.title')) END`;
// Lowercased as String.toLowerCase() does: SQLite's lower() folds ASCII only, which is the same thing for plain
// printable ASCII text; other text goes through js_lower (registered below), e.g. for the Kelvin sign that
// JavaScript lowercases to "k".
const KEYWORD_FILTER = `(type IN ('cluster.event','clusters.ranked') OR typeof(${KEYWORD_TEXT}) != 'text'
  OR EXISTS (SELECT 1 FROM (SELECT CASE WHEN t GLOB '*[^ -~]*' THEN js_lower(t) ELSE lower(t) END AS t
                            FROM (SELECT ${KEYWORD_TEXT} AS t)) x, json_each(@keywords) k
             WHERE instr(x.t, k.value) > 0))`;
const ENTITY_FILTER = `(type != 'item.enriched' OR EXISTS (SELECT 1 FROM json_each(payload, '$.entity_ids') j
  WHERE j.value IN (SELECT value FROM json_each(@entities))))`;

/**
 * The SQL of one range page. Types are inlined (a closed set), so each distinct query is prepared once. Pages walk
 * the events_page index in (ts, id) order; a cluster filter lets SQLite choose events_cluster instead, which holds
 * one story's events.
 */
const ARTICLE_TYPES = ["item.new", "item.enriched"];
const ARTICLES_FILTER = "article_id IN (SELECT value FROM json_each(@articleIds))";

export function rangeSql(q: EventRangeQuery): string {
  const where = ["ts >= @from", "ts <= @to", `type IN (${q.types.map(quote).join(",") || "NULL"})`];
  // Only article events asked for, of a few articles: read through their events (events_article), then sorted.
  const byArticle = !!q.articleIds && q.types.every((t) => ARTICLE_TYPES.includes(t));
  if (byArticle) where.push(ARTICLES_FILTER);
  else if (q.articleIds)
    where.push(`(type NOT IN (${ARTICLE_TYPES.map(quote).join(",")}) OR ${ARTICLES_FILTER})`);
  if (q.clusterId !== undefined) where.push("cluster_id = @clusterId");
  if (q.categories) where.push(CATEGORY_FILTER);
  if (q.sources) where.push(SOURCE_FILTER);
  if (q.keywords) where.push(KEYWORD_FILTER);
  if (q.entities) where.push(ENTITY_FILTER);
  // Row-value comparison lets SQLite seek the index straight to the cursor.
  if (q.after !== undefined) where.push("(ts, id) > (@afterTs, @afterId)");
  const index = byArticle
    ? "INDEXED BY events_article"
    : q.clusterId === undefined
      ? "INDEXED BY events_page"
      : "";
  return `SELECT id, ts, type, cluster_id, article_id, payload FROM events ${index}
    WHERE ${where.join(" AND ")} ORDER BY ts, id LIMIT @limit`;
}

type RangeRow = [number, number, string, number, number | null, string | null];

export function rangeParams(q: EventRangeQuery): Record<string, unknown> {
  const p: Record<string, unknown> = { from: q.from, to: q.to, limit: q.limit };
  if (q.clusterId !== undefined) p.clusterId = q.clusterId;
  if (q.after) Object.assign(p, { afterTs: q.after.ts, afterId: q.after.id });
  if (q.categories) p.categories = JSON.stringify(q.categories);
  if (q.sources) p.sources = JSON.stringify(q.sources);
  if (q.keywords) p.keywords = JSON.stringify(q.keywords);
  if (q.entities) p.entities = JSON.stringify(q.entities);
  if (q.articleIds) p.articleIds = JSON.stringify(q.articleIds);
  return p;
}

const LOG_ID_KEY = "event_log_id";

export function sqliteEventRepo(db: Db): EventRepo {
  db.function("js_lower", { deterministic: true }, (t: unknown) =>
    typeof t === "string" ? t.toLowerCase() : t,
  );
  const after = db.prepare(`${SELECT} WHERE e.id > ? ORDER BY e.id LIMIT ?`);
  const appendTx = db.transaction((draft: EventDraft) => appendEvent(db, draft));
  // Oldest first along the (ts, id) index, so a batch never sorts the whole expired range.
  const pruneStmt = db.prepare(
    "DELETE FROM events WHERE id IN (SELECT id FROM events WHERE ts < ? ORDER BY ts, id LIMIT ?)",
  );
  const vectorOf = db.prepare("SELECT embedding FROM article_vectors WHERE rowid = ?").pluck();
  const modelOf = db.prepare("SELECT embedding_model FROM articles WHERE id = ?").pluck();
  let logId: string | undefined;
  const history = versionReader(db, "event_history_version");
  return {
    async historyVersion() {
      return history();
    },
    async range(q) {
      // Rows as arrays: a page is thousands of rows, and objects built by the driver cost a third more.
      const rows = stmt(db, rangeSql(q)).raw().all(rangeParams(q)) as RangeRow[];
      return rows.map(([id, ts, type, clusterId, articleId, payloadJson]) => ({
        id,
        ts,
        type,
        clusterId,
        articleId,
        payloadJson,
      }));
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
    setTimeMode: (mode) => setEventTimeMode(db, mode),
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
