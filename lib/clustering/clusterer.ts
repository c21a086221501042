import { addScaled, dot, norm, type Sparse } from "./sparse";
import { TermStats } from "./term-stats";

export interface ClusterParams {
  /** Minimum combined similarity for an article to join a story. */
  joinThreshold: number;
  /** Minimum similarity of two story centroids for a merge. */
  mergeThreshold: number;
  /** Weight of the TF-IDF cosine; the rest goes to the word-vector cosine when there is one. */
  textWeight: number;
  /** e-folding time of the similarity decay with the gap between an article and a story's last article. */
  decayMs: number;
  /** Length of a news cycle (a day) and where it starts (offset from UTC midnight). */
  cycleMs: number;
  cycleOffsetMs: number;
  /**
   * Evidence factor per news cycle between an article and a story's home cycle (the cycle holding most of its
   * articles). Coverage on a later cycle usually reports a new development; it rejoins only on strong evidence.
   */
  cycleFactor: number;
  /**
   * Late-breaking bursts: a story that broke within this long of the end of its news cycle, and drew at least
   * `burstMinReports` reports before the cycle ended, keeps its own cycle for a full `cycleMs` after it broke.
   */
  burstWindowMs: number;
  burstMinReports: number;
  /** Stories idle longer than this are no longer candidates (evidence decays well before). */
  horizonMs: number;
  /** Stories in different categories never share articles when true; otherwise they pay `categoryPenalty`. */
  categoryHard: boolean;
  categoryPenalty: number;
  /** How many of each term's most recent stories a lookup considers. */
  maxPostings: number;
  /** How many of an article's highest-weighted terms are used to look up candidate stories. */
  queryTerms: number;
  /** Stories this small merge at the join threshold rather than the merge threshold. */
  fragmentSize: number;
  /** How much better another story must fit an article before `refine` moves it. */
  refineMargin: number;
  /** Refinement rounds when a news cycle closes (0 turns refinement off). */
  refineRounds: number;
  /** Run a merge pass over recently changed stories after this many assignments. */
  mergeEvery: number;
  /**
   * Splits, when a news cycle closes: a story of at least `splitMinSize` articles whose members fall into two
   * groups of at least `splitMinPart`, with TF-IDF centroids less similar than `splitMaxSimilarity`, becomes two;
   * each part is examined again. The bar sits under the merge threshold, so the merge pass rarely glues the parts
   * back.
   */
  splitMinSize: number;
  splitMinPart: number;
  splitMaxSimilarity: number;
  /** Weight of an excerpt term relative to a headline term (the headline is the editor's summary of the story). */
  excerptWeight: number;
}

/**
 * Defaults for headlines with word vectors. Each value has a reason, checked on the dev stream and the simulated
 * newswire (docs/clustering.md): thresholds sit where a headline shares its story's distinctive terms; a later news
 * cycle needs about three times the evidence, except for a burst that broke late in its cycle; category
 * disagreement halves it (categories from feeds are noisy, so it is not a wall).
 */
export const DEFAULT_PARAMS: ClusterParams = {
  joinThreshold: 0.25,
  mergeThreshold: 0.4,
  textWeight: 0.75,
  decayMs: 2 * 86_400_000,
  horizonMs: 14 * 86_400_000,
  cycleMs: 86_400_000,
  cycleOffsetMs: 0,
  cycleFactor: 0.3,
  burstWindowMs: 18 * 3_600_000,
  burstMinReports: 5,
  categoryHard: false,
  categoryPenalty: 0.5,
  queryTerms: 8,
  maxPostings: 300,
  mergeEvery: 200,
  fragmentSize: 2,
  refineMargin: 0.05,
  refineRounds: 2,
  splitMinSize: 6,
  splitMinPart: 3,
  splitMaxSimilarity: 0.3,
  excerptWeight: 0.5,
};

/** Without word vectors the TF-IDF cosine alone decides; its scale calls for a slightly lower join bar. */
export const TEXT_ONLY_PARAMS: ClusterParams = {
  ...DEFAULT_PARAMS,
  textWeight: 1,
  joinThreshold: 0.2,
  mergeThreshold: 0.3,
};

