import type { Store, StoredSourceRanking } from "../db/store";
import { scoreSources } from "./source-scores";

/** Rankings look at the last 30 days of reporting (by discovery time, relative to the newest article). */
export const RANKING_WINDOW_MS = 30 * 86_400_000;

/** Recomputes and stores every source's ranking; returns how many sources were ranked. */
export async function recomputeSourceRankings(store: Store, now = Date.now()): Promise<number> {
  const latest = Math.min(now, await store.rankings.latestArticleTime()) || now;
  const { sources, articles } = await store.rankings.inputs(latest - RANKING_WINDOW_MS);
  const scores = scoreSources(sources, articles);
  await store.rankings.save(scores, now);
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

/** GET /v1/source-rankings: `{rankings, count}`, best overall first. */
export async function listSourceRankings(store: Store) {
  const rankings = (await store.rankings.list()).map(toApiRanking);
  return { rankings, count: rankings.length };
}
