import type { Store, StoredSourceRanking } from "../db/store";
import { scoreSources } from "./source-scores";

/** Rankings look at the last 30 days of reporting (by discovery time, relative to the newest article). */
export const RANKING_WINDOW_MS = 30 * 86_400_000;

/**
 * Recomputes and stores every source's ranking with the response body of GET /v1/source-rankings, serialised here
 * once for every request until the next recompute (the maintenance tick). Returns how many sources were ranked.
 */
export async function recomputeSourceRankings(store: Store, now = Date.now()): Promise<number> {
  const latest = Math.min(now, await store.rankings.latestArticleTime()) || now;
  const { sources, articles } = await store.rankings.inputs(latest - RANKING_WINDOW_MS);
  // Sorted as the store lists them (overall descending, then source id), with the names and logos just read.
  const scores = scoreSources(sources, articles);
  await store.rankings.save(scores, now, sourceRankingsJson(scores));
  return scores.length;
}

/** Source ranking (contract §6.7): `source_id` as a decimal string. */
export function toApiRanking(r: StoredSourceRanking) {
  const n = (x: number) => Math.round(x * 1e4) / 1e4;
  return {
    source_id: String(r.sourceId),
    source_name: r.sourceName,
    logo_url: r.logoUrl,
    first_to_cluster_score: n(r.firstToCluster),
    cluster_frequency_score: n(r.clusterFrequency),
    speed_score: n(r.speed),
    topical_authority_score: n(r.topicalAuthority),
    content_diversity_score: n(r.contentDiversity),
    extraction_success_score: n(r.extractionSuccess),
    neutrality_score: n(r.neutrality),
    sensationalism_score: n(r.sensationalism),
    reliability_score: n(r.reliability),
    overall_score: n(r.overall),
    tier: r.tier,
    description_one_liner: r.oneLiner,
    description_summary: r.summary,
  };
}

/** The body of GET /v1/source-rankings (contract §7.6) from rankings sorted best first. */
export function sourceRankingsJson(sorted: StoredSourceRanking[]): Buffer {
  return Buffer.from(JSON.stringify({ rankings: sorted.map(toApiRanking), count: sorted.length }));
}

/** `{rankings, count}`, best overall first, read from the ranking rows (the dashboard's list). */
export async function listSourceRankings(store: Store) {
  const rankings = (await store.rankings.list()).map(toApiRanking);
  return { rankings, count: rankings.length };
}
