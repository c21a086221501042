import type { toApiRanking } from "@/lib/rankings/source-rankings";

export type SourceRanking = ReturnType<typeof toApiRanking>;
export type ScoreKey = Extract<keyof SourceRanking, `${string}_score`>;

/** The nine scores of contract §6.7 in the order the table shows them, with a short header and what each means. */
export const SCORE_COLUMNS: Array<{ key: ScoreKey; label: string; help: string; inverted?: boolean }> = [
  { key: "first_to_cluster_score", label: "First", help: "How often it is first to report a story" },
  { key: "cluster_frequency_score", label: "Coverage", help: "How many stories it takes part in" },
  { key: "speed_score", label: "Speed", help: "How soon after a story starts it reports it" },
  { key: "topical_authority_score", label: "Authority", help: "How central it is in its own categories" },
  {
    key: "content_diversity_score",
    label: "Diversity",
    help: "How widely its coverage spreads over categories",
  },
  { key: "extraction_success_score", label: "Extraction", help: "How often its article pages can be read" },
  { key: "neutrality_score", label: "Neutrality", help: "How neutral its headlines read" },
  {
    key: "sensationalism_score",
    label: "Sensational",
    help: "How sensational its headlines read: higher counts against it",
    inverted: true,
  },
  { key: "reliability_score", label: "Reliability", help: "How steadily its feeds deliver" },
];
