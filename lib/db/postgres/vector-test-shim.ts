// A stand-in for pgvector, for tests on a server without it (Debian has no package): `vector` as a domain over
// pgvector's text form and `<=>` as an exact cosine distance in SQL (NaN for a zero vector, as pgvector gives). The
// repository's SQL runs unchanged on it, with exact searches (no HNSW index); the index itself and its recall are
// tested where pgvector exists (vector-repo.test.ts).
import { sql } from "kysely";

import type { PgDb } from "./connect";

export async function installVectorShim(db: PgDb): Promise<void> {
  await sql`
    CREATE DOMAIN vector AS text;
    CREATE FUNCTION shim_cosine_distance(a text, b text) RETURNS float8 LANGUAGE sql IMMUTABLE STRICT AS $$
      SELECT CASE WHEN sum(x * x) = 0 OR sum(y * y) = 0 THEN 'NaN'::float8
        ELSE 1 - sum(x * y) / (sqrt(sum(x * x)) * sqrt(sum(y * y))) END
      FROM unnest(string_to_array(btrim(a, '[]'), ',')::float8[], string_to_array(btrim(b, '[]'), ',')::float8[])
        AS t(x, y)
    $$;
    CREATE OPERATOR <=> (LEFTARG = text, RIGHTARG = text, FUNCTION = shim_cosine_distance);
    CREATE TABLE article_vectors (
      article_id bigint PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
      embedding vector NOT NULL
    );
    CREATE TABLE story_vectors (
      story_id bigint PRIMARY KEY REFERENCES stories(id) ON DELETE CASCADE,
      embedding vector NOT NULL
    );`.execute(db);
}
