import type { Logger } from "pino";

import {
  DEFAULT_PARAMS,
  StreamClusterer,
  TEXT_ONLY_PARAMS,
  type ClusterArticle,
  type ClusterEvent,
  type ClusterParams,
} from "../clustering/clusterer";
import { FeatureExtractor } from "../clustering/features";
import type { ClusteringBatch, Store } from "../db/store";
import type { EventDraft } from "../db/types";
import { enrichDue, type EnrichmentContext } from "../enrichment/enrich-articles";
import type { WordVectors } from "../nlp/word-vectors";
import { StoryDynamics } from "./dynamics/story-dynamics";

/** What clustering needs of an article. */
export interface ClusterableArticle {
  id: number;
  title: string;
  /** The article URL: its slug often carries the full headline. */
  url: string | null;
  /** The feed's excerpt, when there is one: its lede adds evidence (never required). */
  excerpt?: string | null;
  category: string;
  /** Publication time when known, else discovery time: article time, never the wall clock. */
  time: number;
  /**
   * The people, organisations and places the enrichment stage found (`type:key`), as an array or as stored (joined
   * by U+001F): identity evidence, never extracted twice.
   */
  names?: string[] | string | null;
}

export interface StoryClusteringOptions {
  store: Store;
  /** The enrichment stage the pipeline runs before this one (see `runPipeline`). */
  enrichment?: Omit<EnrichmentContext, "store">;
  vectors: WordVectors | null;
  params?: ClusterParams;
  log?: Logger;
}

interface Headline {
  title: string;
  score: number;
  /** Article time of the report the headline comes from. */
  time: number;
}

/** A fresher report takes the headline when it is this much newer and nearly as central (0.85 of the score). */
const HEADLINE_FRESH_MS = 6 * 3_600_000;
const HEADLINE_FRESH_SHARE = 0.85;

const ID_BLOCK = 1000;
/** Ids kept in reserve beyond one per article, for the parts of stories split when a news cycle closes. */
const SPLIT_ID_MARGIN = 256;

export interface ClusteringCounts {
  created: number;
  joined: number;
  merged: number;
  /** Articles moved to a better-fitting story when their news cycle closed. */
  moved: number;
  /** Stories split in two when their news cycle closed. */
  split: number;
}

/**
 * The stateful clustering stage of the pipeline: assigns each new article to a story, persists stories,
 * memberships, the reasons for each assignment, merges, and `cluster.event`s, one atomic batch per call.
 * State is rebuilt from the database on open, so a restart (or a crash) continues where it stopped: articles
 * stored but never enriched are enriched, and articles no story holds are placed.
 */
export class StoryClustering {
  private ids: { next: number; end: number } = { next: 0, end: 0 };
  private headlines = new Map<number, Headline>();
  private sinceEvict = 0;
  private latest = 0;
  private queue: Promise<unknown> = Promise.resolve();
  readonly clusterer: StreamClusterer;
  private readonly features: FeatureExtractor;
  readonly dynamics: StoryDynamics;
  readonly enrichment: Omit<EnrichmentContext, "store"> | undefined;

  private constructor(private readonly opts: StoryClusteringOptions) {
    this.dynamics = new StoryDynamics(opts.store);
    this.enrichment = opts.enrichment;
    const params = opts.params ?? (opts.vectors ? DEFAULT_PARAMS : TEXT_ONLY_PARAMS);
    this.clusterer = new StreamClusterer(params, () => this.takeId());
    this.features = new FeatureExtractor(opts.vectors, this.clusterer.stats);
  }

  static async open(opts: StoryClusteringOptions): Promise<StoryClustering> {
    const sc = new StoryClustering(opts);
    await sc.restore();
    return sc;
  }

  private async restore(): Promise<void> {
    const { store } = this.opts;
    const started = Date.now();
    for await (const { title, url, excerpt } of store.stories.titles())
      this.clusterer.stats.add(this.features.terms(title, url, excerpt));
    const latest = await store.stories.latestArticleTime();
    const live = await store.stories.live(latest - this.clusterer.params.horizonMs);
    for (const s of live) {
      this.clusterer.restore(
        s.id,
        s.members.map((m) => this.toClusterArticle({ id: m.articleId, ...m })),
      );
      this.headlines.set(s.id, { title: s.headline, score: 0.5, time: s.members.at(-1)?.time ?? 0 });
    }
    // Articles stored before a crash and never enriched get their enrichment first, then their story.
    const enriched = this.enrichment ? await enrichDue({ ...this.enrichment, store }) : 0;
    const pending = await store.stories.unassigned();
    if (pending.length) await this.process(pending);
    this.opts.log?.info(
      { live_stories: live.length, enriched, reclustered: pending.length, ms: Date.now() - started },
      "story clustering state restored",
    );
  }

  private takeId(): number {
    if (this.ids.next >= this.ids.end) throw new Error("story id pool exhausted (reserve before clustering)");
    return this.ids.next++;
  }

