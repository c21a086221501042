import { titleTokens } from "../text/tokenize";
import { recurringShare } from "./recurring";
import { addScaled, cosine, dot, norm, type Sparse } from "./sparse";
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
  /**
   * Splits by names, too: a segment whose reports with a lede fall into two groups naming two places (or two
   * organisations) that no report names together, and whose core names of that kind conflict, is two happenings.
   */
  splitByNames: boolean;
  /** Weight of an excerpt term relative to a headline term (the headline is the editor's summary of the story). */
  excerptWeight: number;
  /**
   * Continuation across news cycles: a story that began in a later cycle than another story's last active cycle,
   * once it holds `continueMinSize` articles, continues that story (is absorbed into it, the older id surviving)
   * when their similarity, decayed by the gap between them, reaches `continueThreshold`, their core names do not
   * conflict and neither is a recurring report. A cycle where a story holds `continueMinSize` articles is one of
   * its active cycles: later reports on that cycle join it without the cycle factor.
   */
  continueThreshold: number;
  continueMinSize: number;
  /**
   * A segment smaller than `continueMinSize` (a late report or two) continues a story only at this bar (above 1:
   * never); its names are judged one by one, as an article's are.
   */
  continueSmallThreshold: number;
  /** Evidence factor for a continuation between segments of different categories (0: never). */
  continueCategoryFactor: number;
  /**
   * e-folding time of a continuation's evidence with the gap between the earlier story's last report and the new
   * segment's first: a verdict two days after the trial's last report, a funeral after the obituaries.
   */
  continueDecayMs: number;
  /** Evidence factor for a continuation whose two segments share a core person. */
  continuePersonBonus: number;
  /** Postings per term a merge looks up. */
  mergePostings: number;
  /** Terms and postings per term a continuation looks up (a join looks up `queryTerms` and `maxPostings`). */
  continueQueryTerms: number;
  continuePostings: number;
  /**
   * Identity: evidence factor when an article's (or a story's) named people, organisations and places of one kind
   * share none with the core names of that kind of the story it is compared with. Core names are those held by at
   * least `coreShare` of a story's members (and by two of them at least).
   */
  identityFactor: number;
  /** Whether each kind of name in conflict applies `identityFactor` again (else once, however many conflict). */
  identityPerKind: boolean;
  coreShare: number;
  /**
   * Whether a core name's share counts among the members naming some name of its kind (else among all members): a
   * story's reports that name no company say nothing about which company it is about.
   */
  coreOfNamers: boolean;
  /**
   * Kinds of name (comma-separated; "": none) that a story of one report with a lede holds as core names, so that its
   * second report is judged by them: "org,person", since the reports of one happening name other places (one oil
   * wrap the Middle East, the next the U.S.) more often than other companies or other people. Not for recurring
   * reports.
   */
  secondReportKinds: string;
  /**
   * A segment whose TF-IDF weight (squared) sits at least this much on the vocabulary of market wraps, price
   * updates and weather reports is a recurring report: it never continues, nor is continued, across cycles.
   */
  recurringShare: number;
  /**
   * Two established segments (each of at least `mergeCoreSize` reports) merge only when they share
   * `mergeCoreTerms` of their core terms (terms held by `coreShare` of the members), or all the core terms the
   * smaller-cored one has: one happening's reports repeat who and what; two happenings of one topic share one word
   * ("review", "Fed", "Kardashian").
   */
  mergeCoreSize: number;
  mergeCoreTerms: number;
  /** Core terms a continuation's two segments must share (0: not checked), as for `mergeCoreTerms`. */
  continueCoreTerms: number;
  /**
   * Splits seeded by words: when two-means and the names find no split, two terms that each at least
   * `splitTermShare` of a segment's members hold (and `splitMinPart` at least), and that no member holds together,
   * seed two groups (the other members go to the nearer seed); the segment splits when the groups' centroids share
   * less than `splitMaxSimilarity`, as for two-means. The `splitTermPairs` pairs with the largest smaller side are
   * tried (0 share: off).
   */
  splitTermShare: number;
  splitTermPairs: number;
  /**
   * A lone capitalised word that the enrichment stage types as an organisation ("Okonkwo wins election", "replace
   * Achebe at ...") is often a person's surname: within a story that names a person by that word it is that person,
   * and between two sides it agrees with a person of that name as well as with an organisation (identity only).
   */
  surnameOrgs: boolean;
  /** Between two segments sharing a core person or organisation, places in conflict do not count (a happening moves). */
  placeFollowsActor: boolean;
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
  splitByNames: true,
  excerptWeight: 0.5,
  continueThreshold: 0.5,
  continueMinSize: 3,
  continueSmallThreshold: 0.6,
  continueCategoryFactor: 1,
  continueDecayMs: 8 * 86_400_000,
  continuePersonBonus: 1.25,
  mergePostings: 100,
  continueQueryTerms: 4,
  continuePostings: 50,
  identityFactor: 0.5,
  identityPerKind: true,
  coreShare: 0.3,
  coreOfNamers: true,
  secondReportKinds: "org,person",
  recurringShare: 0.35,
  mergeCoreSize: 20,
  mergeCoreTerms: 3,
  continueCoreTerms: 3,
  splitTermShare: 0.15,
  splitTermPairs: 3,
  surnameOrgs: true,
  placeFollowsActor: true,
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
  /**
   * The people, organisations and places the enrichment stage found, as `type:key` (identity evidence: two
   * reports naming different places or companies of one kind are likely different happenings).
   */
  names?: string[];
}

/**
 * A segment: a story's reporting within one news cycle (or one late-breaking burst). A story is a chain of segments:
 * a segment that continues an earlier one across cycles joins its chain, and the chain's first id is the story id.
 */