export interface ClusterArticle {
  id: number;
  terms: string[];
  /** Terms of the feed's excerpt, when there is one (weaker evidence than the headline's, see `excerptWeight`). */
  excerptTerms?: string[];
  category: string | null;
  /** Article time (ms): publication time, else discovery time. Never the wall clock. */
  time: number;
  /** Unit-length dense embedding, when one is available. */
  vector?: Float32Array;
  /** Carried along for the caller (e.g. to name a story produced by a split); not used for similarity. */
  title?: string;
}

export interface StoryState {
  id: number;
  category: string | null;
  /** Sum of the members' unit TF-IDF vectors: its direction is the centroid. */
  sum: Sparse;
  sumNorm: number;
  vecSum: Float32Array | null;
  size: number;
  firstTime: number;
  lastTime: number;
  /** Sum of the members' times: with `size`, the story's centre in time. */
  timeSum: number;
  members: number[];
  /** Articles per news cycle; the cycle with the most is the story's home. */
  cycles: Map<number, number>;
  /** When the own cycle of a late-breaking burst ends (see `burstWindowMs`); NaN when the story is not one. */
  burstEnd: number;
  home: number;
}

export interface AssignReasons {
  text: number;
  vector: number | null;
  decay: number;
  score: number;
  candidates: number;
}

export type ClusterEvent =
  | { type: "create"; storyId: number; articleId: number }
  | { type: "join"; storyId: number; articleId: number; reasons: AssignReasons }
  | { type: "merge"; survivorId: number; mergedIds: number[]; similarity: number }
  | { type: "move"; articleId: number; fromId: number; toId: number; score: number }
  | {
      type: "split";
      /** The original story: it keeps the larger group. */
      storyId: number;
      newId: number;
      /** Articles moved to the new story. */
      movedIds: number[];
      similarity: number;
      /** The most central article of each part, to name it. */
      centralIds: { original: number; created: number };
    };

/**
 * Streaming story clustering. Each article joins the most similar live story (TF-IDF cosine against the story
 * centroid, optionally blended with a word-vector cosine, decayed by the time gap) or starts a new one. Candidates
 * come from an inverted index over terms, so the cost does not grow with the number of stories. Every
 * `mergeEvery` assignments, stories that have converged are merged. Stories get ids from `nextId`.
 */
export class StreamClusterer {
  readonly stats = new TermStats();
  readonly stories = new Map<number, StoryState>();
  /** Term → ids of stories holding it, in the order they gained it (most recent last). */
  private postings = new Map<string, number[]>();
  private dirty = new Set<number>();
  private openCycle: number | undefined;
  private memberData = new Map<number, { a: ClusterArticle; v: Sparse; story: number }>();
  private sinceMerge = 0;
  private latest = 0;

  constructor(
    readonly params: ClusterParams = DEFAULT_PARAMS,
    private readonly nextId: () => number = sequence(),
  ) {}

  /**
   * The article's unit TF-IDF vector under the current term statistics. Excerpt terms count `excerptWeight` of a
   * headline occurrence each; term frequency is damped (1 + log tf above one occurrence).
   */
  weigh(terms: string[], excerptTerms: string[] = []): Sparse {
    const v: Sparse = new Map();
    for (const t of terms) v.set(t, (v.get(t) ?? 0) + 1);
    for (const t of excerptTerms) v.set(t, (v.get(t) ?? 0) + this.params.excerptWeight);
    for (const [t, tf] of v) v.set(t, (tf > 1 ? 1 + Math.log(tf) : tf) * this.stats.idf(t));
    const n = norm(v);
    if (n > 0) for (const [t, w] of v) v.set(t, w / n);
    return v;
  }

  assign(a: ClusterArticle): ClusterEvent[] {
    const events: ClusterEvent[] = [];
    const cycle = this.cycleOf(a.time);
    if (this.openCycle === undefined) this.openCycle = cycle;
    else if (cycle > this.openCycle) {
      events.push(...this.closeCycle(this.openCycle));
      this.openCycle = cycle;
    }
    this.stats.add(documentTerms(a));
    this.latest = Math.max(this.latest, a.time);
    const v = this.weigh(a.terms, a.excerptTerms);
    const best = this.bestStory(a, v);
    if (best && best.reasons.score >= this.params.joinThreshold) {
      this.addMember(best.story, a, v);
      events.push({ type: "join", storyId: best.story.id, articleId: a.id, reasons: best.reasons });
    } else {
      const story = this.createStory(a, v);
      events.push({ type: "create", storyId: story.id, articleId: a.id });
    }
    if (++this.sinceMerge >= this.params.mergeEvery) events.push(...this.mergePass());
    return events;
  }

