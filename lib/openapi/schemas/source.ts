import { z } from "zod";

import { Category, Count, Id, RANKING_TIER, Unit } from "./common";

/** Source ranking (contract §6.7). */
export const SourceRanking = z.strictObject({
  source_id: z
    .string()
    .regex(/^[1-9]\d*$/)
    .describe("the source's integer id as a decimal string"),
  source_name: z.string(),
  logo_url: z.string().nullable(),
  first_to_cluster_score: Unit,
  cluster_frequency_score: Unit,
  speed_score: Unit,
  topical_authority_score: Unit,
  content_diversity_score: Unit,
  extraction_success_score: Unit,
  neutrality_score: Unit,
  sensationalism_score: Unit,
  reliability_score: Unit,
  overall_score: Unit,
  tier: z.enum(RANKING_TIER),
  description_one_liner: z.string().nullable(),
  description_summary: z.string().nullable(),
});

export const SourceRankingsResponse = z.strictObject({ rankings: z.array(SourceRanking), count: Count });

/** Source (contract §6.8). */
export const Source = z.strictObject({
  id: Id,
  name: z.string(),
  url: z.string(),
  category: Category,
  article_count: Count,
  slug: z.string().min(1),
});

export const SourcesResponse = z.array(Source);
export const CategoriesResponse = z.array(Category);
export const TagsResponse = z.array(z.string()).max(1000);
