// Near-duplicate lookup: each article's MinHash LSH band keys (lib/dedup), searched by key within a time window,
// so finding the earlier copies of a syndicated story costs a few index probes, not a scan of recent articles.
export const up = /* sql */ `
CREATE TABLE article_lsh (
  key INTEGER NOT NULL,
  at INTEGER NOT NULL,
  article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE
);
CREATE INDEX article_lsh_key ON article_lsh(key, at);
CREATE INDEX article_lsh_at ON article_lsh(at);
CREATE INDEX articles_duplicate_of ON articles(duplicate_of) WHERE duplicate_of IS NOT NULL;
`;