  /**
   * Stories sharing one of the vector's top terms. Each term contributes at most `maxPostings` of its most
   * recent stories, so a very common term never turns the lookup into a scan of every story.
   */
  private candidates(v: Sparse, exclude?: number): Set<number> {
    const top = [...v.entries()].sort((x, y) => y[1] - x[1]).slice(0, this.params.queryTerms);
    const out = new Set<number>();
    for (const [t] of top) {
      const p = this.postings.get(t);
      if (!p) continue;
      for (let i = p.length - 1, seen = 0; i >= 0 && seen < this.params.maxPostings; i--, seen++) {
        const id = p[i] as number;
        if (id !== exclude) out.add(id);
      }
    }
    return out;
  }

  private post(term: string, storyId: number): void {
    let p = this.postings.get(term);
    if (!p) this.postings.set(term, (p = []));
    p.push(storyId);
    // Compact now and then: drop stories that are gone, keep the recent tail.
    if (p.length > 4 * this.params.maxPostings) {
      const seen = new Set<number>();
      const kept: number[] = [];
      for (let i = p.length - 1; i >= 0 && kept.length < 2 * this.params.maxPostings; i--) {
        const id = p[i] as number;
        if (seen.has(id) || !this.stories.has(id)) continue;
        seen.add(id);
        kept.push(id);
      }
      this.postings.set(term, kept.reverse());
    }
  }

  private bestStory(
    a: ClusterArticle,
    v: Sparse,
    exclude?: number,
  ): { story: StoryState; reasons: AssignReasons } | null {
    const ids = this.candidates(v, exclude);
    let best: { story: StoryState; reasons: AssignReasons } | null = null;
    for (const id of ids) {
      const s = this.stories.get(id);
      if (!s || !this.live(s, a.time)) continue;
      const penalty = this.categoryFactor(a.category, s.category);
      const decay = this.decay(s, a.time);
      // Similarities are at most 1: a story whose time and category factors alone keep it below the bar (or
      // below the best so far) cannot win, so its vectors are never compared.
      const bound = decay * penalty;
      if (bound < this.params.joinThreshold || (best && bound <= best.reasons.score)) continue;
      const text = this.linkage(dot(v, s.sum), s);
      const vector = a.vector && s.vecSum ? cosDense(a.vector, s.vecSum) : null;
      const sim =
        vector === null ? text : this.params.textWeight * text + (1 - this.params.textWeight) * vector;
      const score = sim * bound;
      if (!best || score > best.reasons.score)
        best = { story: s, reasons: { text, vector, decay, score, candidates: ids.size } };
    }
    return best;
  }

  /**
   * Cosine between a vector with dot product `d` with the story's sum and norm `groupNorm`, and the story's
   * centroid. A single article is a unit vector; a story passes its own sum's norm.
   */
  private linkage(d: number, s: StoryState, groupNorm = 1): number {
    return s.sumNorm > 0 ? d / (s.sumNorm * groupNorm) : 0;
  }

  /**
   * How much a story's evidence still counts for an article at `time`. Two effects: the gap since the story's
   * last article (a story that went quiet fades), and the news cycles between the article and the story's home
   * (coverage of an event on a later cycle is usually a new development, and must win on its own evidence to
   * rejoin).
   */
  private decay(s: StoryState, time: number): number {
    const gap = time < s.firstTime ? s.firstTime - time : Math.max(0, time - s.lastTime);
    return (
      Math.exp(-gap / this.params.decayMs) * Math.pow(this.params.cycleFactor, this.cycleDistance(s, time))
    );
  }

