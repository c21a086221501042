import { sql, type Kysely, type Selectable } from "kysely";

import { VELOCITY_TAU_MS } from "../../stories/dynamics/velocity";
import type { ScoredTicker } from "../../tickers/story-tickers";
import type { StoryRecord } from "../store";
import type { Database } from "./schema";
import type { Stories } from "./tables.generated";

export type StoryRow = Selectable<Stories>;

/** Largest exponent whose exp(-x) a double still holds: PostgreSQL raises an underflow error past it, SQLite gives 0. */
const EXP_FLOOR = 745;

/**
 * `value * exp(-max(0, now - at) / tau)`, as the embedded store's SQL computes it (a value decayed from when it was
 * computed to `now`), with SQLite's 0 where PostgreSQL's exp() would underflow.
 */
export function decayed(value: string, at: string, now: number, tauMs: number) {
  const age = sql`greatest(0, ${now}::float8 - ${sql.ref(at)}) / ${tauMs}::float8`;
  return sql<number>`(CASE WHEN ${age} > ${EXP_FLOOR} THEN 0::float8 ELSE ${sql.ref(value)} * exp(-(${age})) END)`;
}

/** The velocity order of story lists: velocity as the dynamics stage stored it, decayed to `now`. */
export const decayedVelocity = (now: number) => decayed("velocity", "velocity_at", now, VELOCITY_TAU_MS);

/** The article time every story view uses: published when known, else discovered. */
export const ARTICLE_TIME = sql<number>`CASE WHEN published_at > 0 THEN published_at ELSE discovered_at END`;

/**
 * Turns `stories` rows into StoryRecords. Sources, top entities and image come from the row's listing columns; a row
 * without them (copied in before they were written) has them computed from its members.
 */
export async function toStoryRecords(db: Kysely<Database>, rows: StoryRow[]): Promise<StoryRecord[]> {
  const missing = rows
    .filter((r) => r.sources_json == null || r.top_entities_json == null || r.source_total == null)
    .map((r) => r.id);
  const computed = new Map<
    number,
    { sources: string; entities: string; image: string | null; total: number }
  >();
  if (missing.length) {
    const { rows: fill } = await sql<{
      id: number;
      sources: string;
      entities: string;
      image: string | null;
      total: number;
    }>`
      SELECT st.id,
        (SELECT COALESCE(json_agg(x.name ORDER BY x.n DESC, x.name COLLATE "C"), '[]'::json)::text FROM (
          SELECT s.name, COUNT(*) AS n FROM articles a JOIN sources s ON s.id = a.source_id WHERE a.story_id = st.id
          GROUP BY s.id, s.name ORDER BY COUNT(*) DESC, s.name COLLATE "C" LIMIT 20) x) AS sources,
        (SELECT COALESCE(json_agg(json_build_object('name', x.name, 'type', x.type) ORDER BY x.mention_count DESC, x.id),
          '[]'::json)::text FROM (SELECT e.name, e.type, se.mention_count, e.id FROM story_entities se
          JOIN entities e ON e.id = se.entity_id WHERE se.story_id = st.id ORDER BY se.mention_count DESC, e.id LIMIT 10) x)
          AS entities,
        (SELECT image_url FROM articles WHERE story_id = st.id AND image_url IS NOT NULL
          ORDER BY published_at DESC LIMIT 1) AS image,
        (SELECT COUNT(DISTINCT source_id) FROM articles WHERE story_id = st.id) AS total
      FROM stories st WHERE st.id = ANY(${missing}::bigint[])`.execute(db);
    for (const f of fill) computed.set(Number(f.id), f);
  }
  return rows.map((r): StoryRecord => {
    const c = computed.get(r.id);
    return {
      id: r.id,
      slug: r.slug,
      headline: r.headline,
      summary: r.summary,
      richSummary: r.rich_summary,
      imageUrl: r.image_url ?? (r.sources_json != null ? r.member_image_url : (c?.image ?? null)) ?? null,
      category: r.category,
      articleCount: r.article_count,
      firstSeen: r.first_seen,
      lastUpdated: r.last_updated,
      label: r.label,
      mergedInto: r.merged_into,
      sources: JSON.parse(r.sources_json ?? c!.sources) as string[],
      sourceCount: r.source_total ?? Number(c?.total ?? 0),
      topEntities: JSON.parse(r.top_entities_json ?? c!.entities) as Array<{ name: string; type: string }>,
      ...(r.tickers_json ? { tickers: JSON.parse(r.tickers_json) as ScoredTicker[] } : {}),
    };
  });
}
