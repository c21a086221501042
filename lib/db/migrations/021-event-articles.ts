// Backtest with embedding filters (issue #15): the approximate vector index names the few articles near a filter's
// vector, and their events are read through this index instead of walking every event of the window and reading
// each article's vector. Story events carry no article and are left out of it.
export const up = /* sql */ `
CREATE INDEX events_article ON events(article_id, ts, id) WHERE article_id IS NOT NULL;
`;
