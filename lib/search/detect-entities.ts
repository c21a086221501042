import type { Store } from "../db/store";

// Entity names rarely run past four words ("Bank of England", "European Central Bank").
const MAX_NGRAM = 4;
const MAX_CANDIDATES = 200;

/**
 * Entities named in a query: every run of up to four consecutive terms is compared with entity names and aliases
 * (`musk tesla` → "musk", "tesla", "musk tesla"). SQLite folds only ASCII case, so each candidate also goes in
 * lower, upper and title case, which covers names such as "Émile Zola" typed in any of those forms.
 */
export async function detectEntities(store: Store, terms: string[]): Promise<number[]> {
  const candidates = new Set<string>();
  for (let i = 0; i < terms.length; i++) {
    for (let n = 1; n <= MAX_NGRAM && i + n <= terms.length; n++) {
      const text = terms
        .slice(i, i + n)
        .join(" ")
        .replace(/\s+/g, " ")
        .trim();
      for (const v of caseVariants(text)) candidates.add(v);
    }
  }
  if (candidates.size === 0) return [];
  return store.search.entityIdsNamed([...candidates].slice(0, MAX_CANDIDATES));
}

/** The text as typed, in lower case, upper case and with each word capitalised. */
export function caseVariants(text: string): string[] {
  const lower = text.toLowerCase();
  const title = lower.replace(/(^|[\s\-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
  return [...new Set([text, lower, text.toUpperCase(), title])];
}