  /**
   * News cycles between a story's home and `time`. The calendar cycle stands for a story's first day of coverage
   * when the story broke early in it. A burst that broke late (see `burstWindowMs`) would be cut in its prime by
   * the cycle's end, so its own cycle runs for `cycleMs` from its first report instead, and its home is the cycle
   * it broke in even when most of the burst falls after the boundary.
   */
  private cycleDistance(s: StoryState, time: number): number {
    const end = s.burstEnd;
    if (Number.isNaN(end)) return Math.abs(this.cycleOf(time) - s.home);
    if (time >= s.firstTime && time < end) return 0;
    const broke = this.cycleOf(s.firstTime);
    const home = s.home === broke + 1 ? broke : s.home;
    return Math.abs(this.cycleOf(time) - home);
  }

  /** Recomputes `burstEnd` after the story's members changed. */
  private refreshBurst(s: StoryState): void {
    const { burstWindowMs, burstMinReports, cycleMs, cycleOffsetMs } = this.params;
    const broke = this.cycleOf(s.firstTime);
    const late = (broke + 1) * cycleMs + cycleOffsetMs - s.firstTime <= burstWindowMs;
    s.burstEnd = late && (s.cycles.get(broke) ?? 0) >= burstMinReports ? s.firstTime + cycleMs : Number.NaN;
  }

  private cycleOf(time: number): number {
    return Math.floor((time - this.params.cycleOffsetMs) / this.params.cycleMs);
  }

  private countCycle(s: StoryState, cycle: number, n: number): void {
    const c = (s.cycles.get(cycle) ?? 0) + n;
    s.cycles.set(cycle, c);
    const home = s.cycles.get(s.home) ?? 0;
    if (c > home || (c === home && cycle > s.home)) s.home = cycle;
  }

  /**
   * The time factor between two stories: the gap between their spans, and the news cycles between their homes
   * (for a late-breaking burst, between its own cycle and the other story's centre in time).
   */
  private pairDecay(a: StoryState, b: StoryState): number {
    const gap = Math.max(0, Math.max(a.firstTime, b.firstTime) - Math.min(a.lastTime, b.lastTime));
    const cycles =
      Number.isNaN(a.burstEnd) && Number.isNaN(b.burstEnd)
        ? Math.abs(a.home - b.home)
        : Math.min(this.cycleDistance(a, b.timeSum / b.size), this.cycleDistance(b, a.timeSum / a.size));
    return Math.exp(-gap / this.params.decayMs) * Math.pow(this.params.cycleFactor, cycles);
  }

  private categoryFactor(a: string | null, b: string | null): number {
    if (!a || !b || a === b) return 1;
    return this.params.categoryHard ? 0 : this.params.categoryPenalty;
  }

  private live(s: StoryState, time: number): boolean {
    return time - s.lastTime <= this.params.horizonMs && s.firstTime - time <= this.params.horizonMs;
  }

  private createStory(a: ClusterArticle, v: Sparse): StoryState {
    return this.createStoryWithId(this.nextId(), a, v);
  }

  private createStoryWithId(id: number, a: ClusterArticle, v: Sparse): StoryState {
    const s: StoryState = {
      id,
      category: a.category,
      sum: new Map(),
      sumNorm: 0,
      vecSum: a.vector ? new Float32Array(a.vector.length) : null,
      size: 0,
      firstTime: a.time,
      lastTime: a.time,
      timeSum: 0,
      members: [],
      cycles: new Map(),
      burstEnd: Number.NaN,
      home: this.cycleOf(a.time),
    };
    this.stories.set(s.id, s);
    this.addMember(s, a, v);
    return s;
  }

  private addMember(s: StoryState, a: ClusterArticle, v: Sparse): void {
    addScaled(s.sum, v);
    s.sumNorm = norm(s.sum);
    if (a.vector && s.vecSum) for (let i = 0; i < a.vector.length; i++) s.vecSum[i]! += a.vector[i]!;
    s.size++;
    s.timeSum += a.time;
    s.firstTime = Math.min(s.firstTime, a.time);
    s.lastTime = Math.max(s.lastTime, a.time);
    s.members.push(a.id);
    this.memberData.set(a.id, { a, v, story: s.id });
    this.countCycle(s, this.cycleOf(a.time), 1);
    this.refreshBurst(s);
    // Every member re-posts its terms, so an active story stays among each term's most recent postings.
    for (const t of v.keys()) this.post(t, s.id);
    this.dirty.add(s.id);
  }

