import { toRealtimeItem } from "../../articles/serialize";
import { setEventTimeMode } from "../../db/sqlite/event-repo";
import type { SqliteStore } from "../../db/sqlite/sqlite-store";
import type { Article } from "../../db/types";
import { ingestArticles } from "../../ingestion/ingest-articles";
import { normalizeArticle } from "../../ingestion/normalize-article";
import { testSource } from "../../testing/temp-store";
import { EMBEDDING_DIMENSIONS } from "../embedding-filters";

/** A 1536-d vector with the given weights on the first dimensions (then scaled by nothing: callers pass units). */
export function vec(weights: Record<number, number>): Float32Array {
  const v = new Float32Array(EMBEDDING_DIMENSIONS);
  for (const [i, w] of Object.entries(weights)) v[Number(i)] = w;
  return v;
}

/** A unit vector whose cosine with axis 0 is `c` (the rest lies on `axis`). */
export const towardAxis0 = (c: number, axis: number) => vec({ 0: c, [axis]: Math.sqrt(1 - c * c) });

/** Stores an article's embedding the way the enrichment stage does: the vec0 row keyed by article id. */
export function putArticleVector(
  store: SqliteStore,
  articleId: number,
  v: Float32Array,
  model = "test-model",
): void {
  store.db
    .prepare("INSERT OR REPLACE INTO article_vectors (rowid, embedding) VALUES (?, ?)")
    .run(BigInt(articleId), Buffer.from(v.buffer, v.byteOffset, v.byteLength));
  store.db.prepare("UPDATE articles SET embedding_model = ? WHERE id = ?").run(model, articleId);
}

interface ArticleSpec {
  label: string;
  title: string;
  category: string;
  source: "wire" | "ap";
  vector: Float32Array | null;
}

/** The fixture articles. a1 lies on axis 0; a2 and a5 at cosine 0.9 and 0.7 from it; a3 is orthogonal; a4 has no vector. */
export const ARTICLES: ArticleSpec[] = [
  {
    label: "a1",
    title: "Tariff talks resume in Geneva",
    category: "politics",
    source: "wire",
    vector: vec({ 0: 1 }),
  },
  {
    label: "a2",
    title: "Chip export ban widened",
    category: "technology",
    source: "ap",
    vector: towardAxis0(0.9, 2),
  },
  {
    label: "a3",
    title: "Local team wins the cup",
    category: "sports",
    source: "wire",
    vector: vec({ 1: 1 }),
  },
  { label: "a4", title: "Budget vote delayed", category: "politics", source: "ap", vector: null },
  {
    label: "a5",
    title: "New semiconductor plant opens",
    category: "technology",
    source: "wire",
    vector: towardAxis0(0.7, 3),
  },
];

export interface Fixtures {
  /** Event id → label (a1…a5 for item.new, a1e…a5e for item.enriched, dev11, prio12, ce11, ranked, dev13). */
  labels: Map<number, string>;
  articles: Map<string, Article>;
  wireId: number;
  first: number;
  last: number;
}

/**
 * Writes the shared filter fixtures to the log, one event a second from `base`: five articles (item.new), their
 * item.enriched, and one event of each story type. Vectors are stored before the events are appended.
 */
export async function writeFilterFixtures(store: SqliteStore, base: number): Promise<Fixtures> {
  // A log scripted at chosen times, one event a second: events keep the times given here.
  setEventTimeMode(store.db, "producer");
  const wire = await testSource(store, "wire", "Wire", "world");
  const ap = await testSource(store, "ap-news", "AP News", "world");
  const labels = new Map<number, string>();
  const articles = new Map<string, Article>();
  let ts = base;
  for (const spec of ARTICLES) {
    ts += 1000;
    const source = spec.source === "wire" ? wire : ap;
    const draft = normalizeArticle(
      { url: `https://${source.slug}.test/${spec.label}`, title: spec.title, published: ts },
      { source, discoveredAt: ts },
    );
    const { inserted } = await ingestArticles({ store }, [{ ...draft, category: spec.category }]);
    const article = inserted[0];
    if (!article) throw new Error(`fixture ${spec.label} was not stored`);
    articles.set(spec.label, article);
    if (spec.vector) putArticleVector(store, article.id, spec.vector);
    const [event] = await store.events.after((await store.events.lastId()) - 1, 1);
    labels.set(event?.id ?? 0, spec.label);
  }
  const append = async (
    label: string,
    type: string,
    clusterId: number,
    articleId: number | null,
    body: object,
  ) => {
    ts += 1000;
    const at = ts;
    const e = await store.events.append({
      ts: at,
      type,
      clusterId,
      articleId,
      payload: (id) => ({ type, id, ts: at, ...body }),
    });
    labels.set(e.id, label);
  };
  // One item.enriched per article, as the enrichment stage appends it: it carries the article's vector.
  const entities: Record<string, number[]> = { a1: [42, 108], a2: [5], a3: [7], a4: [], a5: [42] };
  for (const [label, a] of articles) {
    await append(`${label}e`, "item.enriched", 0, a.id, {
      entity_ids: entities[label] ?? [],
      data: toRealtimeItem(a),
    });
  }
  const development = (clusterId: number, headline: string | null, title: string, category: string) => ({
    data: {
      cluster_id: clusterId,
      title,
      description: "",
      significance: "major",
      headline,
      category,
      previous_headline: null,
      new_headline: headline,
      created_at_ms: ts,
      enrichment_seq: 1,
      id: clusterId * 10,
      trigger_article_hashes: [],
    },
  });
  await append(
    "dev11",
    "story.development",
    11,
    null,
    development(11, "Tariff deal near", "Deal within reach", "politics"),
  );
  await append("prio12", "story.priority_changed", 12, null, {
    data: {
      cluster_id: 12,
      headline: "Cup final set",
      category: "sports",
      previous_priority: "low",
      new_priority: "high",
      overall_score: 0.5,
      acceleration_score: 0.1,
    },
  });
  await append("ce11", "cluster.event", 11, null, {
    data: {
      action: "create",
      cluster_id: 11,
      detail: { headline: "Tariff deal near", category: "politics", article_count: 1 },
    },
  });
  await append("ranked", "clusters.ranked", 0, null, { data: [], updated: true });
  await append(
    "dev13",
    "story.development",
    13,
    null,
    development(13, null, "Export tariff schedule", "technology"),
  );
  return { labels, articles, wireId: wire.id, first: base, last: ts };
}
