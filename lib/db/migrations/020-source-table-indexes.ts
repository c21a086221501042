// The dashboard's sources table (issue #16): every source, a page at a time, sorted on any column. Each sortable
// ranking column gets an index ending in the source id, which a page walks forwards for one order and backwards for
// the other, so a page is read off index entries instead of sorting every ranked source on each request. The name
// sort walks `sources_name` (migration 001), the article count sort the index below.
const SCORES = [
  "overall_score",
  "first_to_cluster_score",
  "cluster_frequency_score",
  "speed_score",
  "topical_authority_score",
  "content_diversity_score",
  "extraction_success_score",
  "neutrality_score",
  "sensationalism_score",
  "reliability_score",
];

export const up = /* sql */ `
${SCORES.map((c) => `CREATE INDEX source_rankings_${c} ON source_rankings(${c} DESC, source_id);`).join("\n")}
CREATE INDEX source_rankings_tier ON source_rankings(tier, overall_score DESC, source_id);
CREATE INDEX sources_article_count ON sources(article_count DESC, id);
`;
