// Serving speed (issue #15): a stored read model for bodies computed on the maintenance tick, an index that answers
// backtest pages from index entries, and indexed entity-name lookups for search.

/**
 * The category an event carries for the categories filter (contract §8.4): `data.category` when it is a string, on
 * every type but cluster.event and clusters.ranked; NULL otherwise (such events pass the filter). Queries must use
 * this exact text for SQLite to read the value from the index instead of the payload.
 */
export const EVENT_CATEGORY = `(CASE WHEN type NOT IN ('cluster.event','clusters.ranked')
  AND json_type(CASE WHEN json_valid(payload) THEN payload END, '$.data.category') = 'text'
  THEN json_extract(payload, '$.data.category') END)`;

/**
 * The source an article event names, written as JavaScript's `String(data.source_id)` would write it (the live
 * feed's filter compares that text); NULL on other events. Arrays and objects, which no writer produces, give NULL.
 */
export const EVENT_SOURCE = `(CASE WHEN type IN ('item.new','item.enriched') THEN
  CASE json_type(CASE WHEN json_valid(payload) THEN payload END, '$.data.source_id')
    WHEN 'text' THEN json_extract(payload, '$.data.source_id')
    WHEN 'integer' THEN CAST(json_extract(payload, '$.data.source_id') AS TEXT)
    WHEN 'real' THEN CAST(json_extract(payload, '$.data.source_id') AS TEXT)
    WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' WHEN 'null' THEN 'null'
    WHEN 'array' THEN NULL WHEN 'object' THEN NULL
    ELSE 'undefined' END END)`;

export const up = /* sql */ `
-- One row per read model: its serialised body and a version that moves on every write, in every process that shares
-- the file, so a process keeps the body it last read until the version moves. body NULL: stale, rebuild it.
CREATE TABLE read_models (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  computed_at INTEGER NOT NULL,
  body BLOB
);

-- Source rankings carry each source's name and logo: a change to either, or a removed source, makes the stored body
-- stale until it is rebuilt from source_rankings (the scores themselves wait for the next tick).
CREATE TRIGGER sources_update_stales_rankings AFTER UPDATE OF name, logo_url ON sources
WHEN OLD.name IS NOT NEW.name OR OLD.logo_url IS NOT NEW.logo_url BEGIN
  UPDATE read_models SET body = NULL, version = version + 1 WHERE name = 'source_rankings';
END;
CREATE TRIGGER sources_delete_stales_rankings AFTER DELETE ON sources BEGIN
  UPDATE read_models SET body = NULL, version = version + 1 WHERE name = 'source_rankings';
END;

-- Backtest pages walk (ts, id) and test type, cluster, category and source on the index entry: only the rows of the
-- page (and those a keyword or entity filter must read) are fetched. It replaces events_ts, its prefix.
CREATE INDEX events_page ON events(ts, id, type, cluster_id, ${EVENT_CATEGORY}, ${EVENT_SOURCE});
DROP INDEX events_ts;

-- Search looks entities up by name and alias, ASCII case-insensitively (lib/db/sqlite/search-repo.ts).
CREATE INDEX entities_lower_name ON entities(lower(name));
CREATE INDEX entity_aliases_lower_alias ON entity_aliases(lower(alias));
`;
