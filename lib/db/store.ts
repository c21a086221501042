// Repository interfaces: domain code talks to these, never to SQL. Each method that writes several rows is
// atomic on its own, so domain code never holds a transaction open across an await. The SQLite
// implementation sits in ./sqlite; a PostgreSQL one can be added beside it.
import type { Security } from "../tickers/registry";
import type { ScoredTicker, TickerNotice } from "../tickers/story-tickers";
import type { ArticleTicker } from "../tickers/tag-article";
import type {
  Account,
  ApiKey,
  Article,
  ContentStatus,
  EventDraft,
  Feed,
  NewArticle,
  NewSource,
  Plan,
  Source,
  StoredEvent,
  UsageRecord,
  User,
} from "./types";

export interface FeedHealthUpdate {
  ok: boolean;
  at: number;
  nextPollAt: number;
  intervalMs: number;
  etag?: string | null;
  lastModified?: string | null;
  error?: string;
  newItems?: number;
  articlesPerDay?: number;
}

export interface SourceRepo {
  /** Inserts or returns the source with this slug (existing rows are left as they are). */
  ensure(source: NewSource): Promise<Source>;
  addFeed(
    sourceId: number,
    url: string,
    opts?: { title?: string | null; category?: string | null },
  ): Promise<Feed>;
  get(idOrSlug: number | string): Promise<Source | null>;
  /** Sets the given profile fields of a source (registry refresh, or what its feed says of itself). */
  updateProfile(
    sourceId: number,
    patch: Partial<Pick<Source, "name" | "homepage" | "logoUrl" | "language" | "country">>,
  ): Promise<void>;
  findByName(name: string): Promise<Source | null>;
  list(): Promise<Array<Source & { articleCount: number }>>;
  feeds(sourceId?: number): Promise<Feed[]>;
  dueFeeds(now: number, limit: number): Promise<Array<Feed & { source: Source }>>;
  /**
   * Takes a due feed for one poll: true for exactly one of several workers asking at once (its next poll moves to
   * `until`, so the others skip it, and a worker that dies mid-poll leaves it due again then); false when it is no
   * longer due. The poll's result sets its real next poll time (`recordPoll`).
   */
  claimFeed(feedId: number, now: number, until: number): Promise<boolean>;
  recordPoll(feedId: number, update: FeedHealthUpdate): Promise<void>;
  count(): Promise<number>;
}

export interface ArticleListQuery {
  limit: number;
  offset: number;
  category?: string;
  keyword?: string;
  sourceIds?: number[];
  contentStatus?: string;
  dateFrom?: number;
  dateTo?: number;
  /** Symbols (upper case): articles tagged with any of them. */
  tickers?: string[];
  sortBy: "discovered" | "published";
  sortOrder: "asc" | "desc";
}

export interface IngestResult {
  /** Articles stored by this call, in input order. */
  inserted: Article[];
  /** Inputs whose canonical URL was already stored (the existing article). */
  existing: Article[];
}

/** Near-duplicate linking inside `ArticleRepo.ingest`; `lib/dedup` builds it. */
export interface NearDuplicateCheck {
  /** Only articles within this distance of the new one's time are candidates. */
  windowMs: number;
  /** The article's LSH keys (none: it is neither indexed nor checked). */
  keys(a: NewArticle): number[];
  /** Whether a stored candidate sharing a key is the same text (a syndicated copy), not only the same topic. */
  same(a: NewArticle, candidate: { title: string; excerpt: string | null }): boolean;
}

export interface ArticleRepo {
  /** A counter that moves on every write to any article, by any process: serialised item pages are kept until it moves. */
  version(): Promise<number>;
  /**
   * Stores the articles that are new by url_hash and appends one event per new article, in one transaction:
   * an article is never stored without its `item.new`, nor announced twice. With `nearDuplicates`, a new
   * article that repeats a recent one's text gets `duplicateOf` = that article (or the one it copies).
   */
  ingest(
    articles: NewArticle[],
    event: (a: Article) => EventDraft,
    nearDuplicates?: NearDuplicateCheck,
  ): Promise<IngestResult>;
  /** Drops near-duplicate index entries of articles older than `before`; returns how many went. */
  pruneNearDuplicateIndex(before: number): Promise<number>;
  getByHash(urlHash: string): Promise<Article | null>;
  getBySlug(slug: string): Promise<Article | null>;
  list(q: ArticleListQuery): Promise<{ items: Article[]; total: number }>;
  count(): Promise<number>;
  /** Imported records already stored, among these external ids. */
  knownExternalIds(ids: string[]): Promise<Set<string>>;
  /** One row per imported record (its external id) and per other article (external id null). */
  exportAssignments(): AsyncIterable<{ externalId: string | null; urlHash: string; storyId: number | null }>;
}

