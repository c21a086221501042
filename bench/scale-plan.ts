// Which dev record each generated article copies, in which round, and when it appears. Typed arrays only: a 1M plan
// is about 18 MB, with no object per article.
import { unit, type DevCorpus } from "./scale-corpus";

export const DAY_MS = 86_400_000;
export const WINDOW_MS = 90 * DAY_MS;

export interface ScalePlan {
  size: number;
  /** Rounds of the corpus: round 0 is the real headlines, each further round a varied copy of every story. */
  rounds: number;
  clusterCount: number;
  /** Per article: the dev record it copies, its round, and its time (published). */
  record: Int32Array;
  round: Uint16Array;
  time: Float64Array;
  /** Article indices by time. */
  order: Uint32Array;
}

/** A story instance: one dev story replayed in one round. */
export const instanceOf = (plan: ScalePlan, article: number, cluster: number) =>
  plan.round[article]! * plan.clusterCount + cluster;

/**
 * `size` articles: whole rounds of the corpus, the last one a random subset (so every story is there at a smaller
 * size). Each story instance starts at a random point of the 90 days before `end` and keeps the dev story's own
 * spacing of its reports, so instances overlap as real news does and density grows with the size.
 */
export function planArticles(corpus: DevCorpus, size: number, end: number): ScalePlan {
  const n = corpus.records.length;
  const rounds = Math.ceil(size / n);
  const record = new Int32Array(size);
  const round = new Uint16Array(size);
  const time = new Float64Array(size);
  const lastCount = size - (rounds - 1) * n;
  const subset = shuffled(n, size);
  let k = 0;
  for (let r = 0; r < rounds; r++) {
    const count = r < rounds - 1 ? n : lastCount;
    for (let j = 0; j < count; j++) {
      record[k] = r < rounds - 1 ? j : subset[j]!;
      round[k] = r;
      k++;
    }
  }
  const start = end - WINDOW_MS;
  const clusterCount = corpus.clusters.length;
  for (let i = 0; i < size; i++) {
    const rec = corpus.records[record[i]!]!;
    const c = corpus.clusters[rec.cluster]!;
    const room = Math.max(0, WINDOW_MS - c.span - 3_600_000);
    const offset = unit("instance", round[i]!, rec.cluster) * room;
    // A minute's jitter keeps reports that shared a dev timestamp apart.
    time[i] = Math.min(
      end - 60_000,
      start + offset + (rec.time - c.first) + Math.floor(unit("jitter", i) * 60_000),
    );
  }
  const order = new Uint32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  order.sort((a, b) => time[a]! - time[b]! || a - b);
  return { size, rounds, clusterCount, record, round, time, order };
}

/** 0..n-1 in a random order fixed by `seed` (Fisher–Yates over a hash stream). */
function shuffled(n: number, seed: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(unit("shuffle", seed, i) * (i + 1));
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