export interface StoryState {
  id: number;
  /** The story (chain) this segment belongs to. */
  root: number;
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
  /** Members per named entity (`type:key`). */
  names: Map<string, number>;
  /** Members holding each term (headline or lede). */
  terms: Map<string, number>;
  coreTermsVersion?: number;
  coreTerms?: Set<string>;
  /** Members with a lede (the feed's excerpt): their names are identity evidence. */
  ledes: number;
  /** Members naming some name of each kind. */
  kinds: Map<string, number>;
  /** Bumped on every change of members; `core` is valid while `coreVersion` matches. */
  version: number;
  coreVersion?: number;
  core?: Map<string, Set<string>>;
  coreListVersion?: number;
  coreList?: string[];
  /** The same for the identity rule (see `coreOfNamers`). */
  identityCoreVersion?: number;
  identityCore?: Map<string, Set<string>>;
  identityCoreListVersion?: number;
  identityCoreList?: string[];
  recurringVersion?: number;
  isRecurring?: boolean;
}

/** A story as callers see it: every segment of its chain together (`members` only when asked for). */
export interface StoryView {
  id: number;
  category: string | null;
  size: number;
  firstTime: number;
  lastTime: number;
  members: number[];
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
  | {
      type: "merge";
      survivorId: number;
      mergedIds: number[];
      similarity: number;
      /** Articles of the surviving story right after the merge. */
      size: number;
    }
  | { type: "move"; articleId: number; fromId: number; toId: number; score: number }
  | {
      type: "split";
      /** The original story: it keeps the larger group, or in a multi-day story the group that fits its other days. */
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
  readonly segments = new Map<number, StoryState>();
  /** Story id → ids of its segments. */
  private chains = new Map<number, Set<number>>();
  /** Ids of restored segments after a story's first (negative: never a story id). */
  private internalIds = 0;
  /** Term → ids of stories holding it, in the order they gained it (most recent last). */
  private postings = new Map<string, number[]>();
  private dirty = new Set<number>();
  private openCycle: number | undefined;
  private memberData = new Map<number, { a: ClusterArticle; v: Sparse; story: number }>();
  private sinceMerge = 0;
  private readonly secondReportKinds: Set<string>;
  private latest = 0;

  constructor(
    readonly params: ClusterParams = DEFAULT_PARAMS,
    private readonly nextId: () => number = sequence(),
  ) {
    this.secondReportKinds = new Set(params.secondReportKinds.split(","));
  }

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
      events.push({ type: "join", storyId: best.story.root, articleId: a.id, reasons: best.reasons });
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
  private candidates(
    v: Sparse,
    exclude?: number,
    terms = this.params.queryTerms,
    postings = this.params.maxPostings,
  ): Set<number> {
    const top = [...v.entries()].sort((x, y) => y[1] - x[1]).slice(0, terms);
    const out = new Set<number>();
    for (const [t] of top) {
      const p = this.postings.get(t);
      if (!p) continue;
      for (let i = p.length - 1, seen = 0; i >= 0 && seen < postings; i--, seen++) {
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
        if (seen.has(id) || !this.segments.has(id)) continue;
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
      const s = this.segments.get(id);
      if (!s || !this.live(s, a.time)) continue;
      const decay = this.decay(s, a.time);
      // Similarities and the identity factor are at most 1: a story whose time and category factors alone keep it
      // below the bar (or below the best so far) cannot win, so its vectors and names are never compared.
      const bound = decay * this.categoryFactor(a.category, s.category);
      if (bound < this.params.joinThreshold || (best && bound <= best.reasons.score)) continue;
      const text = this.linkage(dot(v, s.sum), s);
      const vector = a.vector && s.vecSum ? cosDense(a.vector, s.vecSum) : null;
      const sim =
        vector === null ? text : this.params.textWeight * text + (1 - this.params.textWeight) * vector;
      let score = sim * bound;
      if (score < this.params.joinThreshold || (best && score <= best.reasons.score)) continue;
      score *= this.articleIdentity(a, s);
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

  /**
   * Identity evidence between a set of names and a story: `identityFactor` when, for some kind of name (person,
   * organisation, place), both sides name some but share no word with the story's core names of that kind; else 1.
   * Names are compared by their words, so "Kasem" and "Casey Kasem" agree.
   */
  private identity(names: Iterable<string>, s: StoryState, ignore?: string): number {
    if (this.params.identityFactor >= 1 || s.names.size === 0) return 1;
    const core = this.coreWords(s, true);
    if (core.size === 0) return 1;
    const seen = new Set<string>();
    const shared = new Set<string>();
    const surnames = this.params.surnameOrgs ? loneOrgWords(core) : undefined;
    for (const n of names) {
      let kind = kindOf(n);
      const own = nameWords(n);
      // A lone word typed an organisation that is a word of the story's core people is that person's surname.
      if (surnames && kind === "org" && isLoneName(n, own) && core.get("person")?.has(own[0]!))
        kind = "person";
      const words = core.get(kind);
      // A name of glue words alone ("the Party", "University") says nothing either way.
      if (!words || own.length === 0) continue;
      seen.add(kind);
      if (own.some((w) => words.has(w) || (kind === "person" && surnames?.has(w)))) shared.add(kind);
    }
    let f = 1;
    for (const kind of seen)
      if (!shared.has(kind) && kind !== ignore) {
        if (!this.params.identityPerKind) return this.params.identityFactor;
        f *= this.params.identityFactor;
      }
    return f;
  }

  /**
   * Words of the names held by at least `coreShare` of a story's members (two at least), by kind. For the identity
   * rule (`identity`), shares count among the members naming that kind (`coreOfNamers`); as positive evidence of one
   * actor (`sharesActor`, `whatSimilarity`), among all members.
   */
  private coreWords(s: StoryState, identity = false): Map<string, Set<string>> {
    const namers = identity && this.namers(s);
    if (namers) {
      if (s.identityCore && s.identityCoreVersion === s.version) return s.identityCore;
    } else if (s.core && s.coreVersion === s.version) return s.core;
    const out = new Map<string, Set<string>>();
    const people = this.personWords(s);
    for (const [n, count] of s.names) {
      const words = nameWords(n);
      if (count < this.coreMin(s, n, namers) || words.length === 0) continue;
      if (people && kindOf(n) === "org" && isLoneName(n, words) && people.has(words[0]!)) continue;
      const kind = kindOf(n);
      let set = out.get(kind);
      if (!set) out.set(kind, (set = new Set()));
      for (const w of words) set.add(w);
      if (people && kind === "org" && isLoneName(n, words)) {
        let lone = out.get(LONE_ORG);
        if (!lone) out.set(LONE_ORG, (lone = new Set()));
        lone.add(words[0]!);
      }
    }
    if (namers) {
      s.identityCore = out;
      s.identityCoreVersion = s.version;
    } else {
      s.core = out;
      s.coreVersion = s.version;
    }
    return out;
  }

  /** Whether a story's identity core counts shares among the members naming each kind (see `coreOfNamers`). */
  private namers(s: StoryState): boolean {
    // Only for stories judged by their names (most reports with a lede): a headline names too few, too noisily.
    return this.params.coreOfNamers && 2 * s.ledes >= s.size;
  }

  /** How many members must name `name` for it to be core (see `coreOfNamers`). */
  private coreMin(s: StoryState, name: string, namers: boolean): number {
    // A story's first report says who it is about until a second one can (see `secondReportKinds`).
    if (namers && s.size === 1 && this.secondReportKinds.has(kindOf(name)) && !this.recurring(s)) return 1;
    const of = namers ? (s.kinds.get(kindOf(name)) ?? s.size) : s.size;
    return Math.max(2, this.params.coreShare * of);
  }

  /**
   * Words of the people a story names (any share), when lone words typed as organisations are read as surnames
   * (`surnameOrgs`); undefined otherwise. Computed with the story's core, so once per change of members.
   */
  private personWords(s: StoryState): Set<string> | undefined {
    if (!this.params.surnameOrgs) return undefined;
    const out = new Set<string>();
    for (const n of s.names.keys()) if (kindOf(n) === "person") for (const w of nameWords(n)) out.add(w);
    return out;
  }

  /** Names held by at least `coreShare` of a story's members (two at least). */
  private coreNames(s: StoryState, identity = false): string[] {
    const namers = identity && this.namers(s);
    if (namers) {
      if (s.identityCoreList && s.identityCoreListVersion === s.version) return s.identityCoreList;
      const people = this.personWords(s);
      s.identityCoreList = [...s.names]
        .filter(([n, c]) => c >= this.coreMin(s, n, true) && !(people && isSurnameOrg(n, people)))
        .map(([n]) => n);
      s.identityCoreListVersion = s.version;
      return s.identityCoreList;
    }
    if (s.coreList && s.coreListVersion === s.version) return s.coreList;
    const people = this.personWords(s);
    s.coreList = [...s.names]
      .filter(([n, c]) => c >= this.coreMin(s, n, false) && !(people && isSurnameOrg(n, people)))
      .map(([n]) => n);
    s.coreListVersion = s.version;
    return s.coreList;
  }

  /**
   * Identity evidence between an article and a story. Only an article with a lede (the feed's excerpt) is judged:
   * a headline alone names too few people and places, too noisily, to tell two happenings apart
   * (docs/clustering.md has the measurements).
   */
  private articleIdentity(a: ClusterArticle, s: StoryState): number {
    return a.names?.length && a.excerptTerms?.length ? this.identity(a.names, s) : 1;
  }

  /** Identity evidence between two stories: each one's core names against the other. */
  private storyIdentity(a: StoryState, b: StoryState, ignore?: string): number {
    // As for articles: only stories most of whose reports come with a lede are judged by their names.
    if (this.params.identityFactor >= 1 || 2 * a.ledes < a.size || 2 * b.ledes < b.size) return 1;
    const coreA = this.coreNames(a, true);
    return coreA.length ? this.identity(coreA, b, ignore) : 1;
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
      root: id,
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
      names: new Map(),
      terms: new Map(),
      ledes: 0,
      kinds: new Map(),
      version: 0,
    };
    this.segments.set(s.id, s);
    this.chains.set(id, new Set([id]));
    this.addMember(s, a, v);
    return s;
  }

  /** Every story, its segments together. Built on each call: for tests, benches and final labels. */
  get stories(): Map<number, StoryView> {
    const out = new Map<number, StoryView>();
    for (const id of this.chains.keys()) out.set(id, this.story(id, true)!);
    return out;
  }

  /** Articles of a story (all its segments in memory). */
  private storySize(id: number): number {
    let n = 0;
    for (const sid of this.chains.get(id) ?? []) n += this.segments.get(sid)?.size ?? 0;
    return n;
  }

  /** Whether a story (chain of segments) is in memory. */
  hasStory(id: number): boolean {
    return this.chains.has(id);
  }

  /** A story (chain of segments) by id, or undefined when it merged into another or left memory. */
  story(id: number, withMembers = false): StoryView | undefined {
    const segs = this.chains.get(id);
    if (!segs) return undefined;
    let largest: StoryState | undefined;
    const view: StoryView = {
      id,
      category: null,
      size: 0,
      firstTime: Infinity,
      lastTime: -Infinity,
      members: [],
    };
    for (const sid of segs) {
      const seg = this.segments.get(sid);
      if (!seg) continue;
      if (!largest || seg.size > largest.size) largest = seg;
      view.size += seg.size;
      view.firstTime = Math.min(view.firstTime, seg.firstTime);
      view.lastTime = Math.max(view.lastTime, seg.lastTime);
      if (withMembers) view.members.push(...seg.members);
    }
    view.category = largest?.category ?? null;
    return view;
  }

  /** Moves every segment of story `from` into story `to` (a continuation or a merge of two stories). */
  private link(from: number, to: number): void {
    if (from === to) return;
    const segs = this.chains.get(from);
    const into = this.chains.get(to);
    if (!segs || !into) return;
    for (const sid of segs) {
      into.add(sid);
      const seg = this.segments.get(sid);
      if (seg) seg.root = to;
    }
    this.chains.delete(from);
  }

  /** The earlier of two stories (the one whose reporting began first): it survives a merge of the two. */
  private older(a: number, b: number): number {
    const first = (id: number) => {
      let t = Infinity;
      for (const sid of this.chains.get(id) ?? [])
        t = Math.min(t, this.segments.get(sid)?.firstTime ?? Infinity);
      return t;
    };
    const ta = first(a);
    const tb = first(b);
    return ta < tb || (ta === tb && a < b) ? a : b;
  }

  /** Forgets a segment; returns true when its story has no segment left. */
  private dropSegment(s: StoryState): boolean {
    this.segments.delete(s.id);
    this.dirty.delete(s.id);
    const segs = this.chains.get(s.root);
    segs?.delete(s.id);
    if (segs && segs.size === 0) {
      this.chains.delete(s.root);
      return true;
    }
    return false;
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
    s.version++;
    for (const n of a.names ?? []) s.names.set(n, (s.names.get(n) ?? 0) + 1);
    for (const t of v.keys()) s.terms.set(t, (s.terms.get(t) ?? 0) + 1);
    for (const k of kindsOf(a)) s.kinds.set(k, (s.kinds.get(k) ?? 0) + 1);
    if (a.excerptTerms?.length) s.ledes++;
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
    // One segment per news cycle, as the story was built: the first carries the story id, the others internal ids
    // (negative, never in an event).
    const byCycle = new Map<number, ClusterArticle[]>();
    for (const m of members) {
      const c = this.cycleOf(m.time);
      const list = byCycle.get(c);
      if (list) list.push(m);
      else byCycle.set(c, [m]);
    }
    let root: StoryState | undefined;
    for (const [, list] of [...byCycle].sort((x, y) => x[0] - y[0])) {
      const [first, ...rest] = list as [ClusterArticle, ...ClusterArticle[]];
      const segId = root ? --this.internalIds : id;
      const seg = this.createStoryWithId(segId, first, this.weigh(first.terms, first.excerptTerms));
      for (const m of rest) this.addMember(seg, m, this.weigh(m.terms, m.excerptTerms));
      this.dirty.delete(segId);
      if (!root) root = seg;
      else {
        this.chains.delete(segId);
        this.chains.get(id)!.add(segId);
        seg.root = id;
      }
    }
    return root;
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
      const s = this.segments.get(m.story);
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
        own *= this.articleIdentity(m.a, s);
      }
      const best = this.bestStory(m.a, m.v, s.id);
      if (
        !best ||
        best.reasons.score < this.params.joinThreshold ||
        best.reasons.score <= own + this.params.refineMargin
      )
        continue;
      const from = s.root;
      const to = best.story.root;
      const emptied = this.removeMember(s, m.a, m.v);
      this.addMember(best.story, m.a, m.v);
      if (from === to) continue; // between two segments of one story: nothing changes for its readers
      events.push({ type: "move", articleId: id, fromId: from, toId: to, score: best.reasons.score });
      // A story emptied by moves has in effect merged into the story that took its last article.
      if (emptied)
        events.push({
          type: "merge",
          survivorId: to,
          mergedIds: [from],
          similarity: best.reasons.score,
          size: this.storySize(to),
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
   * Blended similarity of two segments on what they report, not on whom: when exactly one organisation is at the
   * core of both, its name's terms are left out of the TF-IDF side. One company's two announcements share its name
   * and little else; one happening's two days share what happened. Two or more shared organisations (the parties
   * of a deal) name the happening itself and are kept, and so are people (the deceased, the accused).
   */
  private whatSimilarity(s: StoryState, o: StoryState): number {
    const words = this.coreWords(o).get("org");
    const shared = this.coreNames(s).filter(
      (n) => kindOf(n) === "org" && nameWords(n).some((w) => words?.has(w)),
    );
    if (shared.length !== 1) return this.blended(s, o);
    const drop = new Set(titleTokens(nameWords(shared[0]!).join(" ")));
    let d = dot(s.sum, o.sum);
    let ns = s.sumNorm * s.sumNorm;
    let no = o.sumNorm * o.sumNorm;
    for (const t of drop) {
      const x = s.sum.get(t) ?? 0;
      const y = o.sum.get(t) ?? 0;
      d -= x * y;
      ns -= x * x;
      no -= y * y;
    }
    const text = ns > 1e-12 && no > 1e-12 ? Math.max(0, d) / Math.sqrt(ns * no) : 0;
    if (!s.vecSum || !o.vecSum) return text;
    const w = this.params.textWeight;
    return w * text + (1 - w) * cosDense(s.vecSum, o.vecSum);
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
      const s = this.segments.get(id);
      if (!s || s.size < this.params.splitMinSize) continue;
      const split = this.twoGroups(s) ?? this.nameGroups(s) ?? this.termGroups(s);
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
      // In a story of several segments, the part that fits the story's other segments better stays in it; the
      // other part becomes a story of its own (the larger part stays when the segment is the whole story).
      const swap = this.fitsChainBetter(created, s);
      if (swap) this.swapChains(s, created);
      events.push({
        type: "split",
        storyId: swap ? created.root : s.root,
        newId: swap ? s.root : created.id,
        movedIds: swap ? keep : move,
        similarity: split.similarity,
        centralIds: swap
          ? { original: this.central(created, move), created: this.central(s, keep) }
          : { original: this.central(s, keep), created: this.central(created, move) },
      });
      // A Set iterates over entries added during the loop: the parts are examined in turn.
      queue.delete(s.id);
      queue.add(s.id);
      queue.add(created.id);
    }
    return events;
  }

  /**
   * Whether `part` (just split off `from`, a story of its own so far) fits the other segments of `from`'s story
   * better than what is left of `from` does.
   */
  private fitsChainBetter(part: StoryState, from: StoryState): boolean {
    const segs = this.chains.get(from.root);
    if (!segs || segs.size < 2) return false;
    const rest = this.chainState(from.root, from.id);
    return this.segmentSimilarity(part, rest) > this.segmentSimilarity(from, rest);
  }

  /** `a` (in a chain) and `b` (a story of its own) trade places: `b` joins `a`'s chain, `a` becomes `b`'s story. */
  private swapChains(a: StoryState, b: StoryState): void {
    const [ra, rb] = [a.root, b.root];
    const chain = this.chains.get(ra)!;
    chain.delete(a.id);
    chain.add(b.id);
    this.chains.set(rb, new Set([a.id]));
    a.root = rb;
    b.root = ra;
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

  /**
   * Two groups of a segment that the identity rule tells apart: the most named place (or organisation) and the most
   * named one of the same kind that no report names with it (and that shares no word with it), each named by at
   * least `splitMinPart` reports; the other reports go to the group whose centroid they are closer to. Returned only
   * when the two groups' core names of that kind share no word.
   */
  private nameGroups(s: StoryState): { groups: [number[], number[]]; similarity: number } | null {
    if (!this.params.splitByNames || 2 * s.ledes < s.size) return null;
    const items = s.members.map((id) => this.memberData.get(id)).filter((d) => d !== undefined);
    if (items.length !== s.size) return null;
    const min = this.params.splitMinPart;
    for (const kind of ["location", "org"]) {
      const holders = new Map<string, Set<number>>();
      for (const d of items)
        for (const n of d.a.names ?? []) {
          if (kindOf(n) !== kind) continue;
          let h = holders.get(n);
          if (!h) holders.set(n, (h = new Set()));
          h.add(d.a.id);
        }
      const ranked = [...holders].filter(([, h]) => h.size >= min).sort((x, y) => y[1].size - x[1].size);
      if (ranked.length < 2) continue;
      const [a, ha] = ranked[0]!;
      const aWords = new Set(nameWords(a));
      const other = ranked.find(
        ([b, hb]) => b !== a && !nameWords(b).some((w) => aWords.has(w)) && ![...hb].some((id) => ha.has(id)),
      );
      if (!other) continue;
      const { groups, seeds } = seededGroups(items, ha, other[1]);
      const core = (ids: number[]) => {
        const count = new Map<string, number>();
        let namers = 0;
        for (const id of ids) {
          const names = new Set(this.memberData.get(id)?.a.names ?? []);
          if ([...names].some((n) => kindOf(n) === kind)) namers++;
          for (const n of names) if (kindOf(n) === kind) count.set(n, (count.get(n) ?? 0) + 1);
        }
        const need = Math.max(2, this.params.coreShare * (this.params.coreOfNamers ? namers : ids.length));
        return new Set([...count].filter(([, c]) => c >= need).flatMap(([n]) => nameWords(n)));
      };
      const [ca, cb] = [core(groups[0]), core(groups[1])];
      if (ca.size === 0 || cb.size === 0 || [...ca].some((w) => cb.has(w))) continue;
      return { groups, similarity: cosine(seeds[0], seeds[1]) };
    }
    return null;
  }

  /**
   * Two groups of a segment seeded by two of its frequent terms that no member holds together (see
   * `splitTermShare`): two happenings of one subject that two-means did not find (Google's Fit service and its
   * Virgin Galactic talks, two films' reviews), judged by the same bar.
   */
  private termGroups(s: StoryState): { groups: [number[], number[]]; similarity: number } | null {
    if (this.params.splitTermShare <= 0) return null;
    const items = s.members.map((id) => this.memberData.get(id)).filter((d) => d !== undefined);
    if (items.length !== s.size) return null;
    const min = Math.max(this.params.splitMinPart, this.params.splitTermShare * s.size);
    const holders = new Map<string, Set<number>>();
    for (const [t, n] of s.terms) if (n >= min) holders.set(t, new Set());
    if (holders.size < 2) return null;
    for (const d of items) for (const t of d.v.keys()) holders.get(t)?.add(d.a.id);
    const ranked = [...holders].sort((x, y) => y[1].size - x[1].size);
    const pairs: Array<[Set<number>, Set<number>]> = [];
    for (let i = 0; i < ranked.length; i++)
      for (let j = i + 1; j < ranked.length; j++) {
        const [ha, hb] = [ranked[i]![1], ranked[j]![1]];
        if (![...hb].some((id) => ha.has(id))) pairs.push([ha, hb]);
      }
    pairs.sort((x, y) => Math.min(y[0].size, y[1].size) - Math.min(x[0].size, x[1].size));
    for (const [ha, hb] of pairs.slice(0, this.params.splitTermPairs)) {
      const { groups, sums } = seededGroups(items, ha, hb);
      const between = cosine(sums[0], sums[1]);
      if (between < this.params.splitMaxSimilarity) return { groups, similarity: between };
    }
    return null;
  }

  /** Settles the open cycle now (end of an import): the final labels then match what a closed cycle gets. */
  settle(): ClusterEvent[] {
    return this.openCycle === undefined ? this.mergePass() : this.closeCycle(this.openCycle);
  }

  /** Takes an article out of a segment; returns true when that emptied the segment's whole story. */
  private removeMember(s: StoryState, a: ClusterArticle, v: Sparse): boolean {
    addScaled(s.sum, v, -1);
    s.sumNorm = norm(s.sum);
    if (a.vector && s.vecSum) for (let i = 0; i < a.vector.length; i++) s.vecSum[i]! -= a.vector[i]!;
    s.size--;
    s.timeSum -= a.time;
    s.members.splice(s.members.indexOf(a.id), 1);
    s.version++;
    if (a.excerptTerms?.length) s.ledes--;
    for (const k of kindsOf(a)) s.kinds.set(k, (s.kinds.get(k) ?? 1) - 1);
    for (const n of a.names ?? []) {
      const c = (s.names.get(n) ?? 1) - 1;
      if (c > 0) s.names.set(n, c);
      else s.names.delete(n);
    }
    for (const t of v.keys()) {
      const c = (s.terms.get(t) ?? 1) - 1;
      if (c > 0) s.terms.set(t, c);
      else s.terms.delete(t);
    }
    const c = this.cycleOf(a.time);
    s.cycles.set(c, (s.cycles.get(c) ?? 1) - 1);
    this.refreshBurst(s);
    if (s.size === 0) return this.dropSegment(s);
    this.dirty.add(s.id);
    return false;
  }

  /** Merges recently changed segments into similar live ones (the larger segment survives; the older story). */
  mergePass(): ClusterEvent[] {
    this.sinceMerge = 0;
    const events: ClusterEvent[] = [];
    const changed = new Set(this.dirty);
    // Rounds until nothing merges: a merge can make the survivor similar enough to a third story.
    for (let round = 0; round < 8 && this.dirty.size > 0; round++) {
      for (const id of this.dirty) changed.add(id);
      const merged = this.mergeRound();
      events.push(...merged);
      if (merged.length === 0) break;
    }
    this.dirty.clear();
    events.push(...this.continuePass(changed));
    return events;
  }

  /**
   * Continuation across news cycles: each changed story that began after another story's last active cycle, and
   * now holds `continueMinSize` articles, continues the best such story when the evidence reaches
   * `continueThreshold` (see the parameter). The older story survives, so a story id follows its event.
   */
  private continuePass(changed: Set<number>): ClusterEvent[] {
    const events: ClusterEvent[] = [];
    if (this.params.continueThreshold > 1) return events;
    const first = (id: number) => this.segments.get(id)?.firstTime ?? 0;
    for (const id of [...changed].sort((x, y) => first(x) - first(y))) {
      const s = this.segments.get(id);
      // Only a story of one segment continues another: once continued, its segments travel together.
      if (!s || this.chains.get(s.root)?.size !== 1) continue;
      const small = s.size < this.params.continueMinSize;
      if (small && this.params.continueSmallThreshold > 1) continue;
      const bar = small ? this.params.continueSmallThreshold : this.params.continueThreshold;
      const recurring = this.recurring(s);
      const began = this.cycleOf(s.firstTime);
      let best: { other: StoryState; sim: number } | null = null;
      // A story it continues shares its strongest terms and is recent: fewer terms and postings than a join looks up.
      const centroid = scaled(s.sum, 1 / (s.sumNorm || 1));
      const { continueQueryTerms, continuePostings } = this.params;
      for (const oid of this.candidates(centroid, id, continueQueryTerms, continuePostings)) {
        const o = this.segments.get(oid);
        if (!o || o.root === s.root || o.home >= began || !this.live(o, s.firstTime)) continue;
        const category =
          this.categoryFactor(s.category, o.category) === 1 ? 1 : this.params.continueCategoryFactor;
        if (category === 0) continue;
        const time =
          category * Math.exp(-Math.max(0, s.firstTime - o.lastTime) / this.params.continueDecayMs);
        // Cheapest first: the bound from time alone, then the similarity, then names and the story's history.
        const most = time * Math.max(1, this.params.continuePersonBonus);
        if (most < bar || (best && most <= best.sim)) continue;
        const floor = Math.max(bar, best?.sim ?? 0) / most;
        let blended = this.blended(s, o, floor);
        if (blended * most < bar || (best && blended * most <= best.sim)) continue;
        blended = Math.min(blended, this.whatSimilarity(s, o));
        // A person at the centre of both (the accused, the deceased) is evidence of one happening.
        const actor = this.sharesActor(s, o, ["person"]) ? this.params.continuePersonBonus : 1;
        const sim = blended * time * actor * (small ? this.smallIdentity(s, o) : this.pairIdentity(s, o));
        if (sim < bar || (best && sim <= best.sim)) continue;
        if (this.chainHasCycle(o.root, began)) continue;
        if (!small && !this.coreTermsAgree(s, o, this.params.continueCoreTerms)) continue;
        // A recurring report (a market wrap, a price update) continues only a happening with the same actor: a
        // central bank's decision, a governor's remarks; not yesterday's wrap.
        if ((recurring || this.recurring(o)) && !this.sharesActor(s, o, ["person", "org"])) continue;
        // The story as a whole must fit too, or a chain drifts from one event to the next link by link.
        if (
          (this.chains.get(o.root)?.size ?? 0) > 1 &&
          this.segmentSimilarity(s, this.chainState(o.root)) * time < bar
        )
          continue;
        best = { other: o, sim };
      }
      if (!best) continue;
      const [from, into] = [s.root, best.other.root];
      this.link(from, into);
      events.push({
        type: "merge",
        survivorId: into,
        mergedIds: [from],
        similarity: best.sim,
        size: this.storySize(into),
      });
    }
    return events;
  }

  /** Identity evidence of a segment too small to have core names: all its names against the other's core. */
  private smallIdentity(s: StoryState, o: StoryState): number {
    if (2 * s.ledes < s.size || 2 * o.ledes < o.size) return 1;
    return this.identity(s.names.keys(), o);
  }

  /**
   * Whether a story already has a segment at home in `cycle`: a story continues into a cycle once; a second
   * segment of that cycle can only join it through that segment (a merge within the cycle).
   */
  private chainHasCycle(root: number, cycle: number): boolean {
    for (const id of this.chains.get(root) ?? []) if (this.segments.get(id)?.home === cycle) return true;
    return false;
  }

  /** Whether two segments' core names of the given kinds have one in common (by their words). */
  private sharesActor(a: StoryState, b: StoryState, kinds: string[]): boolean {
    const words = this.coreWords(b);
    return this.coreNames(a).some((n) => {
      const kind = kindOf(n);
      return kinds.includes(kind) && nameWords(n).some((w) => words.get(kind)?.has(w));
    });
  }

  /** A story's segments summed into one state (for comparisons with the story as a whole). */
  private chainState(root: number, except?: number): StoryState {
    const segs = [...(this.chains.get(root) ?? [])]
      .filter((id) => id !== except)
      .map((id) => this.segments.get(id))
      .filter((x) => x !== undefined);
    const first = segs[0]!;
    const sum: Sparse = new Map();
    const names = new Map<string, number>();
    const terms = new Map<string, number>();
    const kinds = new Map<string, number>();
    let vecSum: Float32Array | null = first.vecSum ? new Float32Array(first.vecSum.length) : null;
    let size = 0;
    let ledes = 0;
    for (const seg of segs) {
      addScaled(sum, seg.sum);
      for (const [n, c] of seg.names) names.set(n, (names.get(n) ?? 0) + c);
      for (const [t, c] of seg.terms) terms.set(t, (terms.get(t) ?? 0) + c);
      for (const [k, c] of seg.kinds) kinds.set(k, (kinds.get(k) ?? 0) + c);
      if (vecSum && seg.vecSum) for (let i = 0; i < vecSum.length; i++) vecSum[i]! += seg.vecSum[i]!;
      else vecSum = null;
      size += seg.size;
      ledes += seg.ledes;
    }
    // A stand-in for comparisons of content and names only (no time fields of its own, no caches).
    return {
      id: root,
      root,
      category: first.category,
      sum,
      sumNorm: norm(sum),
      vecSum,
      size,
      firstTime: first.firstTime,
      lastTime: first.lastTime,
      timeSum: 0,
      members: [],
      cycles: new Map(),
      burstEnd: Number.NaN,
      home: first.home,
      names,
      terms,
      ledes,
      kinds,
      version: -1,
    };
  }

  /** A recurring report (a market wrap, a price update, a weather report): each cycle's is a new story. */
  private recurring(s: StoryState): boolean {
    if (s.recurringVersion !== s.version) {
      s.isRecurring = recurringShare(s.sum) >= this.params.recurringShare;
      s.recurringVersion = s.version;
    }
    return s.isRecurring === true;
  }

  private mergeRound(): ClusterEvent[] {
    const events: ClusterEvent[] = [];
    const dirty = [...this.dirty].sort(
      (x, y) => (this.segments.get(y)?.size ?? 0) - (this.segments.get(x)?.size ?? 0),
    );
    this.dirty.clear();
    for (const id of dirty) {
      const s = this.segments.get(id);
      if (!s) continue;
      let best: { other: StoryState; sim: number } | null = null;
      const centroid = scaled(s.sum, 1 / (s.sumNorm || 1));
      // Two segments of one happening share their strongest terms recently: a shorter lookup than a join's.
      for (const oid of this.candidates(centroid, id, this.params.queryTerms, this.params.mergePostings)) {
        const o = this.segments.get(oid);
        if (!o || this.categoryFactor(s.category, o.category) !== 1) continue;
        if (!this.live(o, s.lastTime) && !this.live(s, o.lastTime)) continue;
        // A fragment of a few articles is judged like late arrivals joining the other story.
        const bar =
          Math.min(s.size, o.size) <= this.params.fragmentSize
            ? this.params.joinThreshold
            : this.params.mergeThreshold;
        const time = this.pairDecay(s, o);
        if (time < bar) continue; // cannot reach the bar whatever the similarity
        let sim: number = this.blended(s, o, Math.max(bar, best?.sim ?? 0) / time) * time;
        if (sim < bar || (best && sim <= best.sim)) continue;
        sim *= this.pairIdentity(s, o);
        if (sim < bar || (best && sim <= best.sim)) continue;
        if (Math.min(s.size, o.size) >= this.params.mergeCoreSize && !this.coreTermsAgree(s, o)) continue;
        best = { other: o, sim };
      }
      if (!best) continue;
      const [survivor, gone] = best.other.size >= s.size ? [best.other, s] : [s, best.other];
      events.push(...this.absorb(survivor, gone, best.sim));
    }
    return events;
  }

  /** Terms held by `coreShare` of a segment's members (two at least): what its reports keep repeating. */
  private coreTermSet(s: StoryState): Set<string> {
    if (s.coreTermsVersion !== s.version || !s.coreTerms) {
      const min = Math.max(2, this.params.coreShare * s.size);
      const core = new Set<string>();
      for (const [t, n] of s.terms) if (n >= min) core.add(t);
      s.coreTerms = core;
      s.coreTermsVersion = s.version;
    }
    return s.coreTerms;
  }

  /** Whether two segments share `mergeCoreTerms` core terms (or every core term of the one with fewer). */
  private coreTermsAgree(s: StoryState, o: StoryState, want = this.params.mergeCoreTerms): boolean {
    const a = this.coreTermSet(s);
    const b = this.coreTermSet(o);
    let shared = 0;
    for (const t of a) if (b.has(t)) shared++;
    return shared >= Math.min(want, a.size, b.size);
  }

  /** Blended similarity of two segments' centroids, times their identity evidence (time factors apart). */
  private segmentSimilarity(s: StoryState, o: StoryState): number {
    return this.blended(s, o) * this.pairIdentity(s, o);
  }

  /**
   * Blended TF-IDF and word-vector similarity of two segments' centroids. Callers that only need to know whether it
   * reaches `floor` get a lower bound when it cannot.
   */
  private blended(s: StoryState, o: StoryState, floor = -Infinity): number {
    const text = this.linkage(dot(s.sum, o.sum), o, s.sumNorm || 1);
    if (!s.vecSum || !o.vecSum) return text;
    const w = this.params.textWeight;
    // The vector cosine is at most 1: when even that could not lift the blend to `floor`, it is not computed.
    if (w * text + (1 - w) < floor) return w * text;
    return w * text + (1 - w) * cosDense(s.vecSum, o.vecSum);
  }

  /** Identity evidence between two segments, each one's core names against the other. */
  private pairIdentity(s: StoryState, o: StoryState): number {
    const ignore =
      this.params.placeFollowsActor && this.sharesActor(s, o, ["person", "org"]) ? "location" : undefined;
    return this.storyIdentity(s, o, ignore) * this.storyIdentity(o, s, ignore);
  }

  /**
   * Merges segment `gone` into `into`. When they belonged to two stories, the stories merge too (the older one
   * survives), unless both run over several cycles and their histories differ: two happenings that met today on
   * common words; or unless `gone` is a fragment of a story with other segments (a late report or two that
   * continued it): a fragment merges as a late join would, so it does not carry the larger segment into its story.
   * Then only `gone`'s articles move, and its story keeps its other segments.
   */
  private absorb(into: StoryState, gone: StoryState, similarity: number): ClusterEvent[] {
    const [a, b] = [into.root, gone.root];
    const keepApart =
      a !== b &&
      this.chains.get(b)!.size > 1 &&
      (gone.size <= this.params.fragmentSize ||
        (this.chains.get(a)!.size > 1 &&
          this.segmentSimilarity(this.chainState(a, into.id), this.chainState(b, gone.id)) <
            this.params.continueThreshold));
    addScaled(into.sum, gone.sum);
    into.sumNorm = norm(into.sum);
    if (into.vecSum && gone.vecSum)
      for (let i = 0; i < into.vecSum.length; i++) into.vecSum[i]! += gone.vecSum[i]!;
    into.size += gone.size;
    into.timeSum += gone.timeSum;
    into.firstTime = Math.min(into.firstTime, gone.firstTime);
    into.lastTime = Math.max(into.lastTime, gone.lastTime);
    into.members.push(...gone.members);
    for (const [n, c] of gone.names) into.names.set(n, (into.names.get(n) ?? 0) + c);
    for (const [t, c] of gone.terms) into.terms.set(t, (into.terms.get(t) ?? 0) + c);
    into.ledes += gone.ledes;
    for (const [k, c] of gone.kinds) into.kinds.set(k, (into.kinds.get(k) ?? 0) + c);
    into.version++;
    for (const m of gone.members) {
      const d = this.memberData.get(m);
      if (d) d.story = into.id;
    }
    for (const [cycle, n] of gone.cycles) this.countCycle(into, cycle, n);
    this.refreshBurst(into);
    for (const t of gone.sum.keys()) this.post(t, into.id);
    this.dirty.add(into.id);
    if (a === b || keepApart) {
      // `gone`'s story keeps its other segments (when it has none left, a === b: nothing to report).
      this.dropSegment(gone);
      if (a === b) return [];
      return gone.members.map((articleId) => ({
        type: "move",
        articleId,
        fromId: b,
        toId: a,
        score: similarity,
      }));
    }
    // Which story began first is decided while both still have their segments; the two are linked before `gone`
    // leaves, so the surviving story never loses its last segment on the way.
    const survivor = this.older(a, b);
    const merged = survivor === a ? b : a;
    this.link(merged, survivor);
    this.dropSegment(gone);
    return [
      {
        type: "merge",
        survivorId: survivor,
        mergedIds: [merged],
        similarity,
        size: this.storySize(survivor),
      },
    ];
  }

  /** Drops stories idle past the horizon from memory (they stay in the database). */
  evict(now = this.latest): number {
    let n = 0;
    // Whole stories only: a story that still has recent reporting keeps its earlier days too, so its size, span and
    // history stay whole.
    for (const [root, segs] of [...this.chains]) {
      let last = -Infinity;
      for (const id of segs) last = Math.max(last, this.segments.get(id)?.lastTime ?? -Infinity);
      if (now - last <= this.params.horizonMs) continue;
      for (const id of [...segs]) {
        const seg = this.segments.get(id);
        if (seg) for (const m of seg.members) this.memberData.delete(m);
        if (seg) this.dropSegment(seg);
      }
      this.chains.delete(root);
      n++;
    }
    return n;
  }
}

/** The words (three letters or more) of a `type:key` name. */
/**
 * Two groups of a segment's members seeded by two disjoint sets of them: the seeds' own groups, and every other
 * member with the seed centroid it is closer to. Returns the groups, the seeds' sums and the groups' whole sums.
 */
function seededGroups(
  items: Array<{ a: ClusterArticle; v: Sparse }>,
  ha: Set<number>,
  hb: Set<number>,
): { groups: [number[], number[]]; seeds: [Sparse, Sparse]; sums: [Sparse, Sparse] } {
  const seeds: [Sparse, Sparse] = [new Map(), new Map()];
  for (const d of items) {
    if (ha.has(d.a.id)) addScaled(seeds[0], d.v);
    else if (hb.has(d.a.id)) addScaled(seeds[1], d.v);
  }
  const [na, nb] = [norm(seeds[0]) || 1, norm(seeds[1]) || 1];
  const groups: [number[], number[]] = [[], []];
  const sums: [Sparse, Sparse] = [new Map(), new Map()];
  for (const d of items) {
    const g = ha.has(d.a.id)
      ? 0
      : hb.has(d.a.id)
        ? 1
        : dot(d.v, seeds[0]) / na >= dot(d.v, seeds[1]) / nb
          ? 0
          : 1;
    groups[g].push(d.a.id);
    addScaled(sums[g], d.v);
  }
  return { groups, seeds, sums };
}

function nameWords(name: string): string[] {
  return name
    .slice(name.indexOf(":") + 1)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !NAME_GLUE.has(w));
}

/**
 * Words that head the names of institutions without saying which one: "Bank of Canada" and "Bank of Japan" share only
 * "bank", the "Ministry of Health" and the "Ministry of Finance" only "ministry"; and the words that end companies'
 * names without saying which company (legal forms, sector words). ("And" stays a word: "S&P" is
 * "s and p", and its word is what lets it conflict with another group's names.)
 */
const NAME_GLUE = new Set(
  (
    "bank university ministry department agency party court council commission association institute national " +
    "federal central " +
    // Companies' legal forms and the sector words that end their names: "Ardent Biosciences" and "Stratalis
    // Biosciences" are two companies.
    "inc corp corporation company ltd plc llc group holdings pharma pharmaceuticals therapeutics biosciences " +
    "sciences labs laboratories systems technologies software airlines airways motors automotive energy " +
    "petroleum resources mining metals financial capital stores retail studios semiconductor electronics"
  ).split(" "),
);

/** A name of one word (after the glue words): "org:okonkwo", not "org:toronto wanderers". */
function isLoneName(name: string, words: string[]): boolean {
  return words.length === 1 && !name.includes(" ", name.indexOf(":"));
}

/** An organisation of one word that is a word of a person the same story names: that person's surname. */
function isSurnameOrg(name: string, people: Set<string>): boolean {
  if (kindOf(name) !== "org") return false;
  const words = nameWords(name);
  return isLoneName(name, words) && people.has(words[0]!);
}

/** Words of the one-word organisations among a story's core names: maybe surnames, so they agree with people too. */
function loneOrgWords(core: Map<string, Set<string>>): Set<string> | undefined {
  return core.get(LONE_ORG);
}

/** Key of the one-word organisations' words in a core-word map (no name has this kind). */
const LONE_ORG = "~lone-org";

/** The kinds of name an article names. */
function kindsOf(a: ClusterArticle): Set<string> {
  return new Set((a.names ?? []).map(kindOf));
}

/** The kind of a `type:key` name. */
function kindOf(name: string): string {
  const i = name.indexOf(":");
  return i < 0 ? "" : name.slice(0, i);
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
