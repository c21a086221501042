/** How many articles hold one word or phrase of a query. */
export interface TermCount {
  text: string;
  articles: number;
}

export interface MatchFacts {
  /** Every result: text matches and the articles of entities named in the query. */
  total: number;
  /** Results that match the whole query by their text. */
  textTotal: number;
  terms: TermCount[];
  /** Names of the entities detected in the query, whose articles are added to the text matches. */
  entities: string[];
  /** The query has `OR`: a text match need not hold every word. */
  anyOf: boolean;
}

const quote = (s: string) => `“${s}”`;

/** "a", "a and b", "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const SHOWN_ENTITIES = 3;

/** "World Cup", "Elon Musk and Tesla", "World, Web World, Guinness World and 4 other entities". */
export function entityList(names: readonly string[]): string {
  if (names.length === 0) return "entities the query names";
  if (names.length <= SHOWN_ENTITIES + 1) return listWords(names);
  return `${names.slice(0, SHOWN_ENTITIES).join(", ")} and ${names.length - SHOWN_ENTITIES} other entities`;
}

/** The words of the query that no article holds. */
export const missingTerms = (f: Pick<MatchFacts, "terms">) =>
  f.terms.filter((t) => t.articles === 0).map((t) => t.text);

/**
 * What the results are, in a sentence: whether they match the whole query, which words no article holds, and how
 * many were added only because they concern an entity the query names. Null when the count says it all (one word,
 * every result a text match). A word is never dropped silently: "world cup suarez" with no "suarez" anywhere says so.
 */
export function matchNote(f: MatchFacts): string | null {
  const missing = missingTerms(f);
  const none = missing.length
    ? `${listWords(missing.map(quote))} ${missing.length === 1 ? "is" : "are"} in no article`
    : null;
  const about = entityList(f.entities);
  if (f.total === 0) {
    if (none) return `Nothing matches: ${none}.`;
    return f.terms.length > 1 ? "Each word is in some article, but no article holds them all." : null;
  }
  const extra = f.total - f.textTotal;
  if (f.textTotal === 0)
    return `No article matches the whole query${none ? `: ${none}` : ""}. ${
      f.total === 1 ? "The article below is" : `The ${f.total.toLocaleString("en")} articles below are`
    } about ${about}.`;
  if (extra > 0)
    return `${f.textTotal.toLocaleString("en")} match the whole query${none ? ` (${none})` : ""}; ${extra.toLocaleString(
      "en",
    )} more ${extra === 1 ? "is" : "are"} about ${about}.`;
  if (f.terms.length < 2) return null;
  return f.anyOf ? "Every one matches the whole query." : "Every one contains all the words.";
}
