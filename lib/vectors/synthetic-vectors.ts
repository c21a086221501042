import { EMBEDDING_DIMENSIONS } from "../embeddings/embedder";

/** A seeded uniform generator in [0, 1) (mulberry32): the same seed gives the same corpus on every machine. */
export function seededRandom(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unitVector(rand: () => number, dims: number): Float32Array {
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i += 2) {
    // Box–Muller: two independent normal values per pair of uniforms.
    const r = Math.sqrt(-2 * Math.log(rand() || 1e-12));
    const a = 2 * Math.PI * rand();
    v[i] = r * Math.cos(a);
    if (i + 1 < dims) v[i + 1] = r * Math.sin(a);
  }
  return normalise(v);
}

function normalise(v: Float32Array): Float32Array {
  let n = 0;
  for (const x of v) n += x * x;
  const k = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i]! *= k;
  return v;
}

/**
 * Share of a vector's squared length per component. News embeddings are not spread evenly over the sphere: every
 * text shares a common direction, articles on one topic share more, reports of one story more still. These give
 * cosines of about 0.75 within a story, 0.45 within a topic and 0.15 between unrelated articles, close to what
 * text-embedding-3-small shows on news.
 */
const SHARE = { common: 0.15, topic: 0.3, story: 0.3, noise: 0.25 };

export interface SyntheticVectors {
  /** The next article's vector (unit length) and the story it belongs to. */
  next(): { vector: Float32Array; story: number };
}

/**
 * Clustered, embedding-like unit vectors: `topics` topic centres, `stories` story centres each under one topic,
 * and per-article isotropic noise. The centres are fixed by `seed`, the articles drawn by `stream` (default: the
 * seed): two streams over one seed are two samples of the same news, e.g. a corpus and the queries run against it.
 */
export function syntheticVectors(opts: {
  seed: number;
  topics: number;
  stories: number;
  stream?: number;
  dimensions?: number;
}): SyntheticVectors {
  const dims = opts.dimensions ?? EMBEDDING_DIMENSIONS;
  const rand = seededRandom(opts.seed);
  const common = unitVector(rand, dims);
  const topics = Array.from({ length: opts.topics }, () => unitVector(rand, dims));
  const stories = Math.max(1, Math.floor(opts.stories));
  const storyTopic = Array.from({ length: stories }, () => Math.floor(rand() * opts.topics));
  // A story's centre is drawn from its own seed each time it is needed: keeping ~100k of them (a million-article
  // corpus) would take most of a gigabyte.
  const centre = (s: number) => unitVector(seededRandom(opts.seed * 7919 + s), dims);
  const draw = seededRandom(opts.stream ?? opts.seed * 31 + 17);
  const w = {
    common: Math.sqrt(SHARE.common),
    topic: Math.sqrt(SHARE.topic),
    story: Math.sqrt(SHARE.story),
    noise: Math.sqrt(SHARE.noise),
  };
  return {
    next() {
      const story = Math.floor(draw() * stories);
      const t = topics[storyTopic[story]!]!;
      const c = centre(story);
      const noise = unitVector(draw, dims);
      const v = new Float32Array(dims);
      for (let i = 0; i < dims; i++) {
        v[i] = w.common * common[i]! + w.topic * t[i]! + w.story * c[i]! + w.noise * noise[i]!;
      }
      return { vector: normalise(v), story };
    },
  };
}