/** An article's extracted page (table article_content). */
export interface ArticleContentRecord {
  articleId: number;
  finalUrl: string | null;
  extractedTitle: string | null;
  text: string;
  imageUrl: string | null;
  thumbUrl: string | null;
  videoUrl: string | null;
  fullSummary: string | null;
  status: ContentStatus;
  /** Why the last attempt failed, for operators; never served. */
  error: string | null;
  /** When the last extraction attempt finished (also for `failed`, to pace retries). */
  extractedAt: number | null;
}

export type ContentSave = Omit<ArticleContentRecord, "fullSummary">;

export interface ContentRepo {
  get(articleId: number): Promise<ArticleContentRecord | null>;
  /**
   * Stores an extraction result and, in the same transaction, sets the article's `content_status`, fills its
   * image when it has none and puts the text in the search index. A stored full summary is kept.
   */
  save(content: ContentSave): Promise<void>;
  /** The article's tags, highest score first. */
  tags(articleId: number): Promise<Array<{ tag: string; score: number }>>;
}

export interface EventRangeQuery {
  from: number;
  to: number;
  types: string[];
  clusterId?: number;
  /** Resume after this event (ordered by ts, then id). */
  after?: { ts: number; id: number };
  limit: number;
  /**
   * Content filters (contract §8.4), applied in SQL with exactly the live feed's semantics (`matchesFilters` in
   * lib/events/filters.ts): events without the field a filter reads pass it. Entries as `compileFilters` gives them
   * (categories, sources and keywords lowercased).
   */
  categories?: string[];
  /** Decimal source ids or slugs, tested on article events. */
  sources?: string[];
  /** Tested on titles and headlines, case-insensitively. */
  keywords?: string[];
  /** Entity ids, tested on item.enriched. */
  entities?: number[];
  /** Article events (item.new, item.enriched) of these articles only; other events are not restricted. */
  articleIds?: number[];
}

/** One event as logged: its broadcast message kept as the JSON text it was stored as. */
export interface LoggedEvent {
  id: number;
  ts: number;
  type: string;
  clusterId: number;
  articleId: number | null;
  payloadJson: string | null;
}

export interface EventRepo {
  /**
   * A counter that moves when the past of the log changes (events pruned, a payload rewritten, an event logged
   * with a time already past), by any process: pages of ended windows are kept until it moves.
   */
  historyVersion(): Promise<number>;
  /** Events with `from ≤ ts ≤ to` of the given types that pass the filters, in (ts, id) order. */
  range(q: EventRangeQuery): Promise<LoggedEvent[]>;
  get(id: number): Promise<StoredEvent | null>;
  append(draft: EventDraft): Promise<StoredEvent>;
  /** Events with id > afterId, oldest first. */
  after(afterId: number, limit: number): Promise<StoredEvent[]>;
  lastId(): Promise<number>;
  /** Deletes events older than `before` in batches (pausing `pauseMs` between them); returns how many went. */
  prune(before: number, batch: number, pauseMs?: number): Promise<number>;
  /** The stored embeddings of these articles (those that have one), for article events. */
  articleVectors(articleIds: number[]): Promise<Map<number, ArticleVector>>;
  /** A stable identity of this event log, shared by every process using the same database. */
  logId(): Promise<string>;
  /**
   * How this store's connection times the events it appends from now on: "emit" (the append time, never going
   * back; the default) or "producer" (each draft's own time, for a historical import). Returns the previous mode.
   */
  setTimeMode(mode: "emit" | "producer"): "emit" | "producer";
}

export interface ArticleVector {
  vector: Float32Array;
  model: string | null;
}

export interface AccountRepo {
  createWithUser(input: {
    email: string;
    name?: string | null;
    plan: Plan;
    passwordHash?: string | null;
    emailVerifiedAt?: number | null;
  }): Promise<{
    account: Account;
    user: User;
  }>;
  findUserByEmail(email: string): Promise<User | null>;
  /** Marks the user's email verified (keeps the first time it was). */
  markEmailVerified(userId: number, at: number): Promise<void>;
  get(accountId: number): Promise<Account | null>;
  setPlan(accountId: number, plan: Plan): Promise<void>;
  ensureDemoAccount(): Promise<Account>;
  getUser(userId: number): Promise<User | null>;
  /** Every account with its users' emails and live key count, oldest first (operator listing). */
  listAccounts(): Promise<AccountSummary[]>;
}

