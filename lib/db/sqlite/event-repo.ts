import type { Db } from "../open-db";
import type { EventRepo } from "../store";
import type { EventDraft, StoredEvent } from "../types";
import { stmt } from "./stmt-cache";

interface Row {
  id: number;
  ts: number;
  type: string;
  cluster_id: number;
  article_id: number | null;
  payload: string | null;
}

function toEvent(r: Row): StoredEvent {
  return {
    id: r.id,
    ts: r.ts,
    type: r.type,
    clusterId: r.cluster_id,
    articleId: r.article_id,
    payload: r.payload === null ? null : (JSON.parse(r.payload) as Record<string, unknown>),
  };
}

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

export function sqliteEventRepo(db: Db): EventRepo {
  const after = db.prepare("SELECT * FROM events WHERE id > ? ORDER BY id LIMIT ?");
  const appendTx = db.transaction((draft: EventDraft) => appendEvent(db, draft));
  const pruneStmt = db.prepare(
    "DELETE FROM events WHERE id IN (SELECT id FROM events WHERE ts < ? ORDER BY id LIMIT ?)",
  );
  return {
    async range(q) {
      const types = q.types.map((t) => `'${t.replace(/'/g, "''")}'`).join(",") || "NULL";
      const where = [`ts >= @from`, `ts <= @to`, `type IN (${types})`];
      if (q.clusterId !== undefined) where.push("cluster_id = @clusterId");
      if (q.after) where.push("(ts > @afterTs OR (ts = @afterTs AND id > @afterId))");
      const rows = db
        .prepare(`SELECT * FROM events WHERE ${where.join(" AND ")} ORDER BY ts, id LIMIT @limit`)
        .all({
          from: q.from,
          to: q.to,
          clusterId: q.clusterId,
          afterTs: q.after?.ts,
          afterId: q.after?.id,
          limit: q.limit,
        }) as Row[];
      return rows.map(toEvent);
    },
    async get(id) {
      const r = db.prepare("SELECT * FROM events WHERE id = ?").get(id) as Row | undefined;
      return r ? toEvent(r) : null;
    },
    async append(draft) {
      return appendTx.immediate(draft);
    },
    async after(afterId, limit) {
      return (after.all(afterId, limit) as Row[]).map(toEvent);
    },
    async lastId() {
      const r = db.prepare("SELECT MAX(id) AS id FROM events").get() as { id: number | null };
      return r.id ?? 0;
    },
    async prune(before, batch) {
      // Small batches, each its own short transaction, so writers never wait long behind the pruner.
      let total = 0;
      for (;;) {
        const n = pruneStmt.run(before, batch).changes;
        total += n;
        if (n < batch) return total;
        await new Promise((r) => setImmediate(r));
      }
    },
  };
}
