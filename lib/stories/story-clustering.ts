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
import type { Store } from "../db/store";
import { enrichDue, type EnrichmentContext } from "../enrichment/enrich-articles";
import type { WordVectors } from "../nlp/word-vectors";
import { buildBatch, freshMembers, type ClusteringCounts, type Headline } from "./cluster-batch";
import { ClusteringLease } from "./clustering-lease";
import { StoryDynamics } from "./dynamics/story-dynamics";
import { InStep } from "./in-step";

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
  /** How long the clustering lease lasts unless renewed (default `CLUSTERING_LEASE_TTL_MS`). */
  leaseTtlMs?: number;
}

const ID_BLOCK = 1000;
/** Ids kept in reserve beyond one per article, for the parts of stories split when a news cycle closes. */
const SPLIT_ID_MARGIN = 256;

export type { ClusteringCounts };

const noCounts = (): ClusteringCounts => ({ created: 0, joined: 0, merged: 0, moved: 0, split: 0 });

/** What `placePending` did: articles whose enrichment never committed and it enriched, articles it placed. */
export interface PendingPlaced {
  enriched: number;
  placed: number;
}

/**
 * The stateful clustering stage of the pipeline: assigns each new article to a story, persists stories,
 * memberships, the reasons for each assignment, merges, and `cluster.event`s, one atomic batch per call.
 * Only the holder of the `clustering` lease places articles (see clustering-lease.ts): an instance without it
 * leaves its articles unassigned, and the holder places them with its next batch. An instance that takes the
 * lease (on open, or after another process held it) first rebuilds its state from the database, so it continues
 * where a restart, a crash or another process stopped.
 */
export class StoryClustering {
  private ids: { next: number; end: number } = { next: 0, end: 0 };
  private headlines = new Map<number, Headline>();
  private sinceEvict = 0;
  private latest = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private clusterer: StreamClusterer;
  private features: FeatureExtractor;
  private dynamics: StoryDynamics;
  private readonly params: ClusterParams;
  private readonly lease: ClusteringLease;
  /** Own articles stored, not yet placed: they wait while other processes' articles of their time are pending. */
  private held = new Map<number, ClusterableArticle>();
  private readonly inStep: InStep;
  /** Whether the in-memory state is the database's (false until rebuilt, after losing the lease or a failure). */
  private built = false;
  /** Undefined until it first tried. */
  private leading: boolean | undefined;
  readonly enrichment: Omit<EnrichmentContext, "store"> | undefined;

  private constructor(private readonly opts: StoryClusteringOptions) {
    this.enrichment = opts.enrichment;
    this.params = opts.params ?? (opts.vectors ? DEFAULT_PARAMS : TEXT_ONLY_PARAMS);
    this.lease = new ClusteringLease(opts.store.leases, opts.leaseTtlMs);
    this.inStep = new InStep(this.params.horizonMs);
    this.clusterer = new StreamClusterer(this.params, () => this.takeId());
    this.features = new FeatureExtractor(opts.vectors, this.clusterer.stats);
    this.dynamics = new StoryDynamics(opts.store);
  }

  /**
   * Opens the stage. With the lease, it rebuilds its state and places what a crash (or a process without the
   * lease) left pending; without it, it opens all the same and leaves placing to the holder.
   */
  static async open(opts: StoryClusteringOptions): Promise<StoryClustering> {
    const sc = new StoryClustering(opts);
    await sc.placePending();
    return sc;
  }

  /** Whether this instance held the clustering lease when it last tried to place articles. */
  get holdsLease(): boolean {
    return this.leading === true;
  }

  /**
   * Takes the clustering lease if it can and places every article no story holds, first enriching those whose
   * enrichment never committed. Null when another process holds the lease.
   */
  placePending(): Promise<PendingPlaced | null> {
    return this.enqueue(async () => {
      if (!(await this.lead())) return null;
      const { store, log } = this.opts;
      const enriched = this.enrichment ? await enrichDue({ ...this.enrichment, store }) : 0;
      const pending = await store.stories.unassigned();
      // Own articles keep the entity names enrichment gave them in memory.
      await this.cluster(pending.map((a) => this.held.get(a.id) ?? a));
      this.held.clear();
      this.inStep.clear();
      if (enriched || pending.length)
        log?.info({ enriched, placed: pending.length }, "placed articles left without a story");
      return { enriched, placed: pending.length };
    });
  }

  /**
   * Whether another process is storing articles of the same period right now (set by an import, from the imports
   * registered in the database): the holder then places its own articles only as far as that stream has come.
   */
  othersStoring: (() => Promise<boolean>) | undefined;

  /**
   * Places what is pending as far as every stream has come (see `InStep`), without a new batch: the end of an import
   * while another import is still storing. False without the lease.
   */
  placeInStep(): Promise<boolean> {
    return this.enqueue(async () => {
      if (!(await this.lead())) return false;
      await this.processNow([], true);
      return true;
    });
  }

  /** Frees the clustering lease (end of an import, shutdown), so another process can take it at once. */
  release(): Promise<void> {
    return this.enqueue(async () => {
      this.leading = false;
      await this.lease.release();
    });
  }