  private toClusterArticle(a: ClusterableArticle): ClusterArticle {
    const names = typeof a.names === "string" ? a.names.split("\u001f") : (a.names ?? undefined);
    return this.features.article({ ...a, ...(names?.length ? { names } : { names: undefined }) });
  }

  /**
   * Clusters articles (in the order given) and persists the outcome atomically. Calls are serialised: polls
   * finishing together must not interleave their batches, or an older story total could overwrite a newer one.
   */
  process(articles: ClusterableArticle[]): Promise<ClusteringCounts> {
    return this.enqueue(() => this.processNow(articles));
  }

  /** Settles the news cycle still open (end of an import), persisting any refinement moves and merges. */
  settle(): Promise<ClusteringCounts> {
    return this.enqueue(async () => {
      await this.ensureIds(SPLIT_ID_MARGIN);
      return this.persist(this.clusterer.settle(), new Map(), this.latest);
    });
  }

  /** Makes sure `n` story ids are at hand (new stories and the parts of splits take one each). */
  private async ensureIds(n: number): Promise<void> {
    if (this.ids.end - this.ids.next >= n) return;
    const size = Math.max(ID_BLOCK, n);
    const first = await this.opts.store.stories.reserveIds(size);
    this.ids = { next: first, end: first + size };
  }

  /** The periodic pass of the story-dynamics stage (priority decay, ranking), serialised with clustering. */
  tick(now: number): Promise<void> {
    return this.enqueue(() => this.dynamics.tick(now));
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async processNow(articles: ClusterableArticle[]): Promise<ClusteringCounts> {
    if (articles.length === 0) return { created: 0, joined: 0, merged: 0, moved: 0, split: 0 };
    await this.ensureIds(articles.length + SPLIT_ID_MARGIN);
    const events: ClusterEvent[] = [];
    for (const a of articles) {
      this.latest = Math.max(this.latest, a.time);
      events.push(...this.clusterer.assign(this.toClusterArticle(a)));
    }
    return this.persist(events, new Map(articles.map((a) => [a.id, a])), this.latest);
  }

  private async persist(
    events: ClusterEvent[],
    byId: Map<number, ClusterableArticle>,
    now: number,
  ): Promise<ClusteringCounts> {
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
      this.record(e, byId, batch, touched, now);
      counts[kind[e.type]]++;
    }
    for (const id of touched) {
      const s = this.clusterer.story(id);
      if (!s) continue;
      batch.stories.push({
        id,
        headline: this.headlines.get(id)?.title ?? "",
        category: s.category ?? "world",
        articleCount: s.size,
        firstSeen: s.firstTime,
        lastUpdated: s.lastTime,
      });
    }
    await this.opts.store.stories.apply(batch);
    await this.dynamics.update(freshMembers(batch), now);
    if (++this.sinceEvict >= 50) {
      this.sinceEvict = 0;
      this.clusterer.evict();
      for (const id of this.headlines.keys()) if (!this.clusterer.story(id)) this.headlines.delete(id);
    }
    return counts;
  }

  private record(
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
      const current = this.headlines.get(e.storyId);
      if (e.type === "create") {
        this.headlines.set(e.storyId, { title: a.title, score: 0, time: a.time });
        const s = this.clusterer.story(e.storyId);
        batch.events.push(
          clusterEvent(a.time, e.storyId, "create", {
            headline: a.title,
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
        this.headlines.set(e.storyId, { title: a.title, score: e.reasons.text, time: a.time });
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
      this.recordSplit(e, batch, touched, now);
      return;
    }
    const survivor = this.clusterer.story(e.survivorId);
    for (const gone of e.mergedIds) {
      batch.merges.push({ goneId: gone, intoId: e.survivorId, at: now });
      touched.delete(gone);
      const h = this.headlines.get(gone);
      const keep = this.headlines.get(e.survivorId);
      if (h && (!keep || h.score > keep.score)) this.headlines.set(e.survivorId, h);
      this.headlines.delete(gone);
    }
    touched.add(e.survivorId);
    batch.events.push(
      clusterEvent(now, e.survivorId, "merge", {
        merged_cluster_ids: e.mergedIds,
        article_count: survivor?.size ?? 0,
      }),
    );
  }

  private recordSplit(
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
      const a = this.clusterer.member(articleId);
      if (a?.title) this.headlines.set(storyId, { title: a.title, score: 0.5, time: a.time });
    }
    const original = this.clusterer.story(e.storyId);
    const created = this.clusterer.story(e.newId);
    batch.events.push(
      clusterEvent(now, e.storyId, "split", {
        new_cluster_ids: [e.newId],
        article_count: original?.size ?? 0,
      }),
      clusterEvent(now, e.newId, "split_created", {
        parent_cluster_id: e.storyId,
        headline: this.headlines.get(e.newId)?.title ?? "",
        article_count: created?.size ?? e.movedIds.length,
      }),
    );
  }
}

/** Story id → the articles that joined it in this batch, following merges to the surviving story. */
function freshMembers(batch: ClusteringBatch): Map<number, Set<number>> {
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