  /** An article still held in memory, as it was given to `assign` or `restore`. */
  member(id: number): ClusterArticle | undefined {
    return this.memberData.get(id)?.a;
  }

  /** Rebuilds a stored story in memory (after a restart), without assignment logic. */
  restore(id: number, members: ClusterArticle[]): StoryState | undefined {
    const [first, ...rest] = members;
    if (!first) return undefined;
    const s = this.createStoryWithId(id, first, this.weigh(first.terms, first.excerptTerms));
    for (const m of rest) this.addMember(s, m, this.weigh(m.terms, m.excerptTerms));
    this.dirty.delete(id);
    return s;
  }

  /**
   * One k-means-style step: every article in memory moves to the story that now fits it best, when that story
   * beats its own (scored without the article itself). Early arrivals judged against small, young stories get a
   * second look once the stories have taken shape.
   */
  refine(cycle?: number): ClusterEvent[] {
    const events: ClusterEvent[] = [];
    for (const [id, m] of this.memberData) {
      if (cycle !== undefined && this.cycleOf(m.a.time) !== cycle) continue;
      const s = this.stories.get(m.story);
      if (!s) continue;
      let own = 0;
      if (s.size > 1) {
        const d = dot(m.v, s.sum);
        const n2 = s.sumNorm * s.sumNorm - 2 * d + 1;
        const text = n2 > 1e-9 ? (d - 1) / Math.sqrt(n2) : 0;
        let vector: number | null = null;
        if (m.a.vector && s.vecSum) {
          let dv = 0;
          let nn = 0;
          for (let i = 0; i < m.a.vector.length; i++) {
            const rest = s.vecSum[i]! - m.a.vector[i]!;
            dv += m.a.vector[i]! * rest;
            nn += rest * rest;
          }
          vector = nn > 1e-9 ? dv / Math.sqrt(nn) : 0;
        }
        const sim =
          vector === null ? text : this.params.textWeight * text + (1 - this.params.textWeight) * vector;
        own = sim * this.decay(s, m.a.time) * this.categoryFactor(m.a.category, s.category);
      }
      const best = this.bestStory(m.a, m.v, s.id);
      if (
        !best ||
        best.reasons.score < this.params.joinThreshold ||
        best.reasons.score <= own + this.params.refineMargin
      )
        continue;
      this.removeMember(s, m.a, m.v);
      this.addMember(best.story, m.a, m.v);
      events.push({
        type: "move",
        articleId: id,
        fromId: s.id,
        toId: best.story.id,
        score: best.reasons.score,
      });
      // A story emptied by moves has in effect merged into the story that took its last article.
      if (s.size === 0)
        events.push({
          type: "merge",
          survivorId: best.story.id,
          mergedIds: [s.id],
          similarity: best.reasons.score,
        });
    }
    return events;
  }

  /**
   * Revisits a news cycle once it has closed: two refinement rounds, each followed by a merge pass.
   * Called by `assign` when the stream enters a new cycle, and by `settle` for the cycle still open.
   */
  private closeCycle(cycle: number): ClusterEvent[] {
    const events: ClusterEvent[] = [...this.splitPass(cycle)];
    for (let round = 0; round < this.params.refineRounds; round++) {
      const moved = this.refine(cycle);
      events.push(...moved, ...this.mergePass());
      if (moved.length === 0) break;
    }
    return events;
  }

  /**
   * Splits stories with reporting in `cycle` whose members have drifted into two separate groups. Both parts of a
   * split are examined again, so a story that glued three events ends as three (each split shrinks a story, so
   * this ends).
   */
  splitPass(cycle: number): ClusterEvent[] {
    const events: ClusterEvent[] = [];
    const queue = new Set<number>();
    for (const m of this.memberData.values()) if (this.cycleOf(m.a.time) === cycle) queue.add(m.story);
    for (const id of queue) {
      const s = this.stories.get(id);
      if (!s || s.size < this.params.splitMinSize) continue;
      const split = this.twoGroups(s);
      if (!split) continue;
      const [keep, move] =
        split.groups[0].length >= split.groups[1].length ? split.groups : [split.groups[1], split.groups[0]];
      const first = this.memberData.get(move[0] as number);
      if (!first) continue;
      this.removeMember(s, first.a, first.v);
      const created = this.createStory(first.a, first.v);
      for (const mid of move.slice(1)) {
        const d = this.memberData.get(mid);
        if (!d) continue;
        this.removeMember(s, d.a, d.v);
        this.addMember(created, d.a, d.v);
      }
      events.push({
        type: "split",
        storyId: s.id,
        newId: created.id,
        movedIds: move,
        similarity: split.similarity,
        centralIds: { original: this.central(s, keep), created: this.central(created, move) },
      });
      // A Set iterates over entries added during the loop: the parts are examined in turn.
      queue.delete(s.id);
      queue.add(s.id);
      queue.add(created.id);
    }
    return events;
  }

