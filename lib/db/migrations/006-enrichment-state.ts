// When each article went through the enrichment stage. Null means it is still due: an article stored with its
// `item.new` whose enrichment never committed (a crash between the two) is enriched when the pipeline next opens.
// Articles stored before this column existed count as enriched when their `item.enriched` is in the event log, or
// when they predate the log's oldest retained event (the log is pruned; such articles went through the stage then).
export const up = /* sql */ `
ALTER TABLE articles ADD COLUMN enriched_at INTEGER;
UPDATE articles SET enriched_at = discovered_at
WHERE id IN (SELECT article_id FROM events WHERE type = 'item.enriched' AND article_id IS NOT NULL)
   OR discovered_at < COALESCE((SELECT MIN(ts) FROM events), 9223372036854775807);
CREATE INDEX articles_enrichment_due ON articles(id) WHERE enriched_at IS NULL;
`;