/** A link sent to an email: a pending sign-up (`userId` null) or the verification of an existing user. */
export interface EmailVerification {
  /** SHA-256 (hex) of the link's token. */
  tokenHash: string;
  email: string;
  userId: number | null;
  /** A pending sign-up's name and password hash, applied when its link is opened. */
  name: string | null;
  passwordHash: string | null;
  createdAt: number;
  expiresAt: number;
}

export type VerificationOutcome =
  | { status: "verified"; user: User; created: boolean }
  /** Unknown, already used or expired. */
  | { status: "invalid" }
  /** A pending sign-up whose email got an account by another way meanwhile. */
  | { status: "email_taken" };

export interface EmailVerificationRepo {
  /** Stores a link (and forgets expired ones). */
  insert(v: EmailVerification): Promise<void>;
  /** Links sent to this email since `since`. */
  countSince(email: string, since: number): Promise<number>;
  /**
   * Uses a link once, atomically: verifies its user, or creates the pending sign-up's account and user (verified),
   * then drops every other pending sign-up for the email.
   */
  consume(tokenHash: string, now: number): Promise<VerificationOutcome>;
}

export interface AccountSummary {
  account: Account;
  emails: string[];
  activeKeys: number;
}

export interface KeyRepo {
  insert(key: Omit<ApiKey, "lastUsedAt" | "revokedAt">): Promise<void>;
  findByHash(hash: string): Promise<(ApiKey & { account: Account }) | null>;
  list(accountId: number): Promise<ApiKey[]>;
  revoke(accountId: number, keyId: string, at: number): Promise<boolean>;
  touch(keyIds: Map<string, number>): Promise<void>;
  get(accountId: number, keyId: string): Promise<ApiKey | null>;
  /**
   * Atomically inserts `next` and makes the old key expire at `oldExpiresAt` (never later than an expiry it
   * already has). Returns false, inserting nothing, when the old key is not a live key of this account.
   */
  rotate(
    accountId: number,
    oldKeyId: string,
    next: Omit<ApiKey, "lastUsedAt" | "revokedAt">,
    oldExpiresAt: number,
  ): Promise<boolean>;
}

export interface CreditRepo {
  /** Atomically adds `cost` if the total stays within `ceiling`; returns the new total, or null if refused. */
  reserve(accountId: number, month: string, cost: number, ceiling: number): Promise<number | null>;
  refund(accountId: number, month: string, cost: number): Promise<void>;
  used(accountId: number, month: string): Promise<number>;
}

export interface StoryUpsert {
  id: number;
  headline: string;
  category: string;
  articleCount: number;
  firstSeen: number;
  lastUpdated: number;
}

/** One batch of clustering results, written atomically. */
export interface ClusteringBatch {
  stories: StoryUpsert[];
  /** Articles placed in a story (new arrivals, or members moved by a merge). */
  memberships: Array<{ articleId: number; storyId: number }>;
  /** Why each new arrival went where it did: the story it joined at arrival, kept as is when stories merge later. */
  assignments: Array<{ articleId: number; storyId: number; at: number; reasons: Record<string, unknown> }>;
  merges: Array<{ goneId: number; intoId: number; at: number }>;
  events: EventDraft[];
}

export interface LiveStory {
  id: number;
  headline: string;
  category: string;
  members: Array<{
    articleId: number;
    title: string;
    url: string;
    excerpt: string | null;
    category: string;
    time: number;
    /** The enrichment stage's entities, as `type:key` joined by U+001F (null when none). */
    names: string | null;
  }>;
}

export interface StoryRecord {
  id: number;
  slug: string;
  headline: string;
  summary: string;
  richSummary: string;
  imageUrl: string | null;
  category: string;
  articleCount: number;
  firstSeen: number;
  lastUpdated: number;
  label: string | null;
  mergedInto: number | null;
  /** Source names, most articles first, at most 20 (contract §6.2). */
  sources: string[];
  /** Distinct sources of all the story's articles: the count to show, never `sources.length`. */
  sourceCount: number;
  /** Entities most mentioned in the story's articles, at most 10. */
  topEntities: Array<{ name: string; type: string }>;
  /** The securities the story concerns (lib/tickers), most confident first. */
  tickers?: ScoredTicker[];
}

export interface DevelopmentRecord {
  id: number;
  storyId: number;
  createdAtMs: number;
  title: string;
  description: string;
  significance: string;
  previousHeadline: string | null;
  newHeadline: string | null;
  triggerArticleHashes: string[];
  enrichmentSeq: number;
}

