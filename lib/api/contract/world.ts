// The data the contract suite, the fuzz test and the concurrency test run against: articles and stories through
// the real pipeline (normalise → store → events → clustering), story dynamics and derived rankings/topics from
// their own code, extracted content through the content repository, and entities, tags and vectors as the
// enrichment stage stores them (the shared fixtures of those domains).
import { TEXT_ONLY_PARAMS } from "../../clustering/clusterer";
import type { ArticleEnrichment, Store } from "../../db/store";
import type { Article } from "../../db/types";
import { itemEnrichedEvent } from "../../enrichment/enrich-articles";
import { entityKey, entitySlug } from "../../entities/normalize";
import { runPipeline } from "../../ingestion/pipeline";
import { ensureDemoKey } from "../../keys/verify-key";
import { recomputeDerived } from "../../stories/maintenance";
import { StoryClustering } from "../../stories/story-clustering";
import { towardAxis0 } from "../../vectors/test-fixtures";

const H = 3_600_000;
/** Mid-month, so that a test clock running for hours stays in one billing month. */
export const WORLD_NOW = Date.UTC(2026, 2, 12, 12);
export const DEMO_KEY = `lede_test_${"d".repeat(64)}`;

export interface World {
  storyId: number;
  storySlug: string;
  articleHash: string;
  articleSlug: string;
  /** An article with extracted content stored. */
  contentHash: string;
  entityId: number;
  entitySlug: string;
  topicId: number;
  articles: Article[];
}

const HEADLINES: Array<[source: number, hoursAgo: number, title: string, category?: string]> = [
  [0, 9, "Volcano erupts near Reykjavik, flights grounded"],
  [1, 8.8, "Volcano erupts near Reykjavik as flights are grounded"],
  [2, 8.6, "Flights grounded as volcano erupts near Reykjavik"],
  [0, 8.4, "Volcano near Reykjavik erupts, 300 flights grounded"],
  [1, 6, "Reykjavik volcano: lava reaches town outskirts overnight"],
  [2, 5.9, "Lava from Reykjavik volcano reaches town outskirts"],
  [1, 5, "Central bank raises interest rates to curb inflation", "business"],
  [2, 4, "Central bank lifts interest rates again as inflation persists", "business"],
  [0, 3, "Chipmaker unveils faster processor for data centres", "technology"],
  [1, 2, "Tennis star wins third grand slam title", "sports"],
  [2, 30, "Old harbour strike ends after pay deal"],
];

