// The read operations bench:scale measures (every read of contract §1), each with requests that vary over ids,
// queries and vectors drawn from the database under test.
import path from "node:path";

import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";

import { hash32 } from "./scale-corpus";
import { DAY_MS } from "./scale-plan";

export interface ScaleOp {
  /** The operation as the table shows it. */
  name: string;
  /** What the requests vary over. */
  note: string;
  method?: "GET" | "POST";
  path: () => string;
  body?: () => string;
}

const cycle = <T>(items: T[], fallback: T): (() => T) => {
  const list = items.length ? items : [fallback];
  let i = 0;
  return () => list[i++ % list.length]!;
};

const STOP = new Set(
  "about after again against their there these those which while would could should being other where still years first under since".split(
    " ",
  ),
);

/** Reads samples from the database (read-only) and returns the operations with their request generators. */
export function scaleOperations(dataDir: string, now: number): ScaleOp[] {
  const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
  sqliteVec.load(db);
  try {
    return buildOps(sampleData(db, now), now);
  } finally {
    db.close();
  }
}

interface Samples {
  stories: Array<{ id: number; lastUpdated: number }>;
  withDevelopments: number[];
  hashes: string[];
  contentHashes: string[];
  entities: number[];
  entityNames: string[];
  sources: string[];
  categories: string[];
  words: string[][];
  /** Stored article vectors with the article's discovery time. */
  vectors: Array<{ vector: number[]; at: number }>;
}

