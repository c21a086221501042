/** Lower-cased word tokens (letters and digits), the unit of the extraction quality figures. */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export interface TokenScore {
  precision: number;
  recall: number;
  f1: number;
  extracted: number;
  gold: number;
  overlap: number;
}

/**
 * Bag-of-words precision and recall of an extracted text against a gold body: the overlap counts each token as
 * often as it occurs in both (multiset intersection), so repeated boilerplate is not hidden behind one match.
 */
export function tokenScore(extracted: string, gold: string): TokenScore {
  const want = new Map<string, number>();
  const goldTokens = tokens(gold);
  for (const t of goldTokens) want.set(t, (want.get(t) ?? 0) + 1);
  const got = tokens(extracted);
  let overlap = 0;
  for (const t of got) {
    const left = want.get(t) ?? 0;
    if (left > 0) {
      overlap++;
      want.set(t, left - 1);
    }
  }
  return combine(overlap, got.length, goldTokens.length);
}

/** Precision and recall from counts; also used to pool several pages (micro-average). */
export function combine(overlap: number, extracted: number, gold: number): TokenScore {
  const precision = extracted === 0 ? (gold === 0 ? 1 : 0) : overlap / extracted;
  const recall = gold === 0 ? 1 : overlap / gold;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, extracted, gold, overlap };
}
