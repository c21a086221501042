// Builds one bench:scale database straight through the store's repositories (what `lede import` writes, without
// its per-article clustering): articles with `item.new`, enrichment (1536-d local embeddings, entities, relations,
// tags) with `item.enriched`, stories in clustering batches with `cluster.event`s, story dynamics per batch
// (velocity, priority, developments), extracted content for a tenth of the articles, then source rankings and
// topics. Batches hold at most an hour of article time or 5,000 articles, so the dynamics see history unfold.
import fs from "node:fs";

import { setEventTimeMode } from "../lib/db/sqlite/event-repo";
import { createSqliteStore, type SqliteStore } from "../lib/db/sqlite/sqlite-store";
import type { ArticleEnrichment, ClusteringBatch } from "../lib/db/store";
import type { Article, Source } from "../lib/db/types";
import { articleEmbeddingText } from "../lib/embeddings/article-text";
import { LocalEmbedder } from "../lib/embeddings/local-embedder";
import { articleTags, headlineSummary } from "../lib/enrichment/article-tags";
import { itemEnrichedEvent } from "../lib/enrichment/enrich-articles";
import { itemNewEvent } from "../lib/ingestion/ingest-articles";
import { sharedWordVectors } from "../lib/nlp/word-vectors";
import { loadDefaultSeeds } from "../lib/sources/default-sources";
import { registerSources } from "../lib/sources/register-sources";
import { freshMembers } from "../lib/stories/cluster-batch";
import { StoryDynamics } from "../lib/stories/dynamics/story-dynamics";
import { recomputeDerived } from "../lib/stories/maintenance";
import { ArticleMaker, type Pending } from "./scale-articles";
import type { DevCorpus } from "./scale-corpus";
import { planArticles, type ScalePlan } from "./scale-plan";

const BATCH_MAX = 5_000;
const BATCH_SPAN_MS = 3_600_000;

export interface BuildCounts {
  articles: number;
  stories: number;
  entities: number;
  relationships: number;
  events: number;
  developments: number;
  contents: number;
  sources: number;
  topics: number;
}

class Builder {
  private readonly articles: ArticleMaker;
  private readonly dynamics: StoryDynamics;
  /** Per story instance: its story id (0: not yet seen), size, first and last article time, headline. */
  private readonly storyOf: Int32Array;
  private readonly size: Int32Array;
  private readonly first: Float64Array;
  private readonly last: Float64Array;
  private readonly headline = new Map<number, { title: string; category: string }>();
  private nextStory = 0;
  contents = 0;

  constructor(
    private readonly store: SqliteStore,
    corpus: DevCorpus,
    private readonly plan: ScalePlan,
    sources: Source[],
    private readonly embedder: LocalEmbedder,
  ) {
    this.articles = new ArticleMaker(corpus, plan, sources);
    this.dynamics = new StoryDynamics(store);
    const instances = plan.rounds * plan.clusterCount;
    this.storyOf = new Int32Array(instances);
    this.size = new Int32Array(instances);
    this.first = new Float64Array(instances);
    this.last = new Float64Array(instances);
  }

  async reserveStories(): Promise<void> {
    this.nextStory = await this.store.stories.reserveIds(this.plan.rounds * this.plan.clusterCount);
  }

  /** Stores one batch of plan positions: articles, enrichment, stories, dynamics, content. */
  async write(indices: Uint32Array, now: number): Promise<void> {
    const pending = Array.from(indices, (i) => this.articles.make(i));
    const { inserted } = await this.store.articles.ingest(
      pending.map((p) => p.article),
      itemNewEvent,
    );
    if (inserted.length !== pending.length) throw new Error("bench:scale generated a URL twice");
    await this.store.enrichment.apply(
      inserted.map((a, k) => this.enrichment(a, pending[k]!)),
      itemEnrichedEvent,
    );
    const batch = this.clusteringBatch(inserted, pending);
    await this.store.stories.apply(batch);
    const sizes = new Map(batch.stories.map((s) => [s.id, s.articleCount]));
    await this.dynamics.update(freshMembers(batch), now, sizes);
    for (let k = 0; k < inserted.length; k++) {
      const text = pending[k]!.content;
      if (text === null) continue;
      const a = inserted[k]!;
      await this.store.content.save({
        articleId: a.id,
        finalUrl: a.url,
        extractedTitle: a.title,
        text,
        imageUrl: a.imageUrl,
        thumbUrl: null,
        videoUrl: null,
        status: "has_content",
        error: null,
        extractedAt: a.discoveredAt + 60_000,
      });
      this.contents++;
    }
  }

  private enrichment(a: Article, p: Pending): ArticleEnrichment {
    return {
      articleId: a.id,
      vector: this.embedder.embedOne(articleEmbeddingText(a.title, a.excerpt ?? "")),
      embeddingModel: this.embedder.model,
      entities: p.entities,
      relationships: p.relationships,
      tags: articleTags(a.title, p.entities),
      headlineSummary: headlineSummary(a.excerpt),
    };
  }

