import { eng } from "stopword";

import type { Store } from "../db/store";
import { caseVariants } from "./detect-entities";
import { queryWords, titlePrefixExpression } from "./parse-query";
import type { SuggestQuery } from "./schemas";

// How many recent matching titles vote for the popular completions. Each is a row read (from disk once the archive
// outgrows memory). Against 1,000, 300 keep 87 % of a prefix's top eight completions (the top three in the same
// order for 55 %: near ties among popular words swap) at under a third of the cost (11 -> 2.6 ms p50 at 1M
// articles); an autocomplete answer is read while typing, so its speed counts for more than the order of ties.
const TITLE_SAMPLE = 300;
// Fewer titles than this where the typed text starts a word: too few votes, so the word-prefix query is asked.
const MIN_VOTERS = 100;
const STOP = new Set(eng);

/** Lower case without diacritics: "Café" and "cafe" are one completion, as they are one FTS5 token. */
const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

/**
 * GET /v1/search/suggest: entity names starting with `q` (most articles first), then the title terms starting
 * with `q` that recent headlines use most (contract §7.3). Case-insensitive; duplicates appear once.
 */
export async function suggest(store: Store, q: SuggestQuery): Promise<{ suggestions: string[] }> {
  const text = q.q.replace(/\s+/g, " ");
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (s: string) => {
    const key = fold(s);
    if (seen.has(key) || out.length >= q.limit) return;
    seen.add(key);
    out.push(s);
  };
  for (const name of await store.search.entityNamesByPrefix(caseVariants(text), q.limit)) add(name);
  if (out.length < q.limit) {
    const words = queryWords(text);
    // Recent titles holding the typed text, from the title trigram index: one doclist read newest first, where a
    // word-prefix query merges the doclists of every word with the prefix (~20 ms for "sta" at 1M articles). Only
    // titles where the text starts a word can vote. Too few of those (a short prefix, text typed without its
    // accents, words that rarely start with it) and the word-prefix query gives the titles instead: it folds
    // diacritics, and it is cheap exactly when few words start with the text.
    const containing = (await store.search.recentTitlesContaining(words.join(" "), TITLE_SAMPLE)) ?? [];
    let votes = completionVotes(containing, words);
    if (votes.voters < MIN_VOTERS) {
      const match = titlePrefixExpression(text);
      votes = completionVotes(match ? await store.search.recentTitles(match, TITLE_SAMPLE) : [], words);
    }
    for (const term of votes.terms) add(term);
  }
  return { suggestions: out };
}

/**
 * Word sequences in `titles` that continue the query words (all but the last equal, the last a prefix), most
 * frequent first, then alphabetically. Completions ending in a stop word ("the", "this") or a lone letter
 * are left out.
 */
export function popularCompletions(titles: string[], words: string[]): string[] {
  return completionVotes(titles, words).terms;
}

/** popularCompletions, with how many of the titles voted for at least one completion. */
export function completionVotes(titles: string[], words: string[]): { terms: string[]; voters: number } {
  if (words.length === 0) return { terms: [], voters: 0 };
  let voters = 0;
  const want = words.map(fold);
  const last = want[want.length - 1] as string;
  const counts = new Map<string, { text: string; n: number }>();
  for (const title of titles) {
    const tw = title.match(/[\p{L}\p{N}]+/gu) ?? [];
    const folded = tw.map(fold);
    const found = new Set<string>();
    for (let i = 0; i + want.length <= tw.length; i++) {
      let ok = (folded[i + want.length - 1] as string).startsWith(last);
      for (let j = 0; ok && j < want.length - 1; j++) ok = folded[i + j] === want[j];
      if (!ok) continue;
      const end = folded[i + want.length - 1] as string;
      if (STOP.has(end) || (end.length < 2 && !/\d/.test(end))) continue;
      const key = folded.slice(i, i + want.length).join(" ");
      if (found.has(key)) continue; // one vote per title
      found.add(key);
      const entry = counts.get(key) ?? {
        text: tw
          .slice(i, i + want.length)
          .join(" ")
          .toLowerCase(),
        n: 0,
      };
      entry.n++;
      counts.set(key, entry);
    }
    if (found.size > 0) voters++;
  }
  const terms = [...counts.values()]
    .sort((a, b) => b.n - a.n || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .map((e) => e.text);
  return { terms, voters };
}
