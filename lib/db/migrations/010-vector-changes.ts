// Every write to article_vectors or story_vectors appends the id it touched here, in the same transaction
// (lib/db/sqlite/vector-writes.ts). The approximate index each process keeps beside the database
// (lib/db/sqlite/vector-index/) replays the entries after its high-water mark before it answers, so it sees
// inserts, re-embeddings, centroid updates and deletions by any process sharing the file. vec0 tables are virtual
// and cannot carry triggers, hence a log the writers keep. AUTOINCREMENT so a pruned sequence number is never reused.
export const up = /* sql */ `
CREATE TABLE vector_changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('article','story')),
  item_id INTEGER NOT NULL
);
`;
