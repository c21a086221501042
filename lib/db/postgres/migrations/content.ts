import type { PgMigration } from "./index";

/**
 * A version counter of `sequences` bumped once per statement that writes its table (not once per row): the bump
 * takes the counter row's lock until the writing transaction ends, so a reader never sees the counter move before
 * the write it announces is committed (SQLite: the triggers of migration 022).
 */
const versioned = (table: string, name: string) => /* sql */ `
INSERT INTO sequences (name, next) VALUES ('${name}', 0) ON CONFLICT (name) DO NOTHING;
CREATE FUNCTION lede_bump_${name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = '${name}';
  RETURN NULL;
END $$;
CREATE TRIGGER ${table}_version AFTER INSERT OR UPDATE OR DELETE ON ${table}
  FOR EACH STATEMENT EXECUTE FUNCTION lede_bump_${name}();
`;

/** Migrations of the repositories of versions 20-29: sources, articles, content, enrichment, entities, search. */
export const contentMigrations: PgMigration[] = [
  {
    version: 20,
    name: "content: full-text search, title trigrams, source counts, versions",
    up: /* sql */ `
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Full-text search as SQLite's FTS5 table articles_fts (porter, unicode61, remove_diacritics) has it: words are
-- runs of letters and digits (lede_search_words cuts the rest, as unicode61 does), diacritics removed (unaccent),
-- English stemming (snowball) and no stop words (FTS5 drops none). Title weighs A, excerpt B, extracted text C.
CREATE TEXT SEARCH DICTIONARY lede_stem (TEMPLATE = snowball, LANGUAGE = english);
CREATE TEXT SEARCH CONFIGURATION lede_search (COPY = english);
ALTER TEXT SEARCH CONFIGURATION lede_search ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword,
  hword_part, numword, numhword, hword_numpart WITH unaccent, lede_stem;

CREATE FUNCTION lede_search_words(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(coalesce(t, '') COLLATE "und-x-icu", '[^[:alnum:]]+', ' ', 'g')
$$;
CREATE FUNCTION lede_article_fts(title text, excerpt text, body text) RETURNS tsvector LANGUAGE sql IMMUTABLE
PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('lede_search'::regconfig, lede_search_words(title)), 'A')
    || setweight(to_tsvector('lede_search'::regconfig, lede_search_words(excerpt)), 'B')
    || setweight(to_tsvector('lede_search'::regconfig, lede_search_words(body)), 'C')
$$;

-- The extracted text joins the vector when content is saved (ContentRepo.save), as SQLite sets articles_fts.body.
ALTER TABLE articles ADD COLUMN fts tsvector;
CREATE FUNCTION lede_articles_fts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.fts := coalesce(NEW.fts, lede_article_fts(NEW.title, NEW.excerpt, ''));
  ELSE
    NEW.fts := lede_article_fts(NEW.title, NEW.excerpt, coalesce(
      (SELECT c.text FROM article_content c WHERE c.article_id = NEW.id AND c.status = 'has_content'), ''));
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER articles_fts BEFORE INSERT OR UPDATE OF title, excerpt ON articles
  FOR EACH ROW EXECUTE FUNCTION lede_articles_fts();
CREATE INDEX articles_fts ON articles USING gin (fts);

-- Title substrings (SQLite migration 011's trigram table): Unicode lower case whatever the database's locale.
CREATE INDEX articles_title_trgm ON articles USING gin (lower(title COLLATE "und-x-icu") gin_trgm_ops);

-- Sources' article counts (SQLite migration 016), once per statement and source, in source id order.
CREATE FUNCTION lede_sources_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sources s SET article_count = s.article_count + d.n
  FROM (SELECT source_id, COUNT(*) AS n FROM new_rows GROUP BY source_id) d WHERE s.id = d.source_id;
  RETURN NULL;
END $$;
CREATE FUNCTION lede_sources_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sources s SET article_count = s.article_count - d.n
  FROM (SELECT source_id, COUNT(*) AS n FROM old_rows GROUP BY source_id) d WHERE s.id = d.source_id;
  RETURN NULL;
END $$;
CREATE FUNCTION lede_sources_count_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sources s SET article_count = s.article_count + d.n
  FROM (SELECT source_id, SUM(n) AS n FROM (
          SELECT source_id, COUNT(*) AS n FROM new_rows GROUP BY source_id
          UNION ALL SELECT source_id, -COUNT(*) FROM old_rows GROUP BY source_id) x
        GROUP BY source_id HAVING SUM(n) <> 0) d
  WHERE s.id = d.source_id;
  RETURN NULL;
END $$;
CREATE TRIGGER articles_source_count_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lede_sources_count_insert();
CREATE TRIGGER articles_source_count_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lede_sources_count_delete();
CREATE TRIGGER articles_source_count_move AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lede_sources_count_move();

-- Imported records in the order they were stored (SQLite reads them in rowid order).
ALTER TABLE import_records ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
-- Aliases in the order they were first seen (SQLite: rowid order).
ALTER TABLE entity_aliases ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;

-- Catch-up enrichment claims (EnrichmentRepo.due): an article handed to one worker is not handed to another until
-- the claim expires (a worker that dies leaves it due again then); the enrichment's commit removes it.
CREATE TABLE enrichment_claims (
  article_id bigint PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
  until bigint NOT NULL
);

-- An entity mention carries its article's times, for the entity's article pages (SQLite migration 015).
CREATE FUNCTION lede_article_entities_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.published_at, a.discovered_at INTO NEW.published_at, NEW.discovered_at
  FROM articles a WHERE a.id = NEW.article_id;
  RETURN NEW;
END $$;
CREATE TRIGGER article_entities_times BEFORE INSERT ON article_entities
  FOR EACH ROW EXECUTE FUNCTION lede_article_entities_times();

${versioned("articles", "article_version")}
${versioned("entities", "entity_version")}
`,
  },
];
