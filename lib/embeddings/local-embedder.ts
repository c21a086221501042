import { headlineVector } from "../nlp/headline-vector";
import type { WordVectors } from "../nlp/word-vectors";
import { titleWords } from "../text/tokenize";
import { EMBEDDING_DIMENSIONS, normalizeInPlace, type Embedder } from "./embedder";
import { addHashedFeature } from "./feature-hash";
import { wordStatsFromVectors, type WordStats } from "./word-stats";

/**
 * The name stored next to the local embedder's vectors. Bump the version whenever its output changes (settings,
 * word vectors, tokenizer), since stored vectors of the old version are no longer comparable with new ones.
 */
export const LOCAL_EMBEDDING_MODEL = "lede-local-sif-v1";

export interface LocalEmbedderParams {
  /** SIF smoothing: a word weighs a / (a + p(word)). */
  sifA: number;
  /** Share of the cosine that comes from the word-vector block; the rest from the hashed TF-IDF block. */
  semanticShare: number;
  /** Weight of a bigram feature relative to the mean of its two terms' unigram weights. */
  bigramWeight: number;
  /** Remove the common direction of average text from the word-vector block (SIF's second step). */
  removeCommon: boolean;
  /** Characters of a text that are read; the rest is ignored (embedding cost stays bounded). */
  maxChars: number;
}

export const LOCAL_EMBEDDER_PARAMS: LocalEmbedderParams = {
  sifA: 1e-3,
  semanticShare: 0.4,
  bigramWeight: 0.25,
  removeCommon: true,
  maxChars: 2000,
};

/**
 * The default embedder: offline and deterministic. The first block holds the SIF-weighted average of pre-trained
 * word vectors (meaning: "approve" near "pass", "lawmakers" near "senate"); the remaining dimensions hold hashed,
 * sublinear TF-IDF features of stemmed unigrams and bigrams (exact names and phrases). Each block is unit length
 * and scaled so that the cosine of two texts is semanticShare · word-vector cosine + (1 − semanticShare) · TF-IDF
 * cosine, up to hash collisions.
 */
export class LocalEmbedder implements Embedder {
  readonly model: string;
  readonly dimensions = EMBEDDING_DIMENSIONS;
  private readonly params: LocalEmbedderParams;
  private readonly stats: WordStats;
  private readonly common: Float32Array | undefined;
  private readonly semanticDims: number;

  constructor(
    private readonly vectors: WordVectors,
    params: Partial<LocalEmbedderParams> = {},
  ) {
    this.params = { ...LOCAL_EMBEDDER_PARAMS, ...params };
    const custom = (Object.keys(params) as Array<keyof LocalEmbedderParams>).some(
      (k) => params[k] !== LOCAL_EMBEDDER_PARAMS[k],
    );
    // Other settings give other vectors: they must not pass for the default model's.
    this.model = custom ? `${LOCAL_EMBEDDING_MODEL}-custom` : LOCAL_EMBEDDING_MODEL;
    this.stats = wordStatsFromVectors(vectors);
    this.semanticDims = vectors.dimensions;
    this.common = this.params.removeCommon ? this.commonDirection() : undefined;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    return texts.map((t) => this.embedOne(t));
  }

  /** The vector of one text, synchronously. */
  embedOne(text: string): Float32Array {
    const out = new Float32Array(this.dimensions);
    let words = titleWords(text.slice(0, this.params.maxChars));
    if (words.length === 0) words = fallbackWords(text.slice(0, this.params.maxChars));
    const semantic = this.semanticBlock(words);
    const hashedNorm = this.addHashedBlock(out, words);
    const share = semantic ? this.params.semanticShare : 0;
    const a = Math.sqrt(share);
    const b = Math.sqrt(1 - share) / hashedNorm;
    if (semantic) for (let d = 0; d < this.semanticDims; d++) out[d] = a * semantic[d]!;
    for (let d = this.semanticDims; d < this.dimensions; d++) out[d]! *= b;
    return normalizeInPlace(out);
  }

  private semanticBlock(words: Array<{ word: string; term: string }>): Float32Array | undefined {
    const { sifA } = this.params;
    const v = headlineVector(words, this.vectors, (_t, w) => sifA / (sifA + this.stats.probability(w)));
    if (!v || !this.common) return v;
    let p = 0;
    for (let d = 0; d < v.length; d++) p += v[d]! * this.common[d]!;
    for (let d = 0; d < v.length; d++) v[d]! -= p * this.common[d]!;
    return normalizeInPlace(v);
  }

  /** Writes the hashed TF-IDF features after the word-vector block; returns their norm (never 0). */
  private addHashedBlock(out: Float32Array, words: Array<{ word: string; term: string }>): number {
    const offset = this.semanticDims;
    const size = this.dimensions - offset;
    // feature → [count, weight]: unigrams weigh their IDF, bigrams a share of their two terms' mean IDF.
    const features = new Map<string, [number, number]>();
    const bump = (key: string, weight: number) => {
      const f = features.get(key);
      if (f) f[0]++;
      else features.set(key, [1, weight]);
    };
    let prev: { term: string; idf: number } | undefined;
    for (const { term } of words) {
      const idf = this.stats.idf(term);
      bump(term, idf);
      if (prev) bump(`${prev.term} ${term}`, (this.params.bigramWeight * (prev.idf + idf)) / 2);
      prev = { term, idf };
    }
    for (const [key, [n, weight]] of features)
      addHashedFeature(out, offset, size, key, (1 + Math.log(n)) * weight);
    if (features.size === 0) addHashedFeature(out, offset, size, "\u0000empty", 1);
    let sum = 0;
    for (let d = offset; d < out.length; d++) sum += out[d]! * out[d]!;
    return Math.sqrt(sum) || 1;
  }

  /**
   * The direction every average of word vectors shares (what SIF removes as the "common discourse"): the expected
   * SIF-weighted word vector of running text, from the vocabulary's frequencies.
   */
  private commonDirection(): Float32Array {
    const { sifA } = this.params;
    const c = new Float32Array(this.semanticDims);
    for (const word of this.vectors.words) {
      if (!this.stats.isContentWord(word)) continue;
      const v = this.vectors.get(word);
      if (!v) continue;
      const p = this.stats.probability(word);
      const w = (p * sifA) / (sifA + p);
      for (let d = 0; d < c.length; d++) c[d]! += w * v[d]!;
    }
    return normalizeInPlace(c);
  }
}

/** Every lowercase word, stop words included: for texts made only of stop words. */
function fallbackWords(text: string): Array<{ word: string; term: string }> {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => ({ word: w, term: w }));
}
