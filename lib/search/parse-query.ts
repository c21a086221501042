// User search text → FTS5 expressions. User text never reaches FTS5 as syntax: every word and phrase is emitted as
// a double-quoted FTS5 string (inner quotes doubled), and the only operators are the ones written here. FTS5
// special characters (`*`, `:`, `^`, `(`, `-`, `+`) inside a quoted string are token separators, and so are
// harmless; the bare words NEAR, AND and NOT are ordinary terms once quoted.

/** One word or quoted phrase of a query. */
interface Item {
  text: string;
  phrase: boolean;
}

export interface ParsedQuery {
  /** What must match: the positive groups ANDed, minus the exclusions; null when nothing searchable is left. */
  match: string | null;
  /** The exclusions alone (`-word`, `-"phrase"`), ORed; null when there are none. */
  exclude: string | null;
  /** The positive words and phrases in query order, as typed (entity detection reads these). */
  terms: string[];
}

// FTS5's unicode61 tokenizer keeps letters and digits: an item without either yields no token and can never match.
const SEARCHABLE = /[\p{L}\p{N}]/u;
// Control characters end an FTS5 string early (NUL) or are meaningless in a query.
const CONTROL = /\p{Cc}/gu;

/** A double-quoted FTS5 string: the tokenizer sees the text, the parser sees one string. */
export function ftsString(text: string): string {
  return `"${text.replace(CONTROL, " ").replace(/"/g, '""')}"`;
}

/**
 * Web-search syntax (contract §7.3): words are ANDed, `"exact phrase"`, `-exclude` (a word or a phrase), and `OR`
 * (upper case) between two words or phrases. OR binds tighter than the implicit AND, as on web search engines:
 * `rates OR yields bonds` = (rates OR yields) AND bonds. An unbalanced quote runs to the end of the query.
 */
export function parseSearchQuery(q: string): ParsedQuery {
  const groups: Item[][] = [];
  const excluded: Item[] = [];
  let pendingOr = false;
  for (const tok of tokenize(q)) {
    if (tok.or) {
      pendingOr = groups.length > 0;
      continue;
    }
    const item = { text: tok.text.replace(CONTROL, " ").trim(), phrase: tok.phrase };
    if (!SEARCHABLE.test(item.text)) continue;
    if (tok.negate) excluded.push(item);
    else if (pendingOr) groups[groups.length - 1]?.push(item);
    else groups.push([item]);
    pendingOr = false;
  }
  const positive = groups.length
    ? groups
        .map((g) => (g.length > 1 ? `(${g.map(itemExpr).join(" OR ")})` : itemExpr(g[0] as Item)))
        .join(" AND ")
    : null;
  const exclude = excluded.length ? excluded.map(itemExpr).join(" OR ") : null;
  return {
    match: positive && exclude ? `(${positive}) NOT (${exclude})` : positive,
    exclude,
    terms: groups.flat().map((i) => i.text),
  };
}

const itemExpr = (i: Item) => ftsString(i.text);

interface Token {
  text: string;
  phrase: boolean;
  negate: boolean;
  or: boolean;
}

function* tokenize(q: string): Generator<Token> {
  let i = 0;
  while (i < q.length) {
    while (i < q.length && /\s/.test(q[i] as string)) i++;
    if (i >= q.length) return;
    let negate = false;
    if (q[i] === "-" && i + 1 < q.length && !/\s/.test(q[i + 1] as string)) {
      negate = true;
      i++;
    }
    if (q[i] === '"') {
      const end = q.indexOf('"', i + 1);
      const stop = end === -1 ? q.length : end;
      yield { text: q.slice(i + 1, stop), phrase: true, negate, or: false };
      i = stop + 1;
      continue;
    }
    const start = i;
    while (i < q.length && !/\s/.test(q[i] as string) && q[i] !== '"') i++;
    const text = q.slice(start, i);
    yield { text, phrase: false, negate, or: !negate && text === "OR" };
  }
}

/** Words of `q` as the title tokenizer sees them (letters and digits), lower-cased. */
export function queryWords(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Titles containing `q` as typed so far: its words in sequence, the last one a prefix (`interest ra` →
 * `title : "interest ra"*`). Null when `q` has no word.
 */
export function titlePrefixExpression(q: string): string | null {
  const words = queryWords(q);
  if (words.length === 0) return null;
  return `title : ${ftsString(words.join(" "))}*`;
}
