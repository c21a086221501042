/** Two article indexes. */
export interface Pair {
  a: number;
  b: number;
}

interface Labelled {
  category: string;
  published_at: number;
  cluster: string;
}

const DAY = 86_400_000;

/** A small seeded PRNG (mulberry32), so every run samples the same pairs. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Same-story pairs (a random article with a random other article of its story), random different-story pairs,
 * and hard different-story pairs (same category, published within 2 days).
 */
export function samplePairs(rows: Labelled[], count: number, seed: number) {
  const rnd = seededRandom(seed);
  const pick = (n: number) => Math.floor(rnd() * n);
  const byStory = new Map<string, number[]>();
  rows.forEach((r, i) => byStory.set(r.cluster, [...(byStory.get(r.cluster) ?? []), i]));
  const byCategory = new Map<string, number[]>();
  rows.forEach((r, i) => byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), i]));
  for (const list of byCategory.values()) list.sort((x, y) => rows[x]!.published_at - rows[y]!.published_at);

  const positive: Pair[] = [];
  while (positive.length < count) {
    const a = pick(rows.length);
    const mates = byStory.get(rows[a]!.cluster)!;
    if (mates.length < 2) continue;
    const b = mates[pick(mates.length)]!;
    if (b !== a) positive.push({ a, b });
  }
  const random: Pair[] = [];
  while (random.length < count) {
    const a = pick(rows.length);
    const b = pick(rows.length);
    if (rows[a]!.cluster !== rows[b]!.cluster) random.push({ a, b });
  }
  const hard: Pair[] = [];
  while (hard.length < count) {
    const a = pick(rows.length);
    const list = byCategory.get(rows[a]!.category)!;
    const t = rows[a]!.published_at;
    const lo = lowerBound(list, (i) => rows[i]!.published_at >= t - 2 * DAY);
    const hi = lowerBound(list, (i) => rows[i]!.published_at > t + 2 * DAY);
    const b = list[lo + pick(hi - lo)]!;
    if (rows[a]!.cluster !== rows[b]!.cluster) hard.push({ a, b });
  }
  return { positive, random, hard };
}

function lowerBound(list: number[], atOrAfter: (i: number) => boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (atOrAfter(list[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** ROC AUC: the chance that a random positive scores above a random negative (ties count half). */
export function rocAuc(positives: number[], negatives: number[]): number {
  const all = [
    ...positives.map((s) => ({ s, pos: true })),
    ...negatives.map((s) => ({ s, pos: false })),
  ].sort((x, y) => x.s - y.s);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j]!.s === all[i]!.s) j++;
    const midRank = (i + j + 1) / 2; // ranks are 1-based
    for (let k = i; k < j; k++) if (all[k]!.pos) rankSum += midRank;
    i = j;
  }
  const p = positives.length;
  return (rankSum - (p * (p + 1)) / 2) / (p * negatives.length);
}