  /** The member whose vector is closest to the story's centroid. */
  private central(s: StoryState, ids: number[]): number {
    let best = ids[0] as number;
    let bestSim = -Infinity;
    for (const id of ids) {
      const d = this.memberData.get(id);
      if (!d) continue;
      const sim = dot(d.v, s.sum);
      if (sim > bestSim) [best, bestSim] = [id, sim];
    }
    return best;
  }

  /**
   * Two-means over a story's members in memory (seeded with the member least like the story, then the member
   * least like that one). Returns the groups when both are big enough and their centroids are far apart.
   */
  private twoGroups(s: StoryState): { groups: [number[], number[]]; similarity: number } | null {
    const items = s.members.map((id) => this.memberData.get(id)).filter((d) => d !== undefined);
    if (items.length !== s.size) return null; // members outside memory: too old to judge
    const sim = (v: Sparse, sum: Sparse, n: number) => (n > 0 ? dot(v, sum) / n : 0);
    let seedA = items[0]!;
    let low = Infinity;
    for (const d of items) {
      const x = dot(d.v, s.sum);
      if (x < low) [seedA, low] = [d, x];
    }
    let seedB = items[0]!;
    low = Infinity;
    for (const d of items) {
      const x = dot(d.v, seedA.v);
      if (d !== seedA && x < low) [seedB, low] = [d, x];
    }
    let a: Sparse = new Map(seedA.v);
    let b: Sparse = new Map(seedB.v);
    let groups: [number[], number[]] = [[], []];
    for (let iter = 0; iter < 6; iter++) {
      const na = norm(a) || 1;
      const nb = norm(b) || 1;
      const next: [number[], number[]] = [[], []];
      const sums: [Sparse, Sparse] = [new Map(), new Map()];
      for (const d of items) {
        const g = sim(d.v, a, na) >= sim(d.v, b, nb) ? 0 : 1;
        next[g].push(d.a.id);
        addScaled(sums[g], d.v);
      }
      const same = next[0].length === groups[0].length && next[0].every((x, i) => x === groups[0][i]);
      groups = next;
      [a, b] = sums;
      if (same) break;
    }
    if (Math.min(groups[0].length, groups[1].length) < this.params.splitMinPart) return null;
    const between = dot(a, b) / ((norm(a) || 1) * (norm(b) || 1));
    return between < this.params.splitMaxSimilarity ? { groups, similarity: between } : null;
  }

  /** Settles the open cycle now (end of an import): the final labels then match what a closed cycle gets. */
  settle(): ClusterEvent[] {
    return this.openCycle === undefined ? this.mergePass() : this.closeCycle(this.openCycle);
  }

  private removeMember(s: StoryState, a: ClusterArticle, v: Sparse): void {
    addScaled(s.sum, v, -1);
    s.sumNorm = norm(s.sum);
    if (a.vector && s.vecSum) for (let i = 0; i < a.vector.length; i++) s.vecSum[i]! -= a.vector[i]!;
    s.size--;
    s.timeSum -= a.time;
    s.members.splice(s.members.indexOf(a.id), 1);
    const c = this.cycleOf(a.time);
    s.cycles.set(c, (s.cycles.get(c) ?? 1) - 1);
    this.refreshBurst(s);
    if (s.size === 0) {
      this.stories.delete(s.id);
      this.dirty.delete(s.id);
    } else this.dirty.add(s.id);
  }

