import { z } from "zod";

import type { SourceSortKey, Store } from "../db/store";
import { qEnum, qIntDefault } from "../validation/query";
import { toApiRanking } from "./source-rankings";

/** The sources table's sort keys as the address names them (the ranking fields of contract §6.7, plus two). */
const SORTS = {
  source_name: "name",
  article_count: "articles",
  tier: "tier",
  overall_score: "overall",
  first_to_cluster_score: "firstToCluster",
  cluster_frequency_score: "clusterFrequency",
  speed_score: "speed",
  topical_authority_score: "topicalAuthority",
  content_diversity_score: "contentDiversity",
  extraction_success_score: "extractionSuccess",
  neutrality_score: "neutrality",
  sensationalism_score: "sensationalism",
  reliability_score: "reliability",
} as const satisfies Record<string, SourceSortKey>;

export type SourceTableSort = keyof typeof SORTS;
const SORT_KEYS = Object.keys(SORTS) as [SourceTableSort, ...SourceTableSort[]];

/** Rows on one page of the sources table. */
export const SOURCE_PAGE_SIZE = 50;

/** The order a column sorts in first: names and tiers from A and tier 1, counts and scores from the highest. */
export const firstOrder = (sort: SourceTableSort): "asc" | "desc" =>
  sort === "source_name" || sort === "tier" ? "asc" : "desc";

/** The dashboard's sources table: `?q=&sort=&order=&offset=`. An empty `q` filters nothing. */
export const SourceTableQuery = z
  .object({
    q: z
      .string()
      .trim()
      .refine((s) => [...s].length <= 200, "must be at most 200 characters")
      .optional()
      .transform((s) => (s ? s : undefined)),
    sort: qEnum(SORT_KEYS).transform((s) => s ?? "overall_score"),
    order: qEnum(["asc", "desc"]),
    offset: qIntDefault(0, { min: 0 }),
  })
  .transform((q) => ({ ...q, order: q.order ?? firstOrder(q.sort) }));
export type SourceTableQuery = z.output<typeof SourceTableQuery>;

/**
 * One page of every source, with its ranking when it has one (the last 30 days' reporting ranks it), filtered by
 * part of its name or slug and sorted on any column. On a ranking column the unranked sources follow, by name.
 */
export async function listSourceTable(store: Store, query: SourceTableQuery) {
  const page = await store.rankings.sourcePage({
    search: query.q,
    sort: SORTS[query.sort],
    desc: query.order === "desc",
    limit: SOURCE_PAGE_SIZE,
    offset: query.offset,
  });
  return {
    rows: page.rows.map(({ source, ranking }) => ({
      source_id: String(source.id),
      source_name: source.name,
      slug: source.slug,
      category: source.category,
      country: source.country,
      article_count: source.articleCount,
      ranking: ranking ? toApiRanking(ranking) : null,
    })),
    total: page.total,
    ranked: page.ranked,
    allRanked: page.allRanked,
    limit: SOURCE_PAGE_SIZE,
  };
}

export type SourceTableRow = Awaited<ReturnType<typeof listSourceTable>>["rows"][number];
