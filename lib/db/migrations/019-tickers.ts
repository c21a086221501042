// Securities in the news (lib/tickers). An article's tags are written once, by the enrichment transaction: on its
// row as the JSON its payload shows (`tickers_json`) and in `article_tickers` for the `tickers` filter. A story's
// tags are recomputed from its members by the dynamics stage, on its row (`tickers_json`, what story payloads
// show) and in `story_tickers`, which also remembers what the last `ticker.news` of each (story, symbol) said, so
// the 10-minute throttle and the "sentiment or impact class changed" rule hold across restarts and processes.
// `securities` holds an operator's additions to the shipped registry (`lede securities import`).
export const up = /* sql */ `
ALTER TABLE articles ADD COLUMN tickers_json TEXT;
CREATE TABLE article_tickers (
  article_id INTEGER NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
  symbol TEXT NOT NULL,
  confidence REAL NOT NULL,
  sentiment_score REAL NOT NULL,
  PRIMARY KEY (article_id, symbol)
);
CREATE INDEX article_tickers_symbol ON article_tickers(symbol, article_id DESC);

ALTER TABLE stories ADD COLUMN tickers_json TEXT;
CREATE TABLE story_tickers (
  story_id INTEGER NOT NULL,
  symbol TEXT NOT NULL,
  confidence REAL NOT NULL,
  sentiment TEXT NOT NULL,
  sentiment_score REAL NOT NULL,
  impact TEXT NOT NULL,
  impact_score REAL NOT NULL,
  notified_at INTEGER,
  notified_sentiment TEXT,
  notified_impact TEXT,
  PRIMARY KEY (story_id, symbol)
);
CREATE INDEX story_tickers_symbol ON story_tickers(symbol, story_id DESC);

CREATE TABLE securities (
  symbol TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  asset_class TEXT NOT NULL,
  aliases_json TEXT NOT NULL DEFAULT '[]',
  exchange TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT '',
  added_at INTEGER NOT NULL
);
INSERT OR IGNORE INTO sequences (name, next) VALUES ('securities_version', 1);
`;
