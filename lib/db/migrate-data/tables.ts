/**
 * What `lede migrate-data` copies, in an order that satisfies the PostgreSQL schema's foreign keys: a table comes
 * after every table it references. Each table is read from SQLite in key order (`key`: its rowid, which is the id of
 * an INTEGER PRIMARY KEY table and the insertion order of the others, so identity columns such as
 * `import_records.seq` and `entity_aliases.seq` are filled in the order SQLite reads them back), in batches.
 *
 * Not copied: leases (a running process's claims), `vector_changes` and the FTS5/sqlite-vec shadow tables (SQLite's
 * own index bookkeeping: PostgreSQL fills `articles.fts` and its indexes itself), `schema_migrations` (each backend
 * has its own), `sqlite_sequence` (read for the event id high-water mark).
 */
export interface CopiedTable {
  name: string;
  /** The column a batch is ordered and resumed by; `rowid` unless the table has none (WITHOUT ROWID). */
  key: string;
  /** A column referencing the same table, possibly a later row: written NULL first, set once the table is copied. */
  selfRef?: string;
  /** sqlite-vec table copied into a pgvector table (see `vectorTables`). */
  vector?: { target: string; targetId: string; parent: string };
}

export const COPIED_TABLES: CopiedTable[] = [
  { name: "sources", key: "rowid" },
  { name: "feeds", key: "rowid" },
  { name: "securities", key: "rowid" },
  { name: "accounts", key: "rowid" },
  { name: "users", key: "rowid" },
  { name: "api_keys", key: "rowid" },
  { name: "credit_usage", key: "rowid" },
  { name: "usage_records", key: "rowid" },
  { name: "email_verifications", key: "rowid" },
  { name: "password_resets", key: "rowid" },
  { name: "sign_in_throttle", key: "key" },
  { name: "articles", key: "rowid", selfRef: "duplicate_of" },
  { name: "import_records", key: "rowid" },
  { name: "article_content", key: "rowid" },
  { name: "article_tags", key: "rowid" },
  { name: "article_lsh", key: "rowid" },
  { name: "article_tickers", key: "rowid" },
  { name: "entities", key: "rowid" },
  { name: "entity_aliases", key: "rowid" },
  { name: "article_entities", key: "rowid" },
  { name: "entity_relationships", key: "rowid" },
  { name: "topics", key: "rowid" },
  { name: "stories", key: "rowid", selfRef: "merged_into" },
  { name: "story_assignments", key: "rowid" },
  { name: "story_entities", key: "rowid" },
  { name: "story_headlines", key: "rowid" },
  { name: "developments", key: "rowid" },
  { name: "merged_stories", key: "rowid" },
  { name: "story_tickers", key: "rowid" },
  { name: "source_rankings", key: "rowid" },
  { name: "read_models", key: "rowid" },
  { name: "events", key: "rowid" },
  {
    name: "article_vectors",
    key: "rowid",
    vector: { target: "article_vectors", targetId: "article_id", parent: "articles" },
  },
  {
    name: "story_vectors",
    key: "rowid",
    vector: { target: "story_vectors", targetId: "story_id", parent: "stories" },
  },
];

/** The tables whose rows make a target "not empty" (every copied table; `sequences` is filled by migrations). */
export const TARGET_TABLES = COPIED_TABLES.map((t) => t.vector?.target ?? t.name);
