import { randomInt } from "node:crypto";

import { sql, type Kysely, type SqlBool } from "kysely";

import type { EventRangeQuery, EventRepo, VectorRepo } from "../store";
import type { EventDraft, StoredEvent } from "../types";
import type { PgDb } from "./connect";
import type { Database } from "./schema";

/**
 * The advisory lock every append takes inside its transaction before it draws an id: appends commit one at a time
 * in id order, so a live tail reading `id > last` never passes an event that commits later with a smaller id.
 */
export const EVENT_APPEND_LOCK = 0x1ede_0010;

/** See lib/db/sqlite/event-repo.ts: `emit` stamps the wall clock at append, `producer` keeps the draft's time. */
export type EventTimeMode = "emit" | "producer";

const modes = new WeakMap<object, EventTimeMode>();
/** The last emit time this process stamped: emit times never go backwards along the ids it hands out. */
let lastEmit = 0;

/** Chooses how events appended through `db` are timed; returns the previous mode. */
export function setPgEventTimeMode(db: PgDb, mode: EventTimeMode): EventTimeMode {
  const previous = modes.get(db) ?? "emit";
  modes.set(db, mode);
  return previous;
}

/**
 * Appends one event inside the caller's transaction `trx` (repositories that log events with their writes call
 * this; `db` is the connection whose time mode applies, `setPgEventTimeMode`; without it, emit time). Takes the append lock first, so it holds it until the
 * caller commits: call it after the transaction's other writes, so the lock is held briefly and always last.
 * The id is drawn before the insert so the payload can carry it.
 */
