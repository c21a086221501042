import { addScaled, dot, norm, type Sparse } from "../clustering/sparse";
import { TermStats } from "../clustering/term-stats";
import { articleWords } from "../text/tokenize";

/**
 * Topic clusters: stories about one larger subject (an election, a war, a trial) grouped together. Recomputed
 * periodically over recent stories. Each story is described by the TF-IDF of its members' headlines and by its
 * entities; stories join, oldest first, the topic whose centroid they resemble most, when the resemblance passes
 * a bar set well under the story-join bar (a topic spans developments that a single story would keep apart).
 * Topic ids stay stable across recomputations by member overlap.
 */

export interface TopicStory {
  id: number;
  headline: string;
  category: string;
  articleCount: number;
  firstSeen: number;
  lastUpdated: number;
  /** Member headlines. */
  titles: string[];
  entityIds: number[];
}

export interface Topic {
  id: number;
  headline: string;
  category: string;
  storyIds: number[];
}

/** Cosine a story needs with a topic's centroid to join it. */
export const TOPIC_JOIN = 0.22;
/** Weight of shared entities relative to shared words. */
const ENTITY_WEIGHT = 0.5;
/** A story looks up topics through its strongest features only, each listing at most its latest groups. */
const QUERY_FEATURES = 8;
const MAX_POSTINGS = 200;
/** Share of a previous topic's stories a new topic must hold to keep its id. */
const KEEP_ID_OVERLAP = 0.3;

function storyVector(s: TopicStory, stats: TermStats): Sparse {
  const v: Sparse = new Map();
  for (const title of s.titles)
    for (const w of articleWords(title, null)) v.set(w.term, (v.get(w.term) ?? 0) + 1);
  for (const [t, tf] of v) v.set(t, (1 + Math.log(tf)) * stats.idf(t));
  const n = norm(v) || 1;
  for (const [t, w] of v) v.set(t, w / n);
  if (s.entityIds.length) {
    const e = ENTITY_WEIGHT / Math.sqrt(s.entityIds.length);
    for (const id of s.entityIds) v.set(`entity:${id}`, e);
    const n2 = norm(v) || 1;
    for (const [t, w] of v) v.set(t, w / n2);
  }
  return v;
}

/** Groups stories into topics; only groups of two or more stories are topics. */
export function clusterTopics(stories: TopicStory[], previous: Topic[], nextId: () => number): Topic[] {
  const stats = new TermStats();
  for (const s of stories) stats.add(s.titles.flatMap((t) => articleWords(t, null).map((w) => w.term)));
  // Each group keeps the squared norm of its sum up to date as stories join and leave.
  const groups: Array<{ sum: Sparse; sq: number; members: Set<TopicStory> }> = [];
  const sorted = [...stories].sort((a, b) => a.firstSeen - b.firstSeen || a.id - b.id);
  const vectors = new Map(sorted.map((s) => [s.id, storyVector(s, stats)]));
  const groupOf = new Map<number, number>();
  // Inverted index from feature to groups, so a story is compared only with topics sharing one of its strongest
  // features; each feature lists at most its most recent groups, so a common word never makes it a scan.
  const index = new Map<string, number[]>();
  const join = (s: TopicStory, g: number) => {
    const v = vectors.get(s.id)!;
    const group = groups[g]!;
    // |S + v|² = |S|² + 2 S·v + |v|², so the norm follows without a pass over the whole sum.
    group.sq = Math.max(0, group.sq + 2 * dot(group.sum, v) + dot(v, v));
    addScaled(group.sum, v);
    group.members.add(s);
    groupOf.set(s.id, g);
    for (const f of v.keys()) {
      let list = index.get(f);
      if (!list) index.set(f, (list = []));
      if (list.at(-1) !== g) list.push(g);
      if (list.length > 2 * MAX_POSTINGS) list.splice(0, list.length - MAX_POSTINGS);
    }
  };
  const leave = (s: TopicStory, g: number) => {
    const group = groups[g]!;
    const v = vectors.get(s.id)!;
    group.sq = Math.max(0, group.sq - 2 * dot(group.sum, v) + dot(v, v));
    addScaled(group.sum, v, -1);
    group.members.delete(s);
  };
  const bestGroup = (s: TopicStory): number => {
    const v = vectors.get(s.id)!;
    const candidates = new Set<number>();
    const top = [...v.entries()].sort((a, b) => b[1] - a[1]).slice(0, QUERY_FEATURES);
    for (const [f] of top) for (const g of (index.get(f) ?? []).slice(-MAX_POSTINGS)) candidates.add(g);
    let best = -1;
    let bestSim = TOPIC_JOIN;
    for (const g of candidates) {
      const group = groups[g]!;
      if (group.members.size === 0) continue;
      const sim = dot(v, group.sum) / (Math.sqrt(group.sq) || 1);
      if (sim >= bestSim) [best, bestSim] = [g, sim];
    }
    return best;
  };
  // One pass in time order, then two rounds in which every story moves to the topic that fits it best without
  // itself: early stories judged against young topics get a second look.
  for (const s of sorted) {
    const g = bestGroup(s);
    if (g >= 0) join(s, g);
    else {
      groups.push({ sum: new Map(), sq: 0, members: new Set() });
      join(s, groups.length - 1);
    }
  }
  for (let round = 0; round < 2; round++) {
    let moved = 0;
    for (const s of sorted) {
      const own = groupOf.get(s.id)!;
      leave(s, own);
      let g = bestGroup(s);
      if (g < 0) g = own;
      if (g !== own) moved++;
      join(s, g);
    }
    if (moved === 0) break;
  }

  const formed = groups.filter((g) => g.members.size >= 2).map((g) => ({ members: [...g.members] }));
  // Stable ids: each new topic takes the id of the previous topic it overlaps most, when the overlap is enough.
  const previousOf = new Map<number, number>();
  for (const p of previous) for (const id of p.storyIds) previousOf.set(id, p.id);
  const sizeOf = new Map(previous.map((p) => [p.id, p.storyIds.length]));
  const claims: Array<{ g: number; prev: number; share: number }> = [];
  formed.forEach((g, i) => {
    const counts = new Map<number, number>();
    for (const s of g.members) {
      const p = previousOf.get(s.id);
      if (p !== undefined) counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    for (const [prev, n] of counts) {
      const share = n / Math.max(sizeOf.get(prev) ?? 1, g.members.length);
      if (share >= KEEP_ID_OVERLAP) claims.push({ g: i, prev, share });
    }
  });
  claims.sort((a, b) => b.share - a.share || a.prev - b.prev);
  const idOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const c of claims) {
    if (idOf.has(c.g) || taken.has(c.prev)) continue;
    idOf.set(c.g, c.prev);
    taken.add(c.prev);
  }
  return formed.map((g, i) => {
    const lead = [...g.members].sort(
      (a, b) => b.articleCount - a.articleCount || b.lastUpdated - a.lastUpdated,
    )[0]!;
    const cats = new Map<string, number>();
    for (const s of g.members) cats.set(s.category, (cats.get(s.category) ?? 0) + s.articleCount);
    const category = [...cats].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    return {
      id: idOf.get(i) ?? nextId(),
      headline: lead.headline,
      category,
      storyIds: g.members.map((s) => s.id),
    };
  });
}
