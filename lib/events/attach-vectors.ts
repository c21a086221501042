import type { EventRepo } from "../db/store";
import type { LiveEvent } from "./bus";
import { carriesEmbedding } from "./embedding-filters";

/**
 * Loads the article embedding of every event that carries one (see `carriesEmbedding`), in one read per batch.
 * The live feed (log tailer, resume) and backtest all go through here, so both see the same vectors.
 */
export async function attachVectors(
  repo: Pick<EventRepo, "articleVectors">,
  events: LiveEvent[],
): Promise<LiveEvent[]> {
  const carrying = events.filter((e) => carriesEmbedding(e.type) && e.articleId !== null);
  if (carrying.length === 0) return events;
  const vectors = await repo.articleVectors(carrying.map((e) => e.articleId as number));
  for (const e of carrying) e.vector = vectors.get(e.articleId as number) ?? null;
  return events;
}
