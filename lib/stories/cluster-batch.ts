import type { ClusterEvent, StreamClusterer } from "../clustering/clusterer";
import type { ClusteringBatch } from "../db/store";
import type { EventDraft } from "../db/types";
import { stripTitleCredit } from "../text/publisher-credit";
import type { ClusterableArticle } from "./story-clustering";

// How one clustering batch's events become what the store writes: memberships, assignment reasons, merges, story
// rows with their headlines, and `cluster.event`s (contract §9.4).

export interface ClusteringCounts {
  created: number;
  joined: number;
  merged: number;
  /** Articles moved to a better-fitting story when their news cycle closed. */
  moved: number;
  /** Stories split in two when their news cycle closed. */
  split: number;
}

export interface Headline {
  title: string;
  score: number;
  /** Article time of the report the headline comes from. */
  time: number;
}

/** A fresher report takes the headline when it is this much newer and nearly as central (0.85 of the score). */
const HEADLINE_FRESH_MS = 6 * 3_600_000;
const HEADLINE_FRESH_SHARE = 0.85;

/** What the clustering stage records of a batch: the clusterer and the story headlines it keeps. */
interface BatchContext {
  clusterer: StreamClusterer;
  headlines: Map<number, Headline>;
}

/** Turns a batch's clustering events into the store's batch (story rows for every story touched) and counts. */
export function buildBatch(
  events: ClusterEvent[],
  byId: Map<number, ClusterableArticle>,
  now: number,
  clusterer: StreamClusterer,
  headlines: Map<number, Headline>,
): { batch: ClusteringBatch; counts: ClusteringCounts } {
  const ctx: BatchContext = { clusterer, headlines };
  const batch: ClusteringBatch = { stories: [], memberships: [], assignments: [], merges: [], events: [] };
  const touched = new Set<number>();
  const counts: ClusteringCounts = { created: 0, joined: 0, merged: 0, moved: 0, split: 0 };
  const kind = {
    create: "created",
    join: "joined",
    merge: "merged",
    move: "moved",
    split: "split",
  } as const;
  for (const e of events) {
    record(ctx, e, byId, batch, touched, now);
    counts[kind[e.type]]++;
  }
  for (const id of touched) {
    const s = clusterer.story(id);
    if (!s) continue;
    batch.stories.push({
      id,
      headline: headlines.get(id)?.title ?? "",
      category: s.category ?? "world",
      articleCount: s.size,
      firstSeen: s.firstTime,
      lastUpdated: s.lastTime,
    });
  }
  return { batch, counts };
}

function record(
  ctx: BatchContext,
  e: ClusterEvent,
  byId: Map<number, ClusterableArticle>,
  batch: ClusteringBatch,
  touched: Set<number>,
  now: number,
) {
  if (e.type === "create" || e.type === "join") {
    const a = byId.get(e.articleId);
    if (!a) return;
    batch.memberships.push({ articleId: a.id, storyId: e.storyId });
    batch.assignments.push({
      articleId: a.id,
      storyId: e.storyId,
      at: a.time,
      reasons: e.type === "create" ? { action: "create" } : { action: "join", ...e.reasons },
    });
    touched.add(e.storyId);
    const current = ctx.headlines.get(e.storyId);
    if (e.type === "create") {
      ctx.headlines.set(e.storyId, { title: a.title, score: 0, time: a.time });
      const s = ctx.clusterer.story(e.storyId);
      batch.events.push(
        clusterEvent(a.time, e.storyId, "create", {
          // Events show headlines as readers see them: without an outlet-shaped credit.
          headline: stripTitleCredit(a.title),
          category: s?.category ?? a.category,
          article_count: 1,
        }),
      );
    } else if (
      !current ||
      e.reasons.text > current.score ||
      (a.time - current.time >= HEADLINE_FRESH_MS && e.reasons.text >= HEADLINE_FRESH_SHARE * current.score)
    ) {
      // The headline follows the story: the report closest to its centroid, or a much fresher one nearly as close.
      ctx.headlines.set(e.storyId, { title: a.title, score: e.reasons.text, time: a.time });
    }
    return;
  }
  if (e.type === "move") {
    batch.memberships.push({ articleId: e.articleId, storyId: e.toId });
    touched.add(e.fromId);
    touched.add(e.toId);
    return;
  }
  if (e.type === "split") {
    recordSplit(ctx, e, batch, touched, now);
    return;
  }
  for (const gone of e.mergedIds) {
    batch.merges.push({ goneId: gone, intoId: e.survivorId, at: now });
    touched.delete(gone);
    const h = ctx.headlines.get(gone);
    const keep = ctx.headlines.get(e.survivorId);
    if (h && (!keep || h.score > keep.score)) ctx.headlines.set(e.survivorId, h);
    ctx.headlines.delete(gone);
  }
  touched.add(e.survivorId);
  batch.events.push(
    clusterEvent(now, e.survivorId, "merge", {
      merged_cluster_ids: e.mergedIds,
      // As it was at the merge: a survivor merged again later in the batch has no size of its own by then.
      article_count: e.size,
    }),
  );
}

function recordSplit(
  ctx: BatchContext,
  e: Extract<ClusterEvent, { type: "split" }>,
  batch: ClusteringBatch,
  touched: Set<number>,
  now: number,
) {
  for (const id of e.movedIds) batch.memberships.push({ articleId: id, storyId: e.newId });
  touched.add(e.storyId);
  touched.add(e.newId);
  // Each part is named after its most central report.
  for (const [storyId, articleId] of [
    [e.storyId, e.centralIds.original],
    [e.newId, e.centralIds.created],
  ] as const) {
    const a = ctx.clusterer.member(articleId);
    if (a?.title) ctx.headlines.set(storyId, { title: a.title, score: 0.5, time: a.time });
  }
  const original = ctx.clusterer.story(e.storyId);
  const created = ctx.clusterer.story(e.newId);
  batch.events.push(
    clusterEvent(now, e.storyId, "split", {
      new_cluster_ids: [e.newId],
      article_count: original?.size ?? 0,
    }),
    clusterEvent(now, e.newId, "split_created", {
      parent_cluster_id: e.storyId,
      headline: stripTitleCredit(ctx.headlines.get(e.newId)?.title ?? ""),
      article_count: created?.size ?? e.movedIds.length,
    }),
  );
}

/** Story id → the articles that joined it in this batch, following merges to the surviving story. */
export function freshMembers(batch: ClusteringBatch): Map<number, Set<number>> {
  const into = new Map(batch.merges.map((m) => [m.goneId, m.intoId]));
  const final = (id: number) => {
    for (let i = 0; i < 32 && into.has(id); i++) id = into.get(id) as number;
    return id;
  };
  const fresh = new Map<number, Set<number>>();
  for (const m of batch.memberships) {
    const id = final(m.storyId);
    let set = fresh.get(id);
    if (!set) fresh.set(id, (set = new Set()));
    set.add(m.articleId);
  }
  for (const s of batch.stories) if (!fresh.has(s.id) && !into.has(s.id)) fresh.set(s.id, new Set());
  return fresh;
}

/** A `cluster.event` (contract §9.4). */
function clusterEvent(
  ts: number,
  clusterId: number,
  action: string,
  detail: Record<string, unknown>,
): EventDraft {
  return {
    ts,
    type: "cluster.event",
    clusterId,
    articleId: null,
    payload: (id) => ({ type: "cluster.event", id, ts, data: { action, cluster_id: clusterId, detail } }),
  };
}