/** What the story-dynamics stage reads of a story (lib/stories/dynamics). */
export interface DynamicsSnapshot {
  id: number;
  headline: string;
  category: string;
  firstSeen: number;
  lastUpdated: number;
  priority: string;
  velocity: number;
  velocityAt: number;
  lastDevelopmentAt: number | null;
  devState: Record<string, unknown> | null;
  members: Array<{
    articleId: number;
    urlHash: string;
    title: string;
    time: number;
    sourceId: number;
    /** The source's name, to read its credit off the title. */
    sourceName?: string;
    duplicateOf: number | null;
    /** The source's overall ranking score, when rankings exist. */
    authority: number | undefined;
    /** The securities this member concerns (lib/tickers), when tagged. */
    tickers?: ArticleTicker[] | null;
  }>;
  entities: Array<{ id: number; name: string; mentions: number }>;
  /** What the last `ticker.news` of each of the story's tickers said. */
  tickerNotices?: TickerNotice[];
}

export interface DynamicsUpdate {
  id: number;
  sourceCount: number;
  velocity: number;
  velocityAt: number;
  acceleration: number;
  relevance: number;
  priority: string;
  label: string | null;
  devState: Record<string, unknown>;
  lastDevelopmentAt: number | null;
}

export interface DynamicsBatch {
  updates: DynamicsUpdate[];
  /** New developments; each event is built once the development has its id. */
  developments: Array<{
    storyId: number;
    development: Omit<DevelopmentRecord, "id" | "storyId">;
    event: (developmentId: number) => EventDraft;
  }>;
  events: EventDraft[];
  /**
   * Stories whose securities were recomputed: the full list replaces the stored one; `notified` are the symbols a
   * `ticker.news` (among `events`) announced at `at`.
   */
  tickers?: Array<{ storyId: number; tickers: ScoredTicker[]; notified: string[]; at: number }>;
}

/** A live story's rank inputs. */
export interface RankedStory extends StoryRecord {
  priority: string;
  velocity: number;
  velocityAt: number;
  relevance: number;
  overallScore: number;
  lastDevelopmentAt: number | null;
  firstSeenAt: number;
}

export interface StoryDynamicsRepo {
  snapshots(storyIds: number[]): Promise<DynamicsSnapshot[]>;
  apply(batch: DynamicsBatch): Promise<void>;
  /** Stories above `low` priority (their velocity decays between arrivals). */
  elevated(): Promise<RankedStory[]>;
  /**
   * Top stories by overall score (relevance × recency) at `now`, among those updated since `since` (and, with
   * `tickers`, carrying any of those symbols, upper case).
   */
  ranked(q: { now: number; since: number; limit: number; tickers?: string[] }): Promise<RankedStory[]>;
  /** The last `clusters.ranked` event: its time and ranked story ids. */
  lastRanking(): Promise<{ ts: number; ids: number[] } | null>;
}

/** A story's history split at a point in time (for `/v1/stories/{id}/updates`). */
export interface StoryHistory {
  baselineCount: number;
  /** Members added (discovered) after the point, newest first. */
  newArticles: Array<{ urlHash: string; title: string; sourceName: string; publishedAt: number }>;
  newSources: string[];
  newEntities: string[];
  headlineChanged: boolean;
  developmentSignificances: string[];
  /** New priorities of the story's priority rises after the point. */
  priorityRises: string[];
}

export interface StoredSourceRanking {
  sourceId: number;
  sourceName: string;
  logoUrl: string | null;
  firstToCluster: number;
  clusterFrequency: number;
  speed: number;
  topicalAuthority: number;
  contentDiversity: number;
  extractionSuccess: number;
  neutrality: number;
  sensationalism: number;
  reliability: number;
  overall: number;
  tier: string;
  oneLiner: string | null;
  summary: string | null;
}

/** What the sources table sorts on: a source's name or article count, or a stored ranking field. */
export type SourceSortKey =
  | "name"
  | "articles"
  | "tier"
  | Exclude<
      keyof StoredSourceRanking,
      "sourceId" | "sourceName" | "logoUrl" | "tier" | "oneLiner" | "summary"
    >;

export interface SourcePageQuery {
  /** Part of the name or slug (case-insensitive); empty filters nothing. */
  search?: string;
  sort: SourceSortKey;
  desc: boolean;
  limit: number;
  offset: number;
}

export interface SourcePage {
  rows: Array<{ source: Source & { articleCount: number }; ranking: StoredSourceRanking | null }>;
  /** Sources matching the search. */
  total: number;
  /** Ranked sources matching the search: on a ranking sort they come first, the rest follow by name. */
  ranked: number;
  /** Ranked sources, search or not. */
  allRanked: number;
}

