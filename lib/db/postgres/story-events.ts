import { sql, type Transaction } from "kysely";

import type { EventDraft } from "../types";
import type { Database } from "./schema";

/**
 * Appends an event inside the caller's transaction (as the SQLite `appendEvent` does): the id is drawn first so the
 * payload can carry it, the time is the emit time (wall clock), and the broadcast message's own `ts` is set to it.
 * The stories group's writes (clustering batches, dynamics) log their events through this; when the event
 * repository of the platform group exports its own append, this should call it so every writer of the log follows
 * one rule for ids and times.
 */
export async function appendStoryEvent(trx: Transaction<Database>, draft: EventDraft): Promise<number> {
  const ts = Date.now();
  const { rows } = await sql<{
    id: number;
  }>`SELECT nextval(pg_get_serial_sequence('events', 'id')) AS id`.execute(trx);
  const id = Number(rows[0]!.id);
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
  return id;
}