export async function pgAppendEvent(
  trx: Kysely<Database>,
  draft: EventDraft,
  db: PgDb = trx,
): Promise<StoredEvent> {
  await sql`SELECT pg_advisory_xact_lock(${EVENT_APPEND_LOCK})`.execute(trx);
  const { rows } = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('events', 'id'))::bigint AS id`.execute(trx);
  const id = Number(rows[0]!.id);
  // Timed after the lock is held, so along the ids of this process emit times only go forward.
  let ts = draft.ts;
  if ((modes.get(db) ?? "emit") === "emit") ts = lastEmit = Math.max(Date.now(), lastEmit);
  const payload = draft.payload(id);
  if ("ts" in payload) payload.ts = ts;
  await trx
    .insertInto("events")
    .values({
      id,
      ts,
      type: draft.type,
      cluster_id: draft.clusterId,
      article_id: draft.articleId,
      payload: JSON.stringify(payload),
    })
    .execute();
  return { id, ts, type: draft.type, clusterId: draft.clusterId, articleId: draft.articleId, payload };
}

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
  // Parsed on first use, as the SQLite repository does.
  let parsed: Record<string, unknown> | null | undefined;
  Object.defineProperty(event, "payload", {
    enumerable: true,
    get: () => (parsed ??= r.payload === null ? null : (JSON.parse(r.payload) as Record<string, unknown>)),
    set: (v: Record<string, unknown> | null) => (parsed = v),
  });
  return event;
}

const ARTICLE_TYPES = ["item.new", "item.enriched"];
const LOG_ID_KEY = "event_log_id";

/**
 * One range page (see `EventRangeQuery`), with the live feed's filter semantics: the filters read the columns the
 * events_derive trigger fills from the payload (migration 10), so the page walks events_page in (ts, id) order and
 * tests type, cluster, category and source on the index entry.
 */
export function rangeQuery(db: PgDb, q: EventRangeQuery) {
  const byArticle = !!q.articleIds && q.types.every((t) => ARTICLE_TYPES.includes(t));
  return db
    .selectFrom("events")
    .select(["id", "ts", "type", "cluster_id", "article_id", "payload"])
    .where("ts", ">=", q.from)
    .where("ts", "<=", q.to)
    .where((eb) => (q.types.length ? eb("type", "in", q.types) : sql<SqlBool>`false`))
    .$if(!!q.articleIds, (qb) =>
      qb.where((eb) => {
        const ofArticles = eb("article_id", "=", eb.fn.any(eb.val(q.articleIds!)));
        return byArticle ? ofArticles : eb.or([eb("type", "not in", ARTICLE_TYPES), ofArticles]);
      }),
    )
    .$if(q.clusterId !== undefined, (qb) => qb.where("cluster_id", "=", q.clusterId!))
    .$if(!!q.categories, (qb) =>
      qb.where((eb) =>
        eb.or([eb("category", "is", null), eb("category", "=", eb.fn.any(eb.val(q.categories!)))]),
      ),
    )
    .$if(!!q.sources, (qb) =>
      // An article event's source is the one its payload names; a slug entry matches through its source's id.
      qb.where((eb) =>
        eb.or([
          eb("type", "not in", ARTICLE_TYPES),
          eb("source_key", "=", eb.fn.any(eb.val(q.sources!))),
          eb(
            "source_key",
            "in",
            eb
              .selectFrom("sources")
              .select(sql<string>`id::text`.as("id"))
              .where("slug", "=", eb.fn.any(eb.val(q.sources!))),
          ),
        ]),
      ),
    )
    .$if(!!q.keywords, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("keyword_text", "is", null),
          eb.exists(
            eb
              .selectFrom(sql<{ k: string }>`unnest(${q.keywords!}::text[])`.as("kw"))
              .select(sql`1`.as("one"))
              .where(sql<SqlBool>`strpos(events.keyword_text, kw) > 0`),
          ),
        ]),
      ),
    )
    .$if(!!q.entities, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb("type", "<>", "item.enriched"),
          sql<SqlBool>`EXISTS (SELECT 1 FROM jsonb_array_elements(events.entity_ids) j
            WHERE j.value IN (SELECT jsonb_array_elements(${JSON.stringify(q.entities)}::jsonb)))`,
        ]),
      ),
    )
    .$if(q.after !== undefined, (qb) =>
      qb.where((eb) => eb(eb.refTuple("ts", "id"), ">", eb.tuple(q.after!.ts, q.after!.id))),
    )
    .orderBy("ts")
    .orderBy("id")
    .limit(q.limit);
}

/**
 * The event log on PostgreSQL. `vectors` answers `articleVectors` (the vector repository of the store: article
 * embeddings live with the vectors, not here).
 */
export function pgEventRepo(db: PgDb, vectors: Pick<VectorRepo, "articleVector">): EventRepo {
  const withSource = () =>
    db
      .selectFrom("events as e")
      .leftJoin("articles as a", "a.id", "e.article_id")
      .leftJoin("sources as s", "s.id", "a.source_id")
      .select([
        "e.id",
        "e.ts",
        "e.type",
        "e.cluster_id",
        "e.article_id",
        "e.payload",
        "s.slug as source_slug",
      ]);
  let logId: string | undefined;
  return {
    async historyVersion() {
      const r = await db
        .selectFrom("sequences")
        .select("next")
        .where("name", "=", "event_history_version")
        .executeTakeFirst();
      return r?.next ?? 0;
    },
    async range(q) {
      const rows = await rangeQuery(db, q).execute();
      return rows.map((r) => ({
        id: r.id,
        ts: r.ts,
        type: r.type,
        clusterId: r.cluster_id,
        articleId: r.article_id,
        payloadJson: r.payload,
      }));
    },
    async get(id) {
      const r = await withSource().where("e.id", "=", id).executeTakeFirst();
      return r ? toEvent(r) : null;
    },
    async append(draft) {
      return db.transaction().execute((trx) => pgAppendEvent(trx, draft, db));
    },
    async after(afterId, limit) {
      const rows = await withSource().where("e.id", ">", afterId).orderBy("e.id").limit(limit).execute();
      return rows.map(toEvent);
    },
    async lastId() {
      const r = await db
        .selectFrom("events")
        .select((eb) => eb.fn.max("id").as("id"))
        .executeTakeFirst();
      return r?.id ?? 0;
    },
    async prune(before, batch, pauseMs = 0) {
      // Small batches, oldest first along (ts, id), each its own short statement, with a pause between them.
      let total = 0;
      for (;;) {
        const r = await db
          .deleteFrom("events")
          .where(
            "id",
            "in",
            db
              .selectFrom("events")
              .select("id")
              .where("ts", "<", before)
              .orderBy("ts")
              .orderBy("id")
              .limit(batch),
          )
          .executeTakeFirst();
        const n = Number(r.numDeletedRows);
        total += n;
        if (n < batch) return total;
        await new Promise((r) => (pauseMs > 0 ? setTimeout(r, pauseMs) : setImmediate(r)));
      }
    },
    async articleVectors(articleIds) {
      const out = new Map<number, { vector: Float32Array; model: string | null }>();
      for (const id of new Set(articleIds)) {
        const v = await vectors.articleVector(id);
        if (v) out.set(id, v);
      }
      return out;
    },
    setTimeMode: (mode) => setPgEventTimeMode(db, mode),
    async logId() {
      if (logId) return logId;
      // A random identity created with the log, shared by every process using this database.
      await db
        .insertInto("sequences")
        .values({ name: LOG_ID_KEY, next: randomInt(1, 2 ** 47) })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      const r = await db
        .selectFrom("sequences")
        .select("next")
        .where("name", "=", LOG_ID_KEY)
        .executeTakeFirstOrThrow();
      logId = r.next.toString(36);
      return logId;
    },
  };
}
