import type { StoredSourceRanking } from "../db/store";
import { isLoaded, sensationalism } from "./headline-tone";

/**
 * Source ranking scores (contract §6.7) from observed behaviour. Every formula is documented in
 * docs/source-rankings.md; each score is in [0, 1].
 */

export interface RankingArticle {
  sourceId: number;
  storyId: number | null;
  category: string;
  /** Article time (publication, else discovery). */
  time: number;
  title: string;
  /** A syndicated copy of another article. */
  duplicate: boolean;
  /** Extraction outcome when attempted: `has_content`, `no_content`, `failed`; null when never attempted. */
  contentStatus: string | null;
}

export interface RankingSource {
  id: number;
  name: string;
  logoUrl: string | null;
  category: string;
  /** Feed health: consecutive failures of its worst feed now, and whether any poll ever succeeded. */
  consecutiveFailures: number;
  everSucceeded: boolean;
}

/** A source's computed ranking: what the store keeps, with the tier and descriptions always set. */
export interface SourceScores extends StoredSourceRanking {
  tier: "tier_1" | "tier_2" | "tier_3";
  oneLiner: string;
  summary: string;
}

const HOUR = 3_600_000;
/** Lag at which the speed score halves: reporting two hours behind the first report scores 0.5. */
export const SPEED_HALF_LIFE_MS = 2 * HOUR;
/** Pseudo-counts pulling a source with little evidence toward the average (a Bayesian prior). */
const PRIOR = 3;

export const OVERALL_WEIGHTS = {
  firstToCluster: 0.2,
  clusterFrequency: 0.15,
  speed: 0.15,
  topicalAuthority: 0.15,
  contentDiversity: 0.05,
  extractionSuccess: 0.05,
  neutrality: 0.1,
  reliability: 0.15,
  /** Subtracted: sensational headlines count against a source. */
  sensationalism: 0.1,
} as const;

export function tierOf(overall: number): SourceScores["tier"] {
  return overall >= 0.75 ? "tier_1" : overall >= 0.5 ? "tier_2" : "tier_3";
}

const clamp = (x: number) => Math.min(1, Math.max(0, x));
const smoothed = (hits: number, n: number, prior: number) => (hits + PRIOR * prior) / (n + PRIOR);

