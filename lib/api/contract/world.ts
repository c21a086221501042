// The data the contract suite, the fuzz test and the concurrency test run against: articles and stories through
// the real pipeline (normalise → store → events → clustering), story dynamics and derived rankings/topics from
// their own code, extracted content through the content repository, and entities, tags and vectors as the
// enrichment stage stores them (the shared fixtures of those domains).
import { TEXT_ONLY_PARAMS } from "../../clustering/clusterer";
import type { SqliteStore } from "../../db/sqlite/sqlite-store";
import type { Article } from "../../db/types";
import { insertEntity, relate, storyEntity } from "../../entities/queries/test-fixtures";
import { runPipeline } from "../../ingestion/pipeline";
import { ensureDemoKey } from "../../keys/verify-key";
import { addTags } from "../../search/test-fixtures";
import { recomputeDerived } from "../../stories/maintenance";
import { StoryClustering } from "../../stories/story-clustering";
import { putArticleVector, putStoryVector, towardAxis0 } from "../../vectors/test-fixtures";

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
export async function buildWorld(store: SqliteStore, now = WORLD_NOW): Promise<World> {
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
  addTags(store, first, ["volcano", "iceland", "aviation"]);

  const story = (await store.stories.get(await storyOf(store, first.id)))!;
  const volcano = articles.slice(0, 4);
  const pm = insertEntity(store, {
    name: "Katrin Jakobsdottir",
    type: "person",
    subcategory: "politician",
    aliases: ["Jakobsdottir"],
    articles: volcano,
    wikidataId: "Q461232",
    enriched: true,
  });
  const met = insertEntity(store, {
    name: "Icelandic Met Office",
    type: "org",
    subcategory: "government_body",
    articles: volcano.slice(1),
  });
  const city = insertEntity(store, {
    name: "Reykjavik",
    type: "location",
    subcategory: "city",
    articles: volcano,
  });
  relate(store, pm, met, { type: "associated_with", confidence: 0.8, articleCount: 3 });
  relate(store, met, city, { type: "located_in", confidence: 0.9, articleCount: 2 });
  storyEntity(store, story.id, city, 4);
  storyEntity(store, story.id, pm, 3);
  storyEntity(store, story.id, met, 2);
  const lava = await storyOf(store, articles[4]!.id);
  if (lava !== story.id) storyEntity(store, lava, city, 2);
  // Rankings and topics read stories with their entities, as the periodic recompute does.
  await recomputeDerived(store, now);

  articles.forEach((a, i) => putArticleVector(store, a.id, towardAxis0(0.95 - i * 0.05, 1 + i)));
  const storyIds = new Set<number>();
  for (const a of articles) storyIds.add(await storyOf(store, a.id));
  [...storyIds].forEach((id, i) => putStoryVector(store, id, towardAxis0(0.9 - i * 0.1, 100 + i)));

  await ensureDemoKey(store, DEMO_KEY);
  const topic = (await store.topics.list({ limit: 1, perTopic: 1 }))[0];
  return {
    storyId: story.id,
    storySlug: story.slug,
    articleHash: first.urlHash,
    articleSlug: first.slug,
    contentHash: first.urlHash,
    entityId: pm,
    entitySlug: (await store.entities.get(pm))!.slug,
    topicId: topic?.id ?? 1,
    articles,
  };
}

async function storyOf(store: SqliteStore, articleId: number): Promise<number> {
  const row = store.db.prepare("SELECT story_id FROM articles WHERE id = ?").get(articleId) as
    | { story_id: number | null }
    | undefined;
  if (!row?.story_id) throw new Error(`article ${articleId} is in no story`);
  return row.story_id;
}
