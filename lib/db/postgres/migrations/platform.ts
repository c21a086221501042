import type { PgMigration } from "./index";

/** Migrations of the repositories of versions 10-19: events, accounts, keys, credits, usage, leases, auth, securities. */
export const platformMigrations: PgMigration[] = [
  {
    version: 10,
    name: "platform",
    up: /* sql */ `
-- Version counters and the event log's identity live in sequences (SQLite migrations 019, 023).
INSERT INTO sequences (name, next) VALUES ('event_history_version', 1), ('securities_version', 1)
  ON CONFLICT (name) DO NOTHING;

-- What the backtest filters read of an event (contract §8.4, SQLite's EVENT_CATEGORY, EVENT_SOURCE and the keyword and
-- entity filters of lib/db/sqlite/event-repo.ts), derived from the payload by a trigger whenever it is written, so a
-- page tests category, source, keywords and entities without parsing a payload:
--   category      data.category when it is a string (not on cluster.event, clusters.ranked), else NULL (passes);
--   source_key    on article events, data.source_id as JavaScript's String() writes it ('undefined' when absent,
--                 NULL for arrays and objects); NULL on other events;
--   keyword_text  the title (article events) or headline, else title (story events), lowercased as
--                 String.toLowerCase() does (ICU root locale), when it is a string; NULL otherwise (passes);
--   entity_ids    item.enriched's entity_ids as a JSON array (a scalar as an array of one), else NULL.
ALTER TABLE events ADD COLUMN category text, ADD COLUMN source_key text, ADD COLUMN keyword_text text,
  ADD COLUMN entity_ids jsonb;

CREATE FUNCTION events_derive() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc jsonb;
  data jsonb;
  v jsonb;
BEGIN
  NEW.category := NULL;
  NEW.source_key := NULL;
  NEW.keyword_text := NULL;
  NEW.entity_ids := NULL;
  IF NEW.payload IS NOT NULL THEN
    BEGIN
      doc := NEW.payload::jsonb;
    EXCEPTION WHEN others THEN
      doc := NULL;
    END;
  END IF;
  IF jsonb_typeof(doc) = 'object' THEN
    data := doc -> 'data';
    IF jsonb_typeof(data) <> 'object' THEN
      data := NULL;
    END IF;
  END IF;
  IF NEW.type NOT IN ('cluster.event', 'clusters.ranked') AND jsonb_typeof(data -> 'category') = 'string' THEN
    NEW.category := data ->> 'category';
  END IF;
  IF NEW.type IN ('item.new', 'item.enriched') THEN
    v := data -> 'source_id';
    NEW.source_key := CASE jsonb_typeof(v)
      WHEN 'string' THEN v #>> '{}'
      WHEN 'number' THEN v::text
      WHEN 'boolean' THEN v::text
      WHEN 'null' THEN 'null'
      WHEN 'array' THEN NULL
      WHEN 'object' THEN NULL
      ELSE 'undefined' END;
    v := data -> 'title';
  ELSIF NEW.type NOT IN ('cluster.event', 'clusters.ranked') THEN
    v := data -> 'headline';
    IF v IS NULL OR jsonb_typeof(v) = 'null' THEN
      v := data -> 'title';
    END IF;
  ELSE
    v := NULL;
  END IF;
  IF jsonb_typeof(v) = 'string' THEN
    NEW.keyword_text := lower((v #>> '{}') COLLATE "und-x-icu");
  END IF;
  IF NEW.type = 'item.enriched' AND jsonb_typeof(doc) = 'object' THEN
    v := doc -> 'entity_ids';
    NEW.entity_ids := CASE
      WHEN v IS NULL OR jsonb_typeof(v) IN ('null', 'object') THEN NULL
      WHEN jsonb_typeof(v) = 'array' THEN v
      ELSE jsonb_build_array(v) END;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER events_derive BEFORE INSERT OR UPDATE OF payload, type ON events
  FOR EACH ROW EXECUTE FUNCTION events_derive();
-- Events already logged (none on a fresh database) get their columns.
UPDATE events SET type = type;

-- Backtest pages walk (ts, id) and test type, cluster, category and source on the index entry.
CREATE INDEX events_page ON events (ts, id, type, cluster_id, category, source_key);

-- The event history version (SQLite migration 023): moves when the past of the log changes (events deleted, a
-- logged payload rewritten, an event logged with a time more than a minute past), once per statement, in the
-- writing transaction, so no reader sees it move before the change it announces is committed.
CREATE FUNCTION events_history_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows) THEN
    UPDATE sequences SET next = next + 1 WHERE name = 'event_history_version';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER events_history_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION events_history_delete();

CREATE FUNCTION events_history_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_rows WHERE payload IS NOT NULL) THEN
    UPDATE sequences SET next = next + 1 WHERE name = 'event_history_version';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER events_history_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION events_history_update();

CREATE FUNCTION events_history_backfill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows
             WHERE ts < floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint - 60000) THEN
    UPDATE sequences SET next = next + 1 WHERE name = 'event_history_version';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER events_history_backfill AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION events_history_backfill();

-- The securities version (SQLite migration 019's counter, bumped there by the repository): moves with every statement
-- that writes the table (an upsert fires both the INSERT and the UPDATE statement triggers: it moves by two).
CREATE FUNCTION securities_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'securities_version';
  RETURN NULL;
END $$;
CREATE TRIGGER securities_version AFTER INSERT OR UPDATE OR DELETE ON securities
  FOR EACH STATEMENT EXECUTE FUNCTION securities_version();
`,
  },
];