function median(xs: number[]): number {
  if (xs.length === 0) return Infinity;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

interface StoryFacts {
  firstTime: number;
  firstSources: Set<number>;
  independent: Set<number>;
  category: string;
}

/** Computes every source's scores from its articles in the window. Sources without articles are left out. */
export function scoreSources(sources: RankingSource[], articles: RankingArticle[]): SourceScores[] {
  const stories = new Map<number, StoryFacts>();
  for (const a of articles) {
    if (a.storyId === null || a.duplicate) continue;
    let s = stories.get(a.storyId);
    if (!s)
      stories.set(
        a.storyId,
        (s = { firstTime: a.time, firstSources: new Set(), independent: new Set(), category: a.category }),
      );
    s.independent.add(a.sourceId);
    if (a.time < s.firstTime) {
      s.firstTime = a.time;
      s.firstSources = new Set([a.sourceId]);
    } else if (a.time === s.firstTime) s.firstSources.add(a.sourceId);
  }
  const multi = (id: number | null) => id !== null && (stories.get(id)?.independent.size ?? 0) >= 2;

  const bySource = new Map<number, RankingArticle[]>();
  for (const a of articles) {
    let list = bySource.get(a.sourceId);
    if (!list) bySource.set(a.sourceId, (list = []));
    list.push(a);
  }

  // Participations in multi-source stories per (category, source), for topical authority.
  const participation = new Map<string, Map<number, number>>();
  for (const s of stories.values()) {
    if (s.independent.size < 2) continue;
    let m = participation.get(s.category);
    if (!m) participation.set(s.category, (m = new Map()));
    for (const src of s.independent) m.set(src, (m.get(src) ?? 0) + 1);
  }
  const best = new Map([...participation].map(([c, m]) => [c, Math.max(...m.values())]));

  // Base rates, the priors of the smoothed ratios.
  let firsts = 0;
  let joined = 0;
  for (const s of stories.values())
    if (s.independent.size >= 2) {
      firsts += s.firstSources.size;
      joined += s.independent.size;
    }
  const firstRate = joined ? firsts / joined : 0.5;
  const independentArticles = articles.filter((a) => !a.duplicate);
  const multiRate = independentArticles.length
    ? independentArticles.filter((a) => multi(a.storyId)).length / independentArticles.length
    : 0.5;

  const out: SourceScores[] = [];
  for (const src of sources) {
    const own = bySource.get(src.id);
    if (!own?.length) continue;
    const originals = own.filter((a) => !a.duplicate);
    // The source's first report in each shared story, in one pass (a filter per story was quadratic in the
    // source's article count: seconds for a wire with thousands of articles).
    const firstOwn = new Map<number, number>();
    for (const a of originals)
      if (multi(a.storyId)) {
        const id = a.storyId as number;
        firstOwn.set(id, Math.min(firstOwn.get(id) ?? Infinity, a.time));
      }
    const storiesIn = new Set(firstOwn.keys());
    let firstCount = 0;
    const lags: number[] = [];
    for (const [id, mine] of firstOwn) {
      const s = stories.get(id) as StoryFacts;
      if (s.firstSources.has(src.id)) firstCount++;
      lags.push(mine - s.firstTime);
    }
    const firstToCluster = clamp(smoothed(firstCount, storiesIn.size, firstRate));
    const clusterFrequency = clamp(
      smoothed(originals.filter((a) => multi(a.storyId)).length, originals.length, multiRate),
    );
    const lag = median(lags);
    const speed = lags.length ? Math.pow(0.5, lag / SPEED_HALF_LIFE_MS) : 0.5;

    const categories = new Map<string, number>();
    for (const a of own) categories.set(a.category, (categories.get(a.category) ?? 0) + 1);
    let topicalAuthority = 0;
    for (const [c, m] of participation) {
      const mine = m.get(src.id) ?? 0;
      if (mine) topicalAuthority = Math.max(topicalAuthority, mine / (best.get(c) ?? mine));
    }
    let entropy = 0;
    for (const n of categories.values()) {
      const p = n / own.length;
      entropy -= p * Math.log(p);
    }
    const contentDiversity = clamp(entropy / Math.log(10));

    const attempted = own.filter((a) => a.contentStatus !== null);
    const extractionSuccess = attempted.length
      ? clamp(
          smoothed(attempted.filter((a) => a.contentStatus === "has_content").length, attempted.length, 0.5),
        )
      : 0.5;

    const loadedShare = own.filter((a) => isLoaded(a.title)).length / own.length;
    const neutrality = clamp(1 - 3 * loadedShare);
    const sensational = clamp((2 * own.reduce((sum, a) => sum + sensationalism(a.title), 0)) / own.length);

    const uptime = src.everSucceeded ? 1 / (1 + src.consecutiveFailures) : src.consecutiveFailures ? 0 : 0.5;
    const reliability = clamp(0.4 * uptime + 0.3 * clusterFrequency + 0.3 * (1 - sensational));

    const w = OVERALL_WEIGHTS;
    const overall = clamp(
      w.firstToCluster * firstToCluster +
        w.clusterFrequency * clusterFrequency +
        w.speed * speed +
        w.topicalAuthority * topicalAuthority +
        w.contentDiversity * contentDiversity +
        w.extractionSuccess * extractionSuccess +
        w.neutrality * neutrality +
        w.reliability * reliability -
        w.sensationalism * sensational,
    );
    const mainCategory = [...categories].sort((a, b) => b[1] - a[1])[0]?.[0] ?? src.category;
    const pct = (x: number) => `${Math.round(100 * x)}%`;
    out.push({
      sourceId: src.id,
      sourceName: src.name,
      logoUrl: src.logoUrl,
      firstToCluster,
      clusterFrequency,
      speed,
      topicalAuthority,
      contentDiversity,
      extractionSuccess,
      neutrality,
      sensationalism: sensational,
      reliability,
      overall,
      tier: tierOf(overall),
      oneLiner: `${src.name}: mostly ${mainCategory}, ${own.length} article${own.length === 1 ? "" : "s"}, first to report ${firstCount} of ${storiesIn.size} shared stor${storiesIn.size === 1 ? "y" : "ies"}.`,
      summary:
        `${src.name} published ${own.length} article${own.length === 1 ? "" : "s"} in the ranking window, ` +
        `${pct(originals.length ? originals.filter((a) => multi(a.storyId)).length / originals.length : 0)} of them in stories other outlets also covered. ` +
        (lags.length
          ? `It reported first on ${pct(storiesIn.size ? firstCount / storiesIn.size : 0)} of those stories, with a median lag of ${Math.round(lag / 60_000)} minutes behind the first report. `
          : "It has no stories shared with other outlets yet. ") +
        `Its coverage spans ${categories.size} categor${categories.size === 1 ? "y" : "ies"}, mostly ${mainCategory}.`,
    });
  }
  return shrinkOverall(out, (id) => bySource.get(id)?.length ?? 0);
}

/** Articles' worth of evidence the overall score's prior carries (see shrinkOverall). */
export const OVERALL_PRIOR_ARTICLES = 20;

/**
 * A source's overall score needs evidence to stand above the average source: a score above the mean of all
 * sources' scores is pulled towards that mean as `(n · score + K · mean) / (n + K)`, n being the source's articles
 * in the window and K = OVERALL_PRIOR_ARTICLES; a score at or below the mean is kept (a few bad articles are not
 * lifted to the average). For the same behaviour per article, more articles never rank lower: ties go to the
 * source with more articles.
 */
function shrinkOverall(scores: SourceScores[], articlesOf: (sourceId: number) => number): SourceScores[] {
  const mean = scores.length ? scores.reduce((sum, s) => sum + s.overall, 0) / scores.length : 0;
  const out = scores.map((s) => {
    const n = articlesOf(s.sourceId);
    if (s.overall <= mean) return s;
    const overall = (n * s.overall + OVERALL_PRIOR_ARTICLES * mean) / (n + OVERALL_PRIOR_ARTICLES);
    return { ...s, overall, tier: tierOf(overall) };
  });
  return out.sort(
    (a, b) =>
      b.overall - a.overall || articlesOf(b.sourceId) - articlesOf(a.sourceId) || a.sourceId - b.sourceId,
  );
}