export interface RankingRepo {
  /** Sources with feed health, and articles since `since` with their story, duplicate flag and extraction status. */
  inputs(since: number): Promise<{
    sources: Array<{
      id: number;
      name: string;
      logoUrl: string | null;
      category: string;
      consecutiveFailures: number;
      everSucceeded: boolean;
    }>;
    articles: Array<{
      sourceId: number;
      storyId: number | null;
      category: string;
      time: number;
      title: string;
      duplicate: boolean;
      contentStatus: string | null;
    }>;
  }>;
  /** Replaces the stored rankings and, in the same transaction, their serialised response body. */
  save(rankings: StoredSourceRanking[], at: number, body: Buffer): Promise<void>;
  /** Stored rankings, best first. */
  list(): Promise<StoredSourceRanking[]>;
  /** One page of every source with its ranking (null: not ranked), filtered and sorted as asked. */
  sourcePage(q: SourcePageQuery): Promise<SourcePage>;
  latestArticleTime(): Promise<number>;
  /**
   * The version of the stored body: it moves on every write, in every process sharing the database. Null before
   * any body was stored.
   */
  bodyVersion(): Promise<number | null>;
  /** The stored body with its version; `body` is null once it went stale (a ranked source renamed or removed). */
  body(): Promise<{ version: number; computedAt: number; body: Buffer | null } | null>;
  /** Stores a rebuilt body if the stored one is still the stale `version`; returns whether it did. */
  replaceStaleBody(version: number, body: Buffer): Promise<boolean>;
}

export interface TopicRepo {
  /** Stories not merged away, updated since `since`, with member headlines and entities. */
  inputs(since: number): Promise<
    Array<{
      id: number;
      headline: string;
      category: string;
      articleCount: number;
      firstSeen: number;
      lastUpdated: number;
      titles: string[];
      entityIds: number[];
    }>
  >;
  /** The current topics with their stories. */
  current(): Promise<Array<{ id: number; headline: string; category: string; storyIds: number[] }>>;
  /** Replaces the topics: upserts these, removes the rest, and points stories at their topic. */
  save(
    topics: Array<{ id: number; headline: string; category: string; storyIds: number[] }>,
    at: number,
  ): Promise<void>;
  nextId(): Promise<number>;
  /** Topics with their stories (at most `perTopic` each, latest update first), biggest topics first. */
  list(q: {
    limit: number;
    topicId?: number;
    perTopic: number;
  }): Promise<Array<{ id: number; headline: string; category: string; stories: StoryRecord[] }>>;
}

/** One article's enrichment: its vector, named entities, relations between them, tags and headline summary. */
export interface ArticleEnrichment {
  articleId: number;
  vector: Float32Array | null;
  embeddingModel: string | null;
  entities: Array<{
    ref: string;
    type: "person" | "org" | "location";
    key: string;
    name: string;
    slug: string;
    subcategory: string | null;
    count: number;
    aliases: string[];
    description: string | null;
    wikidataId: string | null;
    wikipediaUrl: string | null;
    enriched: boolean;
  }>;
  relationships: Array<{ source: string; target: string; type: string; confidence: number }>;
  tags: Array<{ tag: string; score: number }>;
  headlineSummary: string | null;
  /** The securities the article concerns (lib/tickers); absent or empty when none. */
  tickers?: ArticleTicker[];
}

export interface EnrichmentRepo {
  /**
   * Stores each article's enrichment and appends its `item.enriched` event in one transaction; entities are
   * matched to stored ones by type and key, else by a unique alias, else created. An article already enriched is
   * skipped (enrichment happens once). Returns each enriched article's entity ids.
   */
  apply(
    items: ArticleEnrichment[],
    event: (article: Article, entityIds: number[]) => EventDraft,
  ): Promise<Map<number, number[]>>;
  /** Recomputes the stories' entities (from their members' mentions) and centroid vectors. */
  refreshStories(storyIds: number[]): Promise<void>;
  /**
   * Articles whose enrichment never committed (stored with `item.new`, then a crash), oldest first, at most
   * `limit`; `apply` marks an article done.
   */
  due(limit: number): Promise<Article[]>;
}

