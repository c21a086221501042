import type { AssetClass } from "./registry";
import { marketSentiment, type Sentiment } from "./sentiment";
import type { ArticleTicker } from "./tag-article";

/** Contract §6.16 `ticker impact`. */
export const IMPACTS = ["negligible", "low", "moderate", "high", "unprecedented"] as const;
export type Impact = (typeof IMPACTS)[number];

/** ScoredTicker (contract §9.6), with the security's name; what story payloads and `ticker.news` carry. */
export interface ScoredTicker {
  symbol: string;
  name: string;
  asset_class: AssetClass;
  sentiment: Sentiment;
  sentiment_score: number;
  impact: Impact;
  impact_score: number;
  rationale: string | null;
  confidence: number;
  /** Null unless a price feed is configured (none is by default). */
  price_usd: number | null;
  price_change_24h: number | null;
}

export interface StoryTickerMember {
  time: number;
  sourceId: number;
  tickers?: readonly ArticleTicker[] | null;
}

export interface StoryTickerInput {
  /** The story headline as readers see it. */
  headline: string;
  priority: string;
  /** Authority-weighted reports per unit time (lib/stories/dynamics/velocity.ts). */
  velocity: number;
  members: readonly StoryTickerMember[];
  /** Source id → overall ranking score (0–1), when ranked. */
  authority: (sourceId: number) => number | undefined;
}

/** A story carries a ticker at or above this confidence: its first `ticker.news` goes out then. */
export const NOTIFY_CONFIDENCE = 0.5;
/** At most one `ticker.news` per story per ticker in this time. */
export const NOTIFY_INTERVAL_MS = 10 * 60_000;
/** Stored tags below this story-level confidence are dropped. */
const KEEP_CONFIDENCE = 0.3;
/** Member sentiment counts half as much after this much time before the story's newest tagged report. */
const SENTIMENT_HALF_LIFE_MS = 12 * 3_600_000;

const PRIORITY_WEIGHT: Record<string, number> = { low: 0.1, medium: 0.35, high: 0.65, breaking: 0.9 };

const r3 = (x: number) => Math.round(x * 1000) / 1000;

export function impactClass(score: number): Impact {
  return score < 0.15
    ? "negligible"
    : score < 0.35
      ? "low"
      : score < 0.6
        ? "moderate"
        : score < 0.85
          ? "high"
          : "unprecedented";
}

/** Story-level sentiment class: averaged scores are milder than one headline's, so the band is narrower. */
export function storySentimentClass(score: number): Sentiment {
  return score >= 0.15 ? "bullish" : score <= -0.15 ? "bearish" : "neutral";
}

/**
 * How much the story moves markets, 0–1, whatever the security: its priority (half), its velocity (three tenths)
 * and the mean authority of its sources (a fifth).
 */
export function impactScore(
  input: Pick<StoryTickerInput, "priority" | "velocity" | "members" | "authority">,
): number {
  const sources = new Set(input.members.map((m) => m.sourceId));
  let sum = 0;
  for (const id of sources) sum += input.authority(id) ?? 0.5;
  const authority = sources.size ? sum / sources.size : 0.5;
  const velocity = 1 - Math.exp(-Math.max(0, input.velocity) / 8);
  return r3(0.5 * (PRIORITY_WEIGHT[input.priority] ?? 0.1) + 0.3 * velocity + 0.2 * authority);
}

/**
 * A story's securities from its members' tags. Confidence joins the members' confidences as independent evidence
 * (noisy-or), scaled down when few of the story's members name the security (a passing mention in one report of
 * fifty does not make the story about it). Sentiment is the confidence-weighted mean of the members' scores, newer
 * reports weighing more; impact is the story's (`impactScore`), scaled by the confidence.
 */