  private clusteringBatch(inserted: Article[], pending: Pending[]): ClusteringBatch {
    const batch: ClusteringBatch = { stories: [], memberships: [], assignments: [], merges: [], events: [] };
    const touched = new Set<number>();
    inserted.forEach((a, k) => {
      const inst = pending[k]!.instance;
      const time = a.publishedAt || a.discoveredAt;
      const created = this.storyOf[inst] === 0;
      if (created) {
        const id = this.nextStory++;
        this.storyOf[inst] = id;
        this.first[inst] = time;
        this.headline.set(inst, { title: a.title, category: a.category });
        batch.events.push(createdEvent(time, id, a));
      }
      const id = this.storyOf[inst]!;
      this.size[inst]!++;
      this.last[inst] = Math.max(this.last[inst]!, time);
      touched.add(inst);
      batch.memberships.push({ articleId: a.id, storyId: id });
      batch.assignments.push({
        articleId: a.id,
        storyId: id,
        at: time,
        reasons: { action: created ? "create" : "join", generated: "bench:scale" },
      });
    });
    for (const inst of touched)
      batch.stories.push({
        id: this.storyOf[inst]!,
        headline: this.headline.get(inst)?.title ?? "",
        category: this.headline.get(inst)?.category ?? "world",
        articleCount: this.size[inst]!,
        firstSeen: this.first[inst]!,
        lastUpdated: this.last[inst]!,
      });
    return batch;
  }

  async finish(now: number): Promise<void> {
    await this.dynamics.tick(now);
  }
}

function createdEvent(ts: number, clusterId: number, a: Article) {
  return {
    ts,
    type: "cluster.event",
    clusterId,
    articleId: null,
    payload: (id: number) => ({
      type: "cluster.event",
      id,
      ts,
      data: {
        action: "create",
        cluster_id: clusterId,
        detail: { headline: a.title, category: a.category, article_count: 1 },
      },
    }),
  };
}

/**
 * Builds a `size`-article database in `dir` (which must not exist) from the dev corpus, ending at `end`. Logs
 * progress every `logEveryMs`. Returns the row counts.
 */
export async function buildScaleDatabase(opts: {
  dir: string;
  size: number;
  corpus: DevCorpus;
  modelDir: string;
  end: number;
  log: (line: string) => void;
  logEveryMs?: number;
}): Promise<BuildCounts> {
  const { dir, size, corpus, end, log } = opts;
  const plan = planArticles(corpus, size, end);
  const embedder = new LocalEmbedder(sharedWordVectors(opts.modelDir));
  fs.mkdirSync(dir, { recursive: true });
  const store = createSqliteStore(dir);
  // A bulk build: a crash means starting over anyway, so no fsync per commit.
  store.db.pragma("synchronous = OFF");
  // A history built at once: its events carry the articles' times (as `lede import --event-time article`), so
  // backtest windows over the built days hold events.
  setEventTimeMode(store.db, "producer");
  try {
    await registerSources(store, loadDefaultSeeds());
    const sources = (await store.sources.list()).sort((a, b) => a.id - b.id);
    const builder = new Builder(store, corpus, plan, sources, embedder);
    await builder.reserveStories();
    const started = performance.now();
    let lastLog = started;
    let i = 0;
    while (i < size) {
      const t0 = plan.time[plan.order[i]!]!;
      let j = i + 1;
      while (j < size && j - i < BATCH_MAX && plan.time[plan.order[j]!]! < t0 + BATCH_SPAN_MS) j++;
      await builder.write(plan.order.subarray(i, j), plan.time[plan.order[j - 1]!]!);
      i = j;
      const now = performance.now();
      if (now - lastLog >= (opts.logEveryMs ?? 5_000) || i === size) {
        lastLog = now;
        const rate = i / ((now - started) / 1000);
        const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
        log(
          `${i.toLocaleString("en")} / ${size.toLocaleString("en")} articles (${((100 * i) / size).toFixed(1)} %), ` +
            `${Math.round(rate).toLocaleString("en")}/s, ETA ${Math.round((size - i) / rate)} s, RSS ${rss} MiB`,
        );
      }
    }
    log("story dynamics tick, source rankings and topics");
    // Every feed polled fine just now: the rankings read feed health.
    for (const f of await store.sources.feeds())
      await store.sources.recordPoll(f.id, {
        ok: true,
        at: end,
        nextPollAt: end + 900_000,
        intervalMs: 900_000,
        newItems: 0,
      });
    await builder.finish(end);
    await recomputeDerived(store, end);
    store.db.pragma("wal_checkpoint(TRUNCATE)");
    const one = (sql: string) => store.db.prepare(sql).pluck().get() as number;
    return {
      articles: one("SELECT COUNT(*) FROM articles"),
      stories: one("SELECT COUNT(*) FROM stories WHERE merged_into IS NULL"),
      entities: one("SELECT COUNT(*) FROM entities"),
      relationships: one("SELECT COUNT(*) FROM entity_relationships"),
      events: one("SELECT COUNT(*) FROM events"),
      developments: one("SELECT COUNT(*) FROM developments"),
      contents: builder.contents,
      sources: sources.length,
      topics: one("SELECT COUNT(*) FROM topics"),
    };
  } finally {
    store.close();
  }
}
