import type { PgMigration } from "./index";

/**
 * Version counters of the story tables, as SQLite migrations 002 and 008 keep them: `story` is the next story id
 * (`StoryRepo.reserveIds` takes a range of it under the row's lock), `story_version` moves on every write to
 * `stories`. The counter moves in the writing transaction (a statement trigger, once per statement, not per row), so
 * a reader never sees it move before the write it announces is committed; every transaction writing stories waits
 * on this one row until it commits, which is the order the embedded store had (one writer).
 */
const storyCounters: PgMigration = {
  version: 30,
  name: "story counters",
  up: `
INSERT INTO sequences (name, next) SELECT 'story', COALESCE(MAX(id), 0) + 1 FROM stories ON CONFLICT (name) DO NOTHING;
INSERT INTO sequences (name, next) VALUES ('story_version', 1) ON CONFLICT (name) DO NOTHING;

CREATE FUNCTION stories_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'story_version';
  RETURN NULL;
END $$;
CREATE TRIGGER stories_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stories
  FOR EACH STATEMENT EXECUTE FUNCTION stories_bump_version();
`,
};

/**
 * SQLite migration 009: the stored GET /v1/source-rankings body carries each ranked source's name and logo, so a
 * change to either, or a removed source, makes it stale (body NULL, version moved) until it is rebuilt.
 */
const rankingBodyStaleness: PgMigration = {
  version: 31,
  name: "source rankings body staleness",
  up: `
CREATE FUNCTION sources_stale_rankings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE read_models SET body = NULL, version = version + 1 WHERE name = 'source_rankings';
  RETURN NULL;
END $$;
CREATE TRIGGER sources_update_stales_rankings AFTER UPDATE OF name, logo_url ON sources
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.logo_url IS DISTINCT FROM NEW.logo_url)
  EXECUTE FUNCTION sources_stale_rankings();
CREATE TRIGGER sources_delete_stales_rankings AFTER DELETE ON sources
  FOR EACH ROW EXECUTE FUNCTION sources_stale_rankings();
`,
};

/** Migrations of the repositories of versions 30-39: stories, dynamics, rankings, topics, vectors. */
export const storyMigrations: PgMigration[] = [storyCounters, rankingBodyStaleness];

/** The error a database without pgvector gives when the vector tables are asked for. */
export const PGVECTOR_MISSING =
  'the PostgreSQL extension pgvector ("vector") is not installed on this server: install pgvector ' +
  "(every managed PostgreSQL offers it; on Debian/Ubuntu the postgresql-<version>-pgvector package) and restart Lede";

/**
 * Article and story vectors (pgvector): 1536 dimensions, HNSW indexes with cosine distance. Not in
 * `storyMigrations`: it is applied by `ensureVectorSchema` (lib/db/postgres/vector-schema.ts) when the store opens,
 * so the other repositories' schema (and their tests) never depend on the extension, and a server without it gives
 * the error above instead of a missing type.
 */
export const vectorMigration: PgMigration = {
  version: 39,
  name: "vectors (pgvector)",
  up: `
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') THEN
    RAISE EXCEPTION USING MESSAGE = '${PGVECTOR_MISSING}';
  END IF;
END $$;
CREATE EXTENSION IF NOT EXISTS vector;
CREATE TABLE article_vectors (
  article_id bigint PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
  embedding vector(1536) NOT NULL
);
CREATE TABLE story_vectors (
  story_id bigint PRIMARY KEY REFERENCES stories(id) ON DELETE CASCADE,
  embedding vector(1536) NOT NULL
);
CREATE INDEX article_vectors_hnsw ON article_vectors USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 128);
CREATE INDEX story_vectors_hnsw ON story_vectors USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 128);
`,
};