function sampleData(db: Database.Database, now: number): Samples {
  const all = <T>(sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as T[];
  const pluck = <T>(sql: string, ...args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .all(...args) as T[];
  // Half the story reads go to stories active in the last 48 h (what clients open), half to any story.
  const active = all<{ id: number; lastUpdated: number }>(
    `SELECT id, last_updated AS lastUpdated FROM stories WHERE merged_into IS NULL AND last_updated >= ?
     ORDER BY random() LIMIT 100`,
    now - 2 * DAY_MS,
  );
  const any = all<{ id: number; lastUpdated: number }>(
    "SELECT id, last_updated AS lastUpdated FROM stories WHERE merged_into IS NULL ORDER BY random() LIMIT 100",
  );
  const stories = any.flatMap((s, i) => (active[i] ? [active[i], s] : [s]));
  const maxId = (db.prepare("SELECT MAX(id) FROM articles").pluck().get() as number | null) ?? 0;
  const byId = db.prepare(
    "SELECT id, url_hash AS hash, title, discovered_at AS at FROM articles WHERE id >= ? ORDER BY id LIMIT 1",
  );
  const articles = Array.from(
    { length: 400 },
    (_, i) =>
      byId.get(1 + (hash32("article-sample", i) % Math.max(1, maxId))) as
        | { id: number; hash: string; title: string; at: number }
        | undefined,
  ).filter((a) => a !== undefined);
  const vectorOf = db.prepare("SELECT embedding FROM article_vectors WHERE rowid = ?").pluck();
  const vectors = articles.slice(0, 40).flatMap((a) => {
    const blob = vectorOf.get(BigInt(a.id)) as Buffer | undefined;
    if (!blob) return [];
    return [
      { vector: Array.from(new Float32Array(blob.buffer, blob.byteOffset, blob.byteLength / 4)), at: a.at },
    ];
  });
  const words = articles.map((a) =>
    a.title
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 5 && !STOP.has(w)),
  );
  return {
    stories,
    withDevelopments: pluck<number>(
      "SELECT story_id FROM developments GROUP BY story_id ORDER BY random() LIMIT 200",
    ),
    hashes: articles.map((a) => a.hash),
    contentHashes: pluck<string>(
      `SELECT a.url_hash FROM article_content c JOIN articles a ON a.id = c.article_id
       WHERE c.status = 'has_content' ORDER BY random() LIMIT 200`,
    ),
    // The most mentioned entities and random ones with a few articles.
    entities: [
      ...pluck<number>("SELECT id FROM entities ORDER BY article_count DESC LIMIT 50"),
      ...pluck<number>("SELECT id FROM entities WHERE article_count >= 3 ORDER BY random() LIMIT 150"),
    ],
    entityNames: pluck<string>("SELECT name FROM entities ORDER BY article_count DESC LIMIT 200"),
    sources: pluck<string>(
      "SELECT slug FROM sources WHERE id IN (SELECT DISTINCT source_id FROM articles LIMIT 2000) ORDER BY random() LIMIT 100",
    ),
    categories: pluck<string>("SELECT DISTINCT category FROM stories ORDER BY category"),
    words: words.filter((w) => w.length > 0),
    vectors,
  };
}

function buildOps(s: Samples, now: number): ScaleOp[] {
  const q = encodeURIComponent;
  const story = cycle(s.stories, { id: 1, lastUpdated: now });
  const devStory = cycle(s.withDevelopments, 1);
  const hash = cycle(s.hashes, "0000000000000000");
  const contentHash = cycle(s.contentHashes, "0000000000000000");
  const entity = cycle(s.entities, 1);
  const source = cycle(s.sources, "none");
  const category = cycle(s.categories, "world");
  const vector = cycle(s.vectors, { vector: [], at: now });
  let n = 0;
  let listed = 0;
  // One word, or two from the same headline every third query.
  const words = cycle(s.words, ["market"]);
  const query = () => {
    const w = words();
    return n++ % 3 === 2 && w.length > 1 ? `${w[0]} ${w[1]}` : w[0]!;
  };
  const prefix = cycle(
    s.entityNames.map((name) => name.slice(0, 3 + (hash32(name) % 3)).toLowerCase()),
    "uni",
  );
  const nameQuery = cycle(
    s.entityNames.map((name) => name.split(" ")[0]!.slice(0, 5)),
    "john",
  );
  // Backtest windows: 7 days starting anywhere from 89 to 8 days ago.
  let w = 0;
  const window = () => {
    const from = Math.round(now - 89 * DAY_MS + ((hash32("window", w++) % 1000) / 1000) * 81 * DAY_MS);
    return { from, to: from + 7 * DAY_MS };
  };
  const ops: ScaleOp[] = [
    {
      name: "GET /v1/stories",
      note: "limit 20; every third request one category",
      path: () => `/v1/stories?limit=20${listed++ % 3 === 0 ? `&category=${category()}` : ""}`,
    },
    { name: "GET /v1/stories/ranked", note: "limit 20", path: () => "/v1/stories/ranked?limit=20" },
    {
      name: "GET /v1/stories/{id}",
      note: "200 stories, half active in 48 h",
      path: () => `/v1/stories/${story().id}`,
    },
    {
      name: "GET /v1/stories/{id}/developments",
      note: "stories with developments",
      path: () => `/v1/stories/${devStory()}/developments`,
    },
    {
      name: "GET /v1/stories/{id}/updates",
      note: "since 12 h before the last update",
      path: () => {
        const st = story();
        return `/v1/stories/${st.id}/updates?since_ms=${Math.round(st.lastUpdated - 12 * 3_600_000)}`;
      },
    },
    { name: "GET /v1/items", note: "newest 20", path: () => "/v1/items?limit=20" },
    {
      name: "GET /v1/items?source=",
      note: "one source's newest 20",
      path: () => `/v1/items?limit=20&source=${q(source())}`,
    },
    {
      name: "GET /v1/items?keyword=",
      note: "title substring",
      path: () => `/v1/items?limit=20&keyword=${q(words()[0]!)}`,
    },
    { name: "GET /v1/item", note: "400 random articles", path: () => `/v1/item?url_hash=${hash()}` },
    {
      name: "GET /v1/content",
      note: "articles with extracted text",
      path: () => `/v1/content?url_hash=${contentHash()}`,
    },
    { name: "GET /v1/related", note: "400 random articles", path: () => `/v1/related?url_hash=${hash()}` },
    { name: "GET /v1/search", note: "1–2 words of real headlines", path: () => `/v1/search?q=${q(query())}` },
    {
      name: "GET /v1/search/full",
      note: "1–2 words of real headlines",
      path: () => `/v1/search/full?q=${q(query())}`,
    },
    {
      name: "GET /v1/search/suggest",
      note: "3–5-letter prefixes of entity names",
      path: () => `/v1/search/suggest?q=${q(prefix())}`,
    },
    {
      name: "POST /v1/search/vector",
      note: "stored article vectors, 72 h, limit 20",
      method: "POST",
      path: () => "/v1/search/vector",
      body: () => JSON.stringify({ embedding: vector().vector, limit: 20 }),
    },
    {
      name: "GET /v1/embeddings",
      note: "article vectors",
      path: () => `/v1/embeddings?type=article&id=${hash()}`,
    },
    { name: "GET /v1/entities", note: "limit 60", path: () => "/v1/entities?limit=60" },
    { name: "GET /v1/entities?q=", note: "name prefixes", path: () => `/v1/entities?q=${q(nameQuery())}` },
    { name: "GET /v1/entities/politicians", note: "limit 60", path: () => "/v1/entities/politicians" },
    { name: "GET /v1/entities/trending", note: "limit 20", path: () => "/v1/entities/trending" },
    {
      name: "GET /v1/entities/{id}",
      note: "top 50 and 150 random entities",
      path: () => `/v1/entities/${entity()}`,
    },
    {
      name: "GET /v1/entities/{id}/articles",
      note: "same entities, limit 20",
      path: () => `/v1/entities/${entity()}/articles`,
    },
    {
      name: "GET /v1/graph/entity-network",
      note: "depth 2, 50 edges",
      path: () => `/v1/graph/entity-network?entity_id=${entity()}&depth=2&limit=50`,
    },
    {
      name: "GET /v1/graph/story-entity",
      note: "200 stories",
      path: () => `/v1/graph/story-entity?story_id=${story().id}`,
    },
    { name: "GET /v1/graph/topic-cluster", note: "limit 20", path: () => "/v1/graph/topic-cluster" },
    { name: "GET /v1/source-rankings", note: "no parameters", path: () => "/v1/source-rankings" },
    { name: "GET /v1/sources", note: "no parameters", path: () => "/v1/sources" },
    { name: "GET /v1/categories", note: "no parameters", path: () => "/v1/categories" },
    { name: "GET /v1/tags", note: "no parameters", path: () => "/v1/tags" },
    {
      name: "GET /v1/backtest",
      note: "1,000-event page of a 7-day window",
      path: () => {
        const { from, to } = window();
        return `/v1/backtest?from=${from}&to=${to}&limit=1000`;
      },
    },
    {
      name: "POST /v1/backtest",
      note: "articles of the 7 days around a stored vector's article, filtered by it (0.75), limit 1,000",
      method: "POST",
      path: () => "/v1/backtest",
      // The 7 days around the filter's own article, so its story's reports can match.
      body: () => {
        const v = vector();
        const from = Math.round(Math.max(now - 89 * DAY_MS, Math.min(now - 7 * DAY_MS, v.at - 3.5 * DAY_MS)));
        return JSON.stringify({
          from,
          to: from + 7 * DAY_MS,
          topics: ["articles"],
          embedding_filters: [{ embedding: v.vector, threshold: 0.75 }],
          limit: 1000,
        });
      },
    },
    { name: "GET /v1/usage", note: "the key's last 30 days", path: () => "/v1/usage" },
    { name: "GET /v1/stats", note: "no parameters", path: () => "/v1/stats" },
    { name: "GET /v1/version", note: "no auth", path: () => "/v1/version" },
  ];
  return ops;
}
