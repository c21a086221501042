import type { ParamDoc } from "../openapi/operation-spec";

// What each parameter and body field of /v1 means, as the OpenAPI document and the API reference show it to users.
// Types, bounds and defaults come from the zod schemas the routes validate with; these say what the value does.

const d = (description: string): ParamDoc => ({ description });
type Docs = Record<string, ParamDoc>;

const idOrSlug = (what: string): Docs => ({
  id: d(`the ${what}'s integer id or its slug; a value of digits only is read as an id`),
});
const page = (things: string, order = ""): Docs => ({
  limit: d(`how many ${things} to return${order}`),
  offset: d(`how many ${things} to skip: the position to continue from on the next page`),
});
const category = (things: string) =>
  d(`only ${things} in this category, a slug such as \`politics\` (GET /v1/categories lists them)`);
const FORMAT = d(
  "how a vector is written: `json`, an array of 1536 numbers, or `base64`, 1536 little-endian float32 values",
);
const embeddings = (what: string): Docs => ({
  include_embeddings: d(
    `add ${what} (\`embedding\`, \`embedding_model\`); needs the Pro plan and costs 4 more credits`,
  ),
  embedding_format: d(`${FORMAT.description}; used only with include_embeddings`),
});
const SEARCH_TEXT = d(
  'the search: every word must match; `"an exact phrase"`, `-word` to leave a word out, `OR` between alternatives',
);
const URL_HASH = "16 hexadecimal characters, the `url_hash` of an article";

const BACKTEST: Docs = {
  from: d("the start of the window, in Unix milliseconds; at most 90 days ago"),
  to: d("the end of the window, in Unix milliseconds; after `from` and at most 7 days later"),
  topics: d(
    "event classes: `articles` (item.new, item.enriched) and `stories` (story.development, story.priority_changed, " +
      "cluster.event); both when left out. `types` overrides it",
  ),
  types: d("exact event types; overrides `topics`, and the only way to get `clusters.ranked`"),
  categories: d("only events in one of these categories"),
  sources: d("only events from one of these sources, by decimal id or slug"),
  keywords: d("only events whose article title or story headline contains one of these words, ignoring case"),
  entities: d("only item.enriched events whose article names one of these entity ids"),
  cluster_id: d("only events of this story (its integer id)"),
  include_embeddings: d("fill `embedding` on article events; costs 10 more credits a page"),
  cursor: d("where to continue: the `next_cursor` of the previous page; 0 for the first page"),
  limit: d("the most events in one page"),
};

/** Descriptions by operationId, then by parameter or body field name. */
export const PARAM_DOCS: Record<string, Docs> = {
  listStories: {
    ...page("stories", ", fastest-moving first"),
    category: category("stories"),
    ...embeddings("each story's vector, the centre of its articles' vectors"),
  },
  listRankedStories: {
    limit: d("how many stories to return, best ranked first"),
    ...embeddings("each story's vector, the centre of its articles' vectors"),
  },
  getStory: {
    ...idOrSlug("story"),
    ...embeddings("the story's vector and the vector of every article in it"),
  },
  listStoryDevelopments: idOrSlug("story"),
  getStoryUpdates: {
    ...idOrSlug("story"),
    since_ms: d(
      "report what changed after this time, in Unix milliseconds; a future time gives an empty report",
    ),
  },
  listItems: {
    ...page("articles"),
    category: category("articles"),
    keyword: d("only articles whose title contains this text, ignoring case"),
    source: d("only articles of this source: its name, slug or decimal id"),
    content_status: d(
      "only articles whose page text was extracted (`has_content`), is not extracted yet (`no_content`) or could " +
        "not be extracted (`failed`)",
    ),
    date_from: d("only articles at or after this time, in Unix milliseconds, on the `sort_by` time"),
    date_to: d("only articles at or before this time, in Unix milliseconds, on the `sort_by` time"),
    sort_by: d(
      "order by when Lede discovered the article (`discovered`) or when it was published (`published`)",
    ),
    sort_order: d("`desc` for newest first, `asc` for oldest first"),
    ...embeddings("each article's vector"),
  },
  getItem: {
    url_hash: d(`${URL_HASH}; give either this or \`slug\`, not both`),
    slug: d("the article's slug; give either this or `url_hash`, not both"),
  },
  getContent: {
    url_hash: d(URL_HASH),
    max_chars: d("cut the extracted text after this many characters"),
  },
  listRelated: {
    url_hash: d(`the article to find neighbours of: ${URL_HASH}`),
    limit: d("how many articles to return, nearest first"),
  },
  search: { q: SEARCH_TEXT, ...page("articles", ", best match first") },
  searchFull: { q: SEARCH_TEXT, ...page("results", ", best match first") },
  suggest: {
    q: d("the text typed so far; every suggestion starts with it, ignoring case"),
    limit: d("how many suggestions to return"),
  },
  vectorSearch: {
    types: d("what to search: `article`, `story` or both"),
    since_hours: d("only articles discovered, and stories updated, within this many hours (at most 90 days)"),
    limit: d("how many results to return for each type, most similar first"),
  },
  getEmbedding: {
    type: d("whose vector: an `article`'s or a `story`'s"),
    id: d("an article's url_hash, or a story's integer id"),
    format: FORMAT,
  },
  listEntities: {
    q: d(
      "only entities whose name or an alias contains this text, ignoring case; names that start with it first",
    ),
    type: d("only entities of this type: `person`, `org` or `location`"),
    subcategory: d("only entities of this subcategory, e.g. `politician`, `company` or `country`"),
    ...page("entities", ", most articles first"),
  },
  listPoliticians: page("politicians", ", most articles first"),
  listTrendingEntities: { limit: d("how many entities to return, most trending first") },
  getEntity: idOrSlug("entity"),
  listEntityArticles: { ...idOrSlug("entity"), ...page("articles", ", newest first") },
  getEntityNetwork: {
    entity_id: d("the integer id of the entity at the centre"),
    depth: d("how many hops to follow out from the centre"),
    limit: d("the most relationships (edges) to return, strongest first"),
  },
  getStoryEntityGraph: {
    story_id: d("the story's integer id"),
    limit: d("the most entities to return, most mentioned first"),
  },
  listTopicClusters: {
    topic_id: d("only this topic; leave it out to list topics"),
    limit: d("how many topics to return"),
  },
  backtest: BACKTEST,
  backtestWithFilters: {
    ...BACKTEST,
    embedding_filters: d(
      "at most one filter `{embedding, threshold, label}`: article events are kept only when their article's vector " +
        "has at least `threshold` cosine similarity (0.75 when left out) to `embedding`; costs 10 more credits a page",
    ),
  },
  getUsage: {
    from: d(
      "the start of the report, in Unix milliseconds; 30 days before `to` when left out, and at most 92 days before it",
    ),
    to: d("the end of the report, in Unix milliseconds; now when left out"),
  },
};
