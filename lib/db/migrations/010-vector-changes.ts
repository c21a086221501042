// Every write to article_vectors or story_vectors appends the id it touched to `vector_changes`, in the same
// transaction (lib/db/sqlite/vector-writes.ts). The approximate index each process keeps beside the database
// (lib/db/sqlite/vector-index/) replays the entries after its high-water mark before it answers, so it sees
// inserts, re-embeddings, centroid updates and deletions by any process sharing the file. vec0 tables are virtual
// and cannot carry triggers, hence a log the writers keep. AUTOINCREMENT so a pruned sequence number is never reused.
//
// The vec0 tables are rebuilt with 32 vectors a chunk instead of the default 1,024. The index rescores its
// candidates from them one row at a time, and vec0 keeps a chunk's vectors in one blob: reading a row at an offset
// walks the blob's overflow pages, ~1,500 of them in a 6 MB chunk (about 1 ms a row once the file outgrows the
// page cache, 12 µs with 32-vector chunks, 100k vectors). A full KNN scan costs about the same either way.
// vec0 cannot be renamed, so the vectors go through a plain table.
export const up = /* sql */ `
CREATE TABLE vector_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('article','story')),
  item_id INTEGER NOT NULL
);

CREATE TABLE vector_copy (kind TEXT NOT NULL, id INTEGER NOT NULL, embedding BLOB NOT NULL);
INSERT INTO vector_copy SELECT 'article', rowid, embedding FROM article_vectors;
INSERT INTO vector_copy SELECT 'story', rowid, embedding FROM story_vectors;
DROP TABLE article_vectors;
DROP TABLE story_vectors;
CREATE VIRTUAL TABLE article_vectors USING vec0(embedding float[1536] distance_metric=cosine, chunk_size=32);
CREATE VIRTUAL TABLE story_vectors USING vec0(embedding float[1536] distance_metric=cosine, chunk_size=32);
INSERT INTO article_vectors (rowid, embedding) SELECT id, embedding FROM vector_copy WHERE kind = 'article' ORDER BY id;
INSERT INTO story_vectors (rowid, embedding) SELECT id, embedding FROM vector_copy WHERE kind = 'story' ORDER BY id;
DROP TABLE vector_copy;
`;