  /** Merges recently changed stories into similar live ones (the larger story survives). */
  mergePass(): ClusterEvent[] {
    this.sinceMerge = 0;
    const events: ClusterEvent[] = [];
    // Rounds until nothing merges: a merge can make the survivor similar enough to a third story.
    for (let round = 0; round < 8 && this.dirty.size > 0; round++) {
      const merged = this.mergeRound();
      events.push(...merged);
      if (merged.length === 0) break;
    }
    this.dirty.clear();
    return events;
  }

  private mergeRound(): ClusterEvent[] {
    const events: ClusterEvent[] = [];
    const dirty = [...this.dirty].sort(
      (x, y) => (this.stories.get(y)?.size ?? 0) - (this.stories.get(x)?.size ?? 0),
    );
    this.dirty.clear();
    for (const id of dirty) {
      const s = this.stories.get(id);
      if (!s) continue;
      let best: { other: StoryState; sim: number } | null = null;
      const centroid = scaled(s.sum, 1 / (s.sumNorm || 1));
      for (const oid of this.candidates(centroid, id)) {
        const o = this.stories.get(oid);
        if (!o || this.categoryFactor(s.category, o.category) !== 1) continue;
        if (!this.live(o, s.lastTime) && !this.live(s, o.lastTime)) continue;
        // A fragment of a few articles is judged like late arrivals joining the other story.
        const bar =
          Math.min(s.size, o.size) <= this.params.fragmentSize
            ? this.params.joinThreshold
            : this.params.mergeThreshold;
        const time = this.pairDecay(s, o);
        if (time < bar) continue; // cannot reach the bar whatever the similarity
        const text = this.linkage(dot(s.sum, o.sum), o, s.sumNorm || 1);
        const vector = s.vecSum && o.vecSum ? cosDense(s.vecSum, o.vecSum) : null;
        const blended =
          vector === null ? text : this.params.textWeight * text + (1 - this.params.textWeight) * vector;
        const sim = blended * time;
        if (sim >= bar && (!best || sim > best.sim)) best = { other: o, sim };
      }
      if (!best) continue;
      const [survivor, gone] = best.other.size >= s.size ? [best.other, s] : [s, best.other];
      this.absorb(survivor, gone);
      events.push({ type: "merge", survivorId: survivor.id, mergedIds: [gone.id], similarity: best.sim });
    }
    return events;
  }

  private absorb(into: StoryState, gone: StoryState): void {
    addScaled(into.sum, gone.sum);
    into.sumNorm = norm(into.sum);
    if (into.vecSum && gone.vecSum)
      for (let i = 0; i < into.vecSum.length; i++) into.vecSum[i]! += gone.vecSum[i]!;
    into.size += gone.size;
    into.timeSum += gone.timeSum;
    into.firstTime = Math.min(into.firstTime, gone.firstTime);
    into.lastTime = Math.max(into.lastTime, gone.lastTime);
    into.members.push(...gone.members);
    for (const m of gone.members) {
      const d = this.memberData.get(m);
      if (d) d.story = into.id;
    }
    for (const [cycle, n] of gone.cycles) this.countCycle(into, cycle, n);
    this.refreshBurst(into);
    for (const t of gone.sum.keys()) this.post(t, into.id);
    this.stories.delete(gone.id);
    this.dirty.delete(gone.id);
    this.dirty.add(into.id);
  }

  /** Drops stories idle past the horizon from memory (they stay in the database). */
  evict(now = this.latest): number {
    let n = 0;
    for (const s of this.stories.values()) {
      if (now - s.lastTime <= this.params.horizonMs) continue;
      for (const m of s.members) this.memberData.delete(m);
      this.stories.delete(s.id);
      n++;
    }
    return n;
  }
}

/** The terms an article adds to the document frequencies: headline and excerpt, each once. */
function documentTerms(a: ClusterArticle): string[] {
  return a.excerptTerms?.length ? [...a.terms, ...a.excerptTerms] : a.terms;
}

function scaled(a: Sparse, k: number): Sparse {
  const out: Sparse = new Map();
  for (const [t, w] of a) out.set(t, w * k);
  return out;
}

export function cosDense(a: Float32Array, b: Float32Array): number {
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : d / Math.sqrt(na * nb);
}

function sequence(start = 1): () => number {
  let n = start;
  return () => n++;
}
