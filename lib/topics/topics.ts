import { z } from "zod";

import type { Store } from "../db/store";
import { NotFoundError } from "../errors";
import { toStorySummary } from "../stories/serialize";
import { qInt, qIntDefault } from "../validation/query";
import { clusterTopics } from "./topic-clustering";

/** Topics are formed over the stories of the last two weeks (by their last update, relative to the newest story). */
export const TOPIC_WINDOW_MS = 14 * 86_400_000;
export const STORIES_PER_TOPIC = 50;

/** Recomputes topic clusters and stores them; returns how many topics exist. */
export async function recomputeTopics(store: Store, now = Date.now()): Promise<number> {
  const stories = await store.topics.inputs(0);
  const latest = Math.min(now, Math.max(0, ...stories.map((s) => s.lastUpdated))) || now;
  const recent = stories.filter((s) => s.lastUpdated >= latest - TOPIC_WINDOW_MS);
  let next = await store.topics.nextId();
  const topics = clusterTopics(recent, await store.topics.current(), () => next++);
  await store.topics.save(topics, now);
  return topics.length;
}

/** GET /v1/graph/topic-cluster query (contract §7.5). */
export const TopicClusterQuery = z.object({
  topic_id: qInt({ min: 1 }).optional(),
  limit: qIntDefault(20, { min: 1, max: 100 }),
});

export async function listTopicClusters(store: Store, q: z.output<typeof TopicClusterQuery>) {
  const rows = await store.topics.list({ limit: q.limit, topicId: q.topic_id, perTopic: STORIES_PER_TOPIC });
  if (q.topic_id !== undefined && rows.length === 0) throw new NotFoundError("topic", String(q.topic_id));
  const topics = rows.map((t) => ({
    id: t.id,
    headline: t.headline,
    category: t.category,
    event_clusters: t.stories.map(toStorySummary),
  }));
  return { topics, count: topics.length };
}
