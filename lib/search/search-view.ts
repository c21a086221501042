import { shownTitle } from "../articles/serialize";
import type { Store } from "../db/store";
import type { Article } from "../db/types";
import { truncateText } from "../text/html";
import { markTerms, snippetBesideTitle } from "./distinct-snippet";
import { groupByStory, type StoryGroup } from "./group-by-story";
import type { MatchFacts, TermCount } from "./match-note";
import { ftsString } from "./parse-query";
import { fullSearchHits } from "./search-full";
import { markedSnippet } from "./snippet";

// The dashboard's view of a full search (GET /v1/search/full's results): grouped by story, with how each word of
// the query fared, and snippets that never repeat the headline. The public API's results are left as they are.

/** Words and phrases counted one by one; a longer query's further words are only part of the whole-query match. */
const MAX_TERMS = 8;
const EXCERPT_CHARS = 240;

export interface SearchViewHit {
  urlHash: string;
  url: string;
  title: string;
  /** The title HTML-escaped, with the query's words in `<mark>`: a headline match shows there, not in the snippet. */
  titleHtml: string;
  sourceName: string;
  category: string;
  publishedAt: number;
  discoveredAt: number;
  storyId: number | null;
  /** HTML-escaped text with `<mark>` around the query's words; null when the article has only its headline. */
  snippet: string | null;
  /** False for an article found only through an entity the query names: it does not match the whole query. */
  textMatch: boolean;
}

export interface SearchView extends MatchFacts {
  /** The stories (and articles in no story) of this page: `limit` of them from `offset`. */
  groups: Array<StoryGroup<SearchViewHit>>;
  /** How many groups the best `grouped` results make, and how many of them are stories (the rest single articles). */
  groupTotal: number;
  storyTotal: number;
  /** The results that were grouped: the best `window` of `total`. */
  grouped: number;
}

/**
 * Matches grouped by story this deep at most: counts and pages stay the same from page to page, and a story's
 * copies are counted wherever they rank among them. Deeper results are left to a narrower query (or the API).
 */
export const SEARCH_WINDOW = 200;

/**
 * The best `window` results of a full search, grouped by story, and the page of groups `offset`…`offset + limit`,
 * with the facts behind its match note.
 */
export async function searchView(
  store: Store,
  q: { q: string; limit: number; offset: number },
  window = SEARCH_WINDOW,
): Promise<SearchView> {
  const { hits, total, parsed, entityIds } = await fullSearchHits(store, {
    q: q.q,
    limit: window,
    offset: 0,
  });
  const [terms, textTotal, entities] = await Promise.all([
    countTerms(store, parsed.terms),
    // Without entities every result is a text match.
    entityIds.length && parsed.match ? countMatches(store, parsed.match) : entityIds.length ? 0 : total,
    store.entities.getMany(entityIds),
  ]);
  const groups = groupByStory(hits, (h) => ({ storyId: h.article.storyId, articleKey: h.article.urlHash }));
  const view = (h: (typeof hits)[number]) => toViewHit(h.article, h.snippet, parsed.terms);
  return {
    total,
    textTotal,
    terms,
    entities: entities.map((e) => e.name),
    anyOf: /(^|\s)OR(\s|$)/.test(q.q),
    groups: groups.slice(q.offset, q.offset + q.limit).map((g) => ({
      ...g,
      lead: view(g.lead),
      others: g.others.map(view),
    })),
    groupTotal: groups.length,
    storyTotal: groups.filter((g) => g.storyId !== null).length,
    grouped: hits.length,
  };
}

async function countMatches(store: Store, match: string): Promise<number> {
  return (await store.search.articles({ match, limit: 1, offset: 0 })).total;
}

/** Each distinct word or phrase of the query (case aside) with the number of articles holding it. */
async function countTerms(store: Store, terms: string[]): Promise<TermCount[]> {
  const seen = new Set<string>();
  const distinct = terms.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  return Promise.all(
    distinct
      .slice(0, MAX_TERMS)
      .map(async (text) => ({ text, articles: await countMatches(store, ftsString(text)) })),
  );
}

function toViewHit(a: Article, indexSnippet: string | null, terms: string[]): SearchViewHit {
  // Shown without the publisher's credit ("… - Lakeside Herald"): the source is named beside it.
  const title = shownTitle(a);
  // A text match has the index's snippet; an article found through an entity has its excerpt, marked here.
  const snippet =
    indexSnippet === null
      ? markTerms(truncateText(a.excerpt ?? "", EXCERPT_CHARS), terms)
      : markedSnippet(indexSnippet);
  return {
    urlHash: a.urlHash,
    url: a.url,
    title,
    titleHtml: markTerms(title, terms),
    sourceName: a.sourceName,
    category: a.category,
    publishedAt: a.publishedAt,
    discoveredAt: a.discoveredAt,
    storyId: a.storyId,
    snippet: snippetBesideTitle({ snippet, title, excerpt: a.excerpt, terms }),
    textMatch: indexSnippet !== null,
  };
}