  /** Renews or takes the lease, rebuilding the state when another holder may have changed stories meanwhile. */
  private async lead(): Promise<boolean> {
    const claim = await this.lease.claim();
    if (!claim) {
      if (this.leading !== false)
        this.opts.log?.info("another process holds the clustering lease: it places the articles stored here");
      this.leading = false;
      this.built = false;
      return false;
    }
    this.leading = true;
    if (claim === "taken" || !this.built) await this.rebuild();
    return true;
  }

  /** A fresh clusterer fed from the database: term statistics, then the live stories with their headlines. */
  private async rebuild(): Promise<void> {
    const { store } = this.opts;
    const started = Date.now();
    this.clusterer = new StreamClusterer(this.params, () => this.takeId());
    this.features = new FeatureExtractor(this.opts.vectors, this.clusterer.stats);
    this.dynamics = new StoryDynamics(store);
    this.headlines.clear();
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
    this.built = true;
    this.opts.log?.info(
      { live_stories: live.length, ms: Date.now() - started },
      "story clustering state rebuilt from the database",
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
   * Clusters articles (in the order given, or in article-time order together with other processes' pending ones;
   * see `InStep`) and persists the outcome atomically; without the lease it leaves them to the holder. Calls are
   * serialised: polls finishing together must not interleave their batches, or an older story total could
   * overwrite a newer one.
   */
  process(articles: ClusterableArticle[]): Promise<ClusteringCounts> {
    return this.enqueue(() => this.processNow(articles));
  }

  /**
   * Settles the news cycle still open (end of an import), persisting any refinement moves and merges. Only the
   * lease holder settles.
   */
  settle(): Promise<ClusteringCounts> {
    return this.enqueue(async () => {
      if (!(await this.lead())) return noCounts();
      // Own articles still waiting for another process's stream belong to the cycle being settled.
      const held = [...this.held.values()].sort((a, b) => a.time - b.time);
      this.held.clear();
      await this.cluster(held);
      return this.guarded(async () => {
        await this.ensureIds(SPLIT_ID_MARGIN);
        return this.persist(this.clusterer.settle(), new Map(), this.latest);
      });
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
    // Only the process placing articles decays priorities and publishes the ranking: two workers would both log it.
    return this.enqueue(async () => {
      if (await this.lead()) await this.dynamics.tick(now);
    });
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Without the lease, the batch stays unassigned for the holder. With it, the batch is placed together with what
   * other processes stored and left unassigned, in article-time order.
   */
  private async processNow(batch: ClusterableArticle[], evenIfEmpty = false): Promise<ClusteringCounts> {
    if (batch.length === 0 && !evenIfEmpty) return noCounts();
    if (!(await this.lead())) {
      this.held.clear();
      this.inStep.clear();
      return noCounts();
    }
    for (const a of batch) this.held.set(a.id, a);
    const open = await this.opts.store.stories.unassigned();
    const waiting = new Set(open.map((a) => a.id));
    // Another holder may have placed them before this instance got the lease.
    for (const id of this.held.keys()) if (!waiting.has(id)) this.held.delete(id);
    // Other processes' articles join once their enrichment committed: until then their pipeline still runs (and
    // the entity names clustering uses are not stored yet).
    const others = open.filter((a) => !this.held.has(a.id) && (a.enriched || !this.enrichment));
    const othersStoring = others.length === 0 && this.othersStoring ? await this.othersStoring() : false;
    const ready = this.inStep.take([...this.held.values()], others, Date.now(), othersStoring);
    for (const a of ready) this.held.delete(a.id);
    return this.cluster(ready);
  }

  private cluster(articles: ClusterableArticle[]): Promise<ClusteringCounts> {
    if (articles.length === 0) return Promise.resolve(noCounts());
    return this.guarded(async () => {
      await this.ensureIds(articles.length + SPLIT_ID_MARGIN);
      const events: ClusterEvent[] = [];
      for (const a of articles) {
        this.latest = Math.max(this.latest, a.time);
        events.push(...this.clusterer.assign(this.toClusterArticle(a)));
      }
      return this.persist(events, new Map(articles.map((a) => [a.id, a])), this.latest);
    });
  }

  /** Runs a step that changes the in-memory state; if it fails, the state no longer matches the database. */
  private async guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      this.built = false;
      throw err;
    }
  }

  private async persist(
    events: ClusterEvent[],
    byId: Map<number, ClusterableArticle>,
    now: number,
  ): Promise<ClusteringCounts> {
    const { batch, counts } = buildBatch(events, byId, now, this.clusterer, this.headlines);
    // A batch that took longer than the lease (a long catch-up) must not overwrite a new holder's stories.
    if (!(await this.lease.renew())) {
      this.opts.log?.warn("clustering lease lost during a batch; its articles are left to the new holder");
      this.built = false;
      this.leading = false;
      return noCounts();
    }
    await this.opts.store.stories.apply(batch);
    const sizes = new Map(batch.stories.map((st) => [st.id, st.articleCount]));
    await this.dynamics.update(freshMembers(batch), now, sizes);
    if (++this.sinceEvict >= 50) {
      this.sinceEvict = 0;
      this.clusterer.evict();
      for (const id of this.headlines.keys()) if (!this.clusterer.hasStory(id)) this.headlines.delete(id);
    }
    return counts;
  }
}