/** Builds the world into `store` at `now`; returns the ids and keys the requests need. */
export async function buildWorld(store: Store, now = WORLD_NOW): Promise<World> {
  const sources = await Promise.all(
    [
      ["alpha", "Alpha News", "world"],
      ["beta", "Beta Times", "business"],
      ["gamma", "Gamma Wire", "technology"],
    ].map(([slug, name, category]) =>
      store.sources.ensure({
        slug: slug as string,
        name: name as string,
        homepage: `https://${slug}.test/`,
        country: null,
        language: "en",
        category: category as string,
        logoUrl: null,
        description: null,
      }),
    ),
  );
  const clustering = await StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS });
  // One batch per article, as a feed poll delivers them, so story dynamics see each arrival.
  const inserted: Article[] = [];
  for (const [n, [s, hoursAgo, title, category]] of HEADLINES.entries()) {
    const source = sources[s]!;
    const published = now - hoursAgo * H;
    const result = await runPipeline({ store, clustering }, [
      {
        raw: {
          url: `https://${source.slug}.test/news/${n + 1}`,
          title,
          published,
          summary: `${title}. Reporters followed the events through the day.`,
          categories: category ? [category] : [],
        },
        source,
        discoveredAt: published + 60_000,
      },
    ]);
    inserted.push(...result.inserted);
  }
  await clustering.tick(now);

  const articles = inserted;
  const first = articles[0]!;
  await store.content.save({
    articleId: first.id,
    finalUrl: first.url,
    extractedTitle: first.title,
    text: "Lava flowed towards the town overnight. ".repeat(40),
    imageUrl: null,
    thumbUrl: null,
    videoUrl: null,
    status: "has_content",
    error: null,
    extractedAt: now - H,
  });
  // Every other article has been tried already, so no request of the suite fetches a page.
  for (const a of articles.slice(1)) {
    await store.content.save({
      articleId: a.id,
      finalUrl: a.url,
      extractedTitle: null,
      text: "",
      imageUrl: null,
      thumbUrl: null,
      videoUrl: null,
      status: "no_content",
      error: null,
      extractedAt: now - H,
    });
  }
  // Entities, relations, tags and vectors as the enrichment stage stores them (one `apply` per article, its
  // `item.enriched` event with it), then the stories' entities and centroids as its story refresh computes them.
  const volcano = articles.slice(0, 4);
  const pm = worldEntity("person", "Katrin Jakobsdottir", "politician", {
    aliases: ["Jakobsdottir"],
    wikidataId: "Q461232",
    enriched: true,
  });
  const met = worldEntity("org", "Icelandic Met Office", "government_body");
  const city = worldEntity("location", "Reykjavik", "city");
  const enrichments: ArticleEnrichment[] = articles.map((a, i) => {
    const entities: ArticleEnrichment["entities"] = [];
    const relationships: ArticleEnrichment["relationships"] = [];
    if (i < volcano.length) {
      entities.push({ ...city, count: i === 0 ? 2 : 1 }, { ...pm, count: 1 });
      if (i > 0) {
        entities.push({ ...met, count: 1 });
        relationships.push({ source: pm.ref, target: met.ref, type: "associated_with", confidence: 0.4 });
        if (i > 1)
          relationships.push({ source: met.ref, target: city.ref, type: "located_in", confidence: 0.6 });
      }
    } else if (i < 6) entities.push({ ...city, count: 1 }); // the lava articles
    return {
      articleId: a.id,
      vector: towardAxis0(0.95 - i * 0.05, 1 + i),
      embeddingModel: "test-model",
      entities,
      relationships,
      tags: i === 0 ? ["volcano", "iceland", "aviation"].map((tag) => ({ tag, score: 0.5 })) : [],
      headlineSummary: null,
    };
  });
  const entityIds = await store.enrichment.apply(enrichments, itemEnrichedEvent);
  const storyIds = new Set<number>();
  for (const a of articles) storyIds.add(await storyOf(store, a));
  await store.enrichment.refreshStories([...storyIds]);
  const story = (await store.stories.get(await storyOf(store, first)))!;
  const pmId = await entityIdOf(store, entityIds, first, pm.name);
  // Rankings and topics read stories with their entities, as the periodic recompute does.
  await recomputeDerived(store, now);

  await ensureDemoKey(store, DEMO_KEY);
  const topic = (await store.topics.list({ limit: 1, perTopic: 1 }))[0];
  return {
    storyId: story.id,
    storySlug: story.slug,
    articleHash: first.urlHash,
    articleSlug: first.slug,
    contentHash: first.urlHash,
    entityId: pmId,
    entitySlug: (await store.entities.get(pmId))!.slug,
    topicId: topic?.id ?? 1,
    articles,
  };
}

type WorldEntity = ArticleEnrichment["entities"][number];

/** An entity as the enrichment stage hands it over (its `count` set per article). */
function worldEntity(
  type: WorldEntity["type"],
  name: string,
  subcategory: string,
  more: Partial<Pick<WorldEntity, "aliases" | "wikidataId" | "enriched">> = {},
): WorldEntity {
  const key = entityKey(type, name);
  return {
    ref: `${type}:${key}`,
    type,
    key,
    name,
    slug: entitySlug(name),
    subcategory,
    count: 1,
    aliases: more.aliases ?? [],
    description: null,
    wikidataId: more.wikidataId ?? null,
    wikipediaUrl: null,
    enriched: more.enriched ?? false,
  };
}

/** The id the enrichment gave the entity of this name among the article's. */
async function entityIdOf(
  store: Store,
  ids: Map<number, number[]>,
  article: Article,
  name: string,
): Promise<number> {
  for (const id of ids.get(article.id) ?? []) if ((await store.entities.get(id))?.name === name) return id;
  throw new Error(`article ${article.id} names no ${name}`);
}

/** The story holding the article (as stored, so after clustering). */
async function storyOf(store: Store, article: Article): Promise<number> {
  const storyId = (await store.articles.getByHash(article.urlHash))?.storyId;
  if (!storyId) throw new Error(`article ${article.id} is in no story`);
  return storyId;
}
