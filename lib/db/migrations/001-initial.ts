// Initial schema: every resource of the API contract. Timestamps are integer milliseconds (UTC).
export const up = /* sql */ `
CREATE TABLE sources (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  homepage TEXT NOT NULL DEFAULT '',
  country TEXT,
  language TEXT,
  category TEXT NOT NULL DEFAULT 'world',
  logo_url TEXT,
  description TEXT,
  enabled INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL
);
CREATE INDEX sources_name ON sources(name COLLATE NOCASE);

-- One row per feed URL; health lives here because a source's feeds fail independently.
CREATE TABLE feeds (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
  url TEXT NOT NULL UNIQUE,
  title TEXT,
  category TEXT,
  etag TEXT,
  last_modified TEXT,
  interval_ms INTEGER NOT NULL DEFAULT 900000,
  next_poll_at INTEGER NOT NULL DEFAULT 0,
  last_polled_at INTEGER,
  last_success_at INTEGER,
  last_error TEXT,
  last_error_at INTEGER,
  consecutive_failures INTEGER NOT NULL DEFAULT 0,
  articles_per_day REAL NOT NULL DEFAULT 0,
  last_new_items INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX feeds_due ON feeds(next_poll_at);
CREATE INDEX feeds_source ON feeds(source_id);

CREATE TABLE articles (
  id INTEGER PRIMARY KEY,
  url_hash TEXT NOT NULL UNIQUE,
  url TEXT NOT NULL,
  canonical_url TEXT NOT NULL,
  title TEXT NOT NULL,
  slug TEXT NOT NULL,
  source_id INTEGER NOT NULL REFERENCES sources(id),
  category TEXT NOT NULL,
  language TEXT,
  published_at INTEGER NOT NULL DEFAULT 0,
  discovered_at INTEGER NOT NULL,
  excerpt TEXT,
  image_url TEXT,
  content_status TEXT NOT NULL DEFAULT 'no_content',
  headline_summary TEXT,
  story_id INTEGER,
  duplicate_of INTEGER REFERENCES articles(id),
  embedding_model TEXT
);
CREATE INDEX articles_slug ON articles(slug);
CREATE INDEX articles_discovered ON articles(discovered_at DESC, id DESC);
CREATE INDEX articles_published ON articles(published_at DESC, id DESC);
CREATE INDEX articles_source ON articles(source_id, discovered_at DESC);
CREATE INDEX articles_category ON articles(category, discovered_at DESC);
CREATE INDEX articles_story ON articles(story_id);

-- Imported records keep their own id (the importer's key); several may name one canonical URL.
CREATE TABLE import_records (
  external_id TEXT PRIMARY KEY,
  article_id INTEGER NOT NULL REFERENCES articles(id)
);
CREATE INDEX import_records_article ON import_records(article_id);

CREATE VIRTUAL TABLE articles_fts USING fts5(
  title, excerpt, body, tokenize='porter unicode61 remove_diacritics 2'
);

CREATE TABLE article_content (
  article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
  final_url TEXT,
  extracted_title TEXT,
  text TEXT NOT NULL DEFAULT '',
  image_url TEXT,
  thumb_url TEXT,
  video_url TEXT,
  full_summary TEXT,
  status TEXT NOT NULL,
  error TEXT,
  extracted_at INTEGER
);

CREATE TABLE article_tags (
  article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  score REAL NOT NULL,
  PRIMARY KEY (article_id, tag)
);
CREATE INDEX article_tags_tag ON article_tags(tag);

CREATE VIRTUAL TABLE article_vectors USING vec0(embedding float[1536] distance_metric=cosine);

CREATE TABLE entities (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('person','org','location')),
  subcategory TEXT,
  slug TEXT NOT NULL,
  norm_key TEXT NOT NULL,
  description TEXT,
  image_url TEXT,
  wikidata_id TEXT,
  wikipedia_url TEXT,
  article_count INTEGER NOT NULL DEFAULT 0,
  enriched INTEGER NOT NULL DEFAULT 0,
  UNIQUE (type, norm_key)
);
CREATE INDEX entities_count ON entities(article_count DESC, id DESC);

CREATE TABLE entity_aliases (
  entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  alias TEXT NOT NULL,
  norm TEXT NOT NULL,
  PRIMARY KEY (entity_id, norm)
);
CREATE INDEX entity_aliases_norm ON entity_aliases(norm);

CREATE TABLE article_entities (
  article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  mention_count INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (article_id, entity_id)
);
CREATE INDEX article_entities_entity ON article_entities(entity_id, article_id DESC);

CREATE TABLE entity_relationships (
  id INTEGER PRIMARY KEY,
  source_entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  target_entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  relationship_type TEXT NOT NULL,
  confidence REAL NOT NULL,
  article_count INTEGER NOT NULL DEFAULT 0,
  UNIQUE (source_entity_id, target_entity_id, relationship_type)
);
CREATE INDEX entity_relationships_target ON entity_relationships(target_entity_id);

CREATE TABLE stories (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL,
  headline TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  rich_summary TEXT NOT NULL DEFAULT '',
  image_url TEXT,
  category TEXT NOT NULL,
  article_count INTEGER NOT NULL DEFAULT 0,
  first_seen INTEGER NOT NULL,
  last_updated INTEGER NOT NULL,
  label TEXT,
  priority TEXT NOT NULL DEFAULT 'low',
  velocity REAL NOT NULL DEFAULT 0,
  overall_score REAL NOT NULL DEFAULT 0,
  topic_id INTEGER,
  merged_into INTEGER REFERENCES stories(id),
  embedding_model TEXT
);
CREATE INDEX stories_active ON stories(last_updated DESC) WHERE merged_into IS NULL;
CREATE INDEX stories_velocity ON stories(velocity DESC, id DESC) WHERE merged_into IS NULL;
CREATE INDEX stories_slug ON stories(slug);

CREATE VIRTUAL TABLE story_vectors USING vec0(embedding float[1536] distance_metric=cosine);

-- Why each article joined its story: the scores that decided it (explainability).
CREATE TABLE story_assignments (
  article_id INTEGER PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
  story_id INTEGER NOT NULL,
  assigned_at INTEGER NOT NULL,
  reasons TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX story_assignments_story ON story_assignments(story_id, assigned_at);

CREATE TABLE story_entities (
  story_id INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  entity_id INTEGER NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
  mention_count INTEGER NOT NULL DEFAULT 0,
  first_seen INTEGER NOT NULL,
  PRIMARY KEY (story_id, entity_id)
);
CREATE INDEX story_entities_entity ON story_entities(entity_id);

CREATE TABLE story_headlines (
  story_id INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  headline TEXT NOT NULL,
  changed_at INTEGER NOT NULL
);
CREATE INDEX story_headlines_story ON story_headlines(story_id, changed_at);

CREATE TABLE developments (
  id INTEGER PRIMARY KEY,
  story_id INTEGER NOT NULL REFERENCES stories(id) ON DELETE CASCADE,
  created_at_ms INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  significance TEXT NOT NULL,
  previous_headline TEXT,
  new_headline TEXT,
  trigger_article_hashes TEXT NOT NULL DEFAULT '[]',
  enrichment_seq INTEGER NOT NULL,
  UNIQUE (story_id, enrichment_seq)
);

CREATE TABLE merged_stories (
  old_id INTEGER PRIMARY KEY,
  into_id INTEGER NOT NULL,
  merged_at INTEGER NOT NULL
);

CREATE TABLE topics (
  id INTEGER PRIMARY KEY,
  headline TEXT NOT NULL,
  category TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE source_rankings (
  source_id INTEGER PRIMARY KEY REFERENCES sources(id) ON DELETE CASCADE,
  first_to_cluster_score REAL NOT NULL,
  cluster_frequency_score REAL NOT NULL,
  speed_score REAL NOT NULL,
  topical_authority_score REAL NOT NULL,
  content_diversity_score REAL NOT NULL,
  extraction_success_score REAL NOT NULL,
  neutrality_score REAL NOT NULL,
  sensationalism_score REAL NOT NULL,
  reliability_score REAL NOT NULL,
  overall_score REAL NOT NULL,
  tier TEXT NOT NULL,
  description_one_liner TEXT,
  description_summary TEXT,
  computed_at INTEGER NOT NULL
);

-- The event log: the one record behind the WebSocket feed and backtest replay.
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ts INTEGER NOT NULL,
  type TEXT NOT NULL,
  cluster_id INTEGER NOT NULL DEFAULT 0,
  article_id INTEGER,
  payload TEXT
);
CREATE INDEX events_ts ON events(ts, id);
CREATE INDEX events_cluster ON events(cluster_id, id);

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free','starter','pro','business')),
  is_demo INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT,
  password_hash TEXT,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  created_at INTEGER NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  prefix TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  expires_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_keys_account ON api_keys(account_id);

CREATE TABLE credit_usage (
  account_id INTEGER NOT NULL REFERENCES accounts(id),
  month TEXT NOT NULL,
  used INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, month)
);

CREATE TABLE usage_records (
  id INTEGER PRIMARY KEY,
  key_id TEXT NOT NULL,
  account_id INTEGER NOT NULL,
  ts INTEGER NOT NULL,
  endpoint TEXT NOT NULL,
  status INTEGER NOT NULL,
  bytes INTEGER NOT NULL,
  latency_ms REAL NOT NULL,
  credits INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX usage_records_key_ts ON usage_records(key_id, ts);
`;