export interface StoryRepo {
  /**
   * Rewrites the summaries (lib/stories/summaries.ts) of stories not merged away that were updated at or after
   * `since`, or never got one, newest first, at most `limit`; the source rankings they read may have moved. Returns
   * how many were rewritten.
   */
  refreshSummaries(q: { since: number; limit: number }): Promise<number>;
  /** The story's history after `since` compared with its state at `since`. */
  history(storyId: number, since: number): Promise<StoryHistory>;
  /** The story's developments in timeline order. */
  developments(storyId: number): Promise<DevelopmentRecord[]>;
  /** Stories not merged away, updated at or after `since`, fastest first (see the SQL for the velocity). */
  listActive(q: {
    since: number;
    now: number;
    category?: string;
    /** Symbols (upper case): stories carrying any of them. */
    tickers?: string[];
    limit: number;
    offset: number;
  }): Promise<{
    stories: StoryRecord[];
    total: number;
  }>;
  get(idOrSlug: number | string): Promise<StoryRecord | null>;
  members(storyId: number): Promise<Article[]>;
  apply(batch: ClusteringBatch): Promise<void>;
  /** Reserves `n` consecutive story ids; returns the first. */
  reserveIds(n: number): Promise<number>;
  /** A counter that moves on every write to any story, by any process: serialised story pages are kept until it moves. */
  version(): Promise<number>;
  /** Stories not merged away whose last article is at or after `since`, with their members. */
  live(since: number): Promise<LiveStory[]>;
  /** Titles of every article with its category and time, oldest first (to rebuild term statistics). */
  titles(): AsyncIterable<{ title: string; url: string; excerpt: string | null }>;
  latestArticleTime(): Promise<number>;
  /**
   * Stored articles that no story holds yet (a crash came between storing and clustering, or the process that
   * stored them does not hold the clustering lease), oldest first.
   */
  unassigned(): Promise<
    Array<{
      id: number;
      title: string;
      url: string;
      excerpt: string | null;
      category: string;
      time: number;
      /** As in `LiveStory`. */
      names: string | null;
      urlHash: string;
      /** False while its enrichment is due (the process that stored it may be enriching it right now). */
      enriched: boolean;
    }>
  >;
  /** Whether any stored article has no story (cheap: `articles.story_id` is indexed). */
  hasUnassigned(): Promise<boolean>;
}

/**
 * Named leases between processes sharing one database: one holder at a time, until the lease expires (a holder
 * that dies frees it after its TTL) or is released. Times are wall-clock milliseconds.
 */
export interface LeaseRepo {
  /** Takes the lease until `now + ttlMs` when it is free, expired or already `holder`'s; true when `holder` has it. */
  acquire(name: string, holder: string, ttlMs: number, now: number): Promise<boolean>;
  /**
   * Extends the lease while `holder` is still its named holder, even after it expired or was released: true means
   * nobody else took it since `holder` last acquired it.
   */
  renew(name: string, holder: string, ttlMs: number, now: number): Promise<boolean>;
  /** Frees the lease when `holder` has it (the row keeps the holder's name, see `renew`). */
  release(name: string, holder: string): Promise<void>;
  /** How many unexpired leases have a name starting with `prefix`, leaving out `except`'s own. */
  countActive(prefix: string, now: number, except: string): Promise<number>;
}

export interface UsageAggregateQuery {
  accountId: number;
  /** One key of the account; all of its keys when absent. */
  keyId?: string;
  /** Inclusive bounds, ms. */
  from: number;
  to: number;
  topLimit: number;
}

/** Usage totals over a window; `days` holds only UTC days with traffic, ascending. */
export interface UsageAggregate {
  totalRequests: number;
  totalErrors: number;
  totalBytes: number;
  avgLatencyMs: number;
  topEndpoints: Array<{ endpoint: string; count: number }>;
  days: Array<{ dayMs: number; requests: number; errors: number; bytes: number; avgLatencyMs: number }>;
}

export interface UsageRepo {
  insertMany(records: UsageRecord[]): Promise<void>;
  aggregate(q: UsageAggregateQuery): Promise<UsageAggregate>;
}

/**
 * Read-side queries behind search, taxonomy and stats. Every `match` is an FTS5 expression built
 * by lib/search from user input (terms quoted), never raw user text.
 */