export function scoreStoryTickers(input: StoryTickerInput): ScoredTicker[] {
  const tagged = input.members.filter((m) => m.tickers?.length);
  if (tagged.length === 0) return [];
  const newest = Math.max(...tagged.map((m) => m.time));
  const story = impactScore(input);
  const tone = marketSentiment(input.headline);
  const groups = new Map<
    string,
    {
      t: ArticleTicker;
      miss: number;
      n: number;
      sources: Set<number>;
      wSum: number;
      sSum: number;
      ev: Map<string, number>;
    }
  >();
  for (const m of tagged) {
    const w0 = Math.pow(0.5, (newest - m.time) / SENTIMENT_HALF_LIFE_MS);
    for (const t of m.tickers!) {
      const g = groups.get(t.symbol) ?? {
        t,
        miss: 1,
        n: 0,
        sources: new Set<number>(),
        wSum: 0,
        sSum: 0,
        ev: new Map<string, number>(),
      };
      g.miss *= 1 - t.confidence;
      g.n += 1;
      g.sources.add(m.sourceId);
      g.wSum += t.confidence * w0;
      g.sSum += t.confidence * w0 * t.sentiment_score;
      g.ev.set(t.evidence, (g.ev.get(t.evidence) ?? 0) + 1);
      groups.set(t.symbol, g);
    }
  }
  const total = input.members.length;
  const out: ScoredTicker[] = [];
  for (const g of groups.values()) {
    const share = g.n / total;
    const confidence = r3(Math.min(0.99, (1 - g.miss) * Math.min(1, 0.4 + 1.2 * share)));
    if (confidence < KEEP_CONFIDENCE) continue;
    const sentimentScore = r3(g.wSum > 0 ? g.sSum / g.wSum : 0);
    const sentiment = storySentimentClass(sentimentScore);
    const impact = r3(story * (0.5 + 0.5 * confidence));
    const evidence = [...g.ev].sort((a, b) => b[1] - a[1])[0]![0];
    const cue = tone.sentiment === sentiment && sentiment !== "neutral" ? tone.cues[0] : undefined;
    out.push({
      symbol: g.t.symbol,
      name: g.t.name,
      asset_class: g.t.asset_class,
      sentiment,
      sentiment_score: sentimentScore,
      impact: impactClass(impact),
      impact_score: impact,
      rationale: rationale({
        evidence,
        n: g.n,
        total,
        sources: g.sources.size,
        sentiment,
        cue,
        priority: input.priority,
      }),
      confidence,
      price_usd: null,
      price_change_24h: null,
    });
  }
  return out.sort((a, b) => b.confidence - a.confidence || a.symbol.localeCompare(b.symbol));
}

function rationale(x: {
  evidence: string;
  n: number;
  total: number;
  sources: number;
  sentiment: Sentiment;
  cue: string | undefined;
  priority: string;
}): string {
  const reports = x.total === 1 ? "the one report" : `${x.n} of ${x.total} reports`;
  const from = x.sources > 1 ? ` from ${x.sources} sources` : "";
  const tone =
    x.sentiment === "neutral"
      ? "the coverage reads neutral"
      : `the coverage reads ${x.sentiment}${x.cue ? ` ("${x.cue}")` : ""}`;
  return `"${x.evidence}" is named in ${reports}${from}; ${tone}, in a ${x.priority}-priority story.`;
}

/** What the last `ticker.news` for one (story, symbol) said, if one went out. */
export interface TickerNotice {
  symbol: string;
  notifiedAt: number | null;
  sentiment: string | null;
  impact: string | null;
}

/**
 * The tickers a `ticker.news` should carry now: a ticker the story carries at ≥ 0.5 confidence that was never
 * announced, or whose sentiment or impact class changed since it was; never twice within 10 minutes for one story
 * and ticker (a change inside the window waits for the story's next update after it).
 */
export function tickersToNotify(
  scored: readonly ScoredTicker[],
  previous: ReadonlyMap<string, TickerNotice>,
  now: number,
): ScoredTicker[] {
  return scored.filter((t) => {
    if (t.confidence < NOTIFY_CONFIDENCE) return false;
    const p = previous.get(t.symbol);
    if (!p || p.notifiedAt === null) return true;
    if (now - p.notifiedAt < NOTIFY_INTERVAL_MS) return false;
    return p.sentiment !== t.sentiment || p.impact !== t.impact;
  });
}