export interface SearchRepo {
  /** Articles matching `match`, best BM25 first (title weighted above excerpt and text), ties by id descending. */
  articles(q: { match: string; limit: number; offset: number }): Promise<{
    items: Array<{ article: Article; score: number }>;
    total: number;
  }>;
  /**
   * Text matches of `match` merged with articles linked to `entityIds`, best `rank` first, ties by id descending;
   * articles matching `exclude` are left out of both. `snippet` marks matched terms with the control characters
   * U+0002 (open) and U+0003 (close); it is null for an article found through its entities only.
   */
  full(q: {
    match: string | null;
    exclude: string | null;
    entityIds: number[];
    limit: number;
    offset: number;
  }): Promise<{ hits: Array<{ article: Article; rank: number; snippet: string | null }>; total: number }>;
  /** Ids of entities whose name or an alias equals one of `names` (ASCII case-insensitive). */
  entityIdsNamed(names: string[]): Promise<number[]>;
  /** Names of entities whose name or an alias starts with one of `prefixes` (ASCII case-insensitive), most articles first. */
  entityNamesByPrefix(prefixes: string[], limit: number): Promise<string[]>;
  /** Titles of the most recently stored articles matching `match`, newest first. */
  recentTitles(match: string, limit: number): Promise<string[]>;
  /**
   * Titles of the most recently stored articles holding `text` as a substring (case-insensitive, through the title
   * trigram index), newest first; null when `text` is under three characters or holds a NUL (the index cannot say).
   */
  recentTitlesContaining(text: string, limit: number): Promise<string[] | null>;
  /** Distinct categories used by stored articles and registered sources. */
  categoriesInUse(): Promise<string[]>;
  /** Tags by the number of articles carrying them, most frequent first (ties by tag), at most `limit`. */
  topTags(limit: number): Promise<string[]>;
  /** Counts behind GET /v1/stats: articles, stories not merged away, entities and sources. */
  totals(): Promise<{ articles: number; stories: number; entities: number; sources: number }>;
}

/** An entity with its aliases (contract §6.5). */
export interface EntityRecord {
  id: number;
  name: string;
  type: string;
  subcategory: string | null;
  slug: string;
  description: string | null;
  imageUrl: string | null;
  wikidataId: string | null;
  wikipediaUrl: string | null;
  articleCount: number;
  enriched: boolean;
  /** Other names of the entity, first seen first (the name itself left out). */
  aliases: string[];
}

export interface EntityListQuery {
  /** Name or alias text: a prefix match ranks above a substring match. */
  match?: { raw: string; folded: string };
  type?: string;
  subcategory?: string;
  limit: number;
  offset: number;
}

export interface EntityRelationshipRecord {
  id: number;
  sourceEntityId: number;
  targetEntityId: number;
  relationshipType: string;
  confidence: number;
  articleCount: number;
}

/** Read side of the entity tables the enrichment stage fills. */
export interface EntityRepo {
  /** A counter that moves on every write to any entity, by any process: serialised entity pages are kept until it moves. */
  version(): Promise<number>;
  /** Most articles first (after prefix matches, when matching), ties by id descending. */
  list(q: EntityListQuery): Promise<{ entities: EntityRecord[]; total: number }>;
  get(idOrSlug: number | string): Promise<EntityRecord | null>;
  /** The entities with these ids that exist, in the order given. */
  getMany(ids: number[]): Promise<EntityRecord[]>;
  /** Articles mentioning the entity, published_at descending, then discovered_at, then id. */
  articles(
    entityId: number,
    q: { limit: number; offset: number },
  ): Promise<{ items: Article[]; total: number }>;
  /**
   * Per entity with at least one article discovered in (recentFrom, until]: its articles in that window and in
   * (baselineFrom, recentFrom].
   */
  mentionWindows(q: {
    baselineFrom: number;
    recentFrom: number;
    until: number;
  }): Promise<Array<{ entityId: number; recent: number; baseline: number }>>;
  /** Relationships touching any of `entityIds`, except `excludeIds`, strongest (article_count × confidence) first. */
  strongestRelationships(q: {
    entityIds: number[];
    excludeIds: number[];
    limit: number;
  }): Promise<EntityRelationshipRecord[]>;
  /** The story's entities, most mentioned first, ties by id descending. */
  storyEntities(
    storyId: number,
    limit: number,
  ): Promise<Array<{ entity: EntityRecord; mentionCount: number }>>;
}

/**
 * Nearest-neighbour reads over article and story vectors (cosine distance, id = article or story id). The SQLite
 * store finds candidates in an approximate (HNSW) index and reports each hit's exact distance from the stored
 * vector, so distances are those of an exact search; it may miss a true neighbour rarely (recall@10 ≥ 0.95,
 * docs/benchmarks.md). Writes to the vectors go through lib/db/sqlite/vector-writes.ts, which the index follows.
 */
export interface VectorRepo {
  /** Articles discovered at or after `since`, nearest first, ties by id descending. */
  nearestArticles(q: {
    vector: Float32Array;
    since: number;
    limit: number;
  }): Promise<Array<{ article: Article; distance: number }>>;
  /**
   * Up to `take` articles that `keep` accepts, among the `candidates` nearest to `vector` over the whole archive,
   * nearest first. The approximate index's order stands (no exact rescoring, no stored vector read) and rows are
   * read a few at a time: what /v1/related needs, which shows no distances.
   */
  relatedArticles(q: {
    vector: Float32Array;
    candidates: number;
    take: number;
    keep: (a: Article) => boolean;
  }): Promise<Article[]>;
  /** Stories not merged away, updated at or after `since`, nearest first, ties by id descending. */
  nearestStories(q: {
    vector: Float32Array;
    since: number;
    limit: number;
  }): Promise<Array<{ story: StoryRecord; distance: number }>>;
  /**
   * Articles whose vector may lie within cosine distance `maxDistance` of `vector`, over the whole archive: a
   * superset of the exact answer up to the approximate index's recall (callers test each candidate exactly). Null
   * when it cannot say cheaply (the index is not ready, or the radius holds too many articles): then scan.
   * `discoveredUntil` leaves out articles discovered after it (their events all come later).
   */
  articleCandidatesWithin(q: {
    vector: Float32Array;
    maxDistance: number;
    discoveredUntil?: number;
  }): Promise<Set<number> | null>;
  articleVector(articleId: number): Promise<ArticleVector | null>;
  storyVector(storyId: number): Promise<ArticleVector | null>;
}

/** One limit on failed sign-ins: after `limit` failures under `key`, each further try waits (doubling) first. */
export interface ThrottleRule {
  key: string;
  limit: number;
  /** The wait once the limit is reached; it doubles with each further failure, up to `maxMs`. */
  baseMs: number;
  maxMs: number;
  /** Failures older than this (since the key's last failure) are forgotten. */
  forgetMs: number;
}

/** Sign-in limits, session versions and password resets. Each method is atomic across processes. */
export interface AuthRepo {
  /**
   * Counts one attempt against every rule, as a failure until `settleSignIn` says otherwise, unless a rule is
   * waiting: then nothing is counted and the answer is the whole seconds to wait. 0 means the attempt may go on.
   */
  claimSignInAttempt(rules: ThrottleRule[], now: number): Promise<number>;
  /** After a successful attempt: forgets the failures under `clear`, and takes back the claimed one under `refund`. */
  settleSignIn(clear: string[], refund: string[]): Promise<void>;
  /** The user's current session version; null for an unknown user. */
  sessionVersion(userId: number): Promise<number | null>;
  /** Ends every session of the user; returns the new version. */
  bumpSessionVersion(userId: number): Promise<number>;
  /** Sets a new password hash, ends every session and voids open reset tokens; returns the new version. */
  setPassword(userId: number, passwordHash: string): Promise<number>;
  insertPasswordReset(reset: {
    tokenHash: string;
    userId: number;
    createdAt: number;
    expiresAt: number;
  }): Promise<void>;
  /** The user an unused, unexpired reset token is for; null otherwise. */
  passwordResetUser(tokenHash: string, now: number): Promise<number | null>;
  /**
   * Uses a reset token once: when it is unused and unexpired, sets the password as `setPassword` does and returns
   * the user's id; otherwise null.
   */
  consumePasswordReset(tokenHash: string, passwordHash: string, now: number): Promise<number | null>;
}

/** An operator's additions to the shipped securities registry (`lede securities import`). */
export interface SecuritiesRepo {
  /** Every added entry, in symbol order. */
  list(): Promise<Security[]>;
  /** Adds entries, replacing an added entry of the same symbol; all in one transaction. */
  upsert(rows: Security[]): Promise<{ added: number; replaced: number }>;
  /** Moves on every upsert, in every process sharing the database: taggers rebuild their index then. */
  version(): Promise<number>;
}

export interface Store {
  sources: SourceRepo;
  articles: ArticleRepo;
  content: ContentRepo;
  events: EventRepo;
  accounts: AccountRepo;
  verifications: EmailVerificationRepo;
  keys: KeyRepo;
  credits: CreditRepo;
  usage: UsageRepo;
  stories: StoryRepo;
  search: SearchRepo;
  entities: EntityRepo;
  vectors: VectorRepo;
  dynamics: StoryDynamicsRepo;
  rankings: RankingRepo;
  topics: TopicRepo;
  enrichment: EnrichmentRepo;
  leases: LeaseRepo;
  auth: AuthRepo;
  securities: SecuritiesRepo;
  /** Ends the store's connections (PostgreSQL: after held credits went back). */
  close(): void | Promise<void>;
}
