import { prf, type Prf } from "../entities/scoring";
import type { AssetClass } from "./registry";
import type { Sentiment } from "./sentiment";

/** One hand-marked headline of a ticker fixture (lib/tickers/fixtures). */
export interface MarkedHeadline {
  id: string;
  title: string;
  source?: string;
  tickers: Array<{ symbol: string; sentiment: Sentiment }>;
  note?: string;
}

export interface PredictedTag {
  symbol: string;
  asset_class: AssetClass;
  confidence: number;
  sentiment: Sentiment;
}

export interface TickerScore {
  overall: Prf;
  byClass: Record<string, Prf>;
  /** Share of correctly tagged securities whose sentiment matches the hand label. */
  sentimentAccuracy: number;
  sentimentCount: number;
  errors: Array<{ id: string; title: string; missed: string[]; extra: string[] }>;
}

/**
 * Precision and recall of the tags at or above `minConfidence` against the hand marks, overall and per asset
 * class (a gold security's class is looked up in `classOf`; one the registry lacks counts as `unlisted`), and the
 * sentiment accuracy over the securities found.
 */
export function scoreTickers(
  items: readonly MarkedHeadline[],
  predict: (h: MarkedHeadline) => PredictedTag[],
  classOf: (symbol: string) => AssetClass | undefined,
  minConfidence = 0.5,
): TickerScore {
  const counts = new Map<string, { tp: number; fp: number; fn: number }>();
  const bump = (cls: string, k: "tp" | "fp" | "fn") => {
    const c = counts.get(cls) ?? { tp: 0, fp: 0, fn: 0 };
    c[k]++;
    counts.set(cls, c);
  };
  let right = 0;
  let judged = 0;
  const errors: TickerScore["errors"] = [];
  for (const h of items) {
    const gold = new Map(h.tickers.map((t) => [t.symbol.toUpperCase(), t.sentiment]));
    const got = predict(h).filter((t) => t.confidence >= minConfidence);
    const gotSyms = new Set(got.map((t) => t.symbol));
    for (const t of got) {
      const cls = t.asset_class;
      if (gold.has(t.symbol)) {
        bump(cls, "tp");
        judged++;
        if (gold.get(t.symbol) === t.sentiment) right++;
      } else bump(cls, "fp");
    }
    const missed = [...gold.keys()].filter((s) => !gotSyms.has(s));
    for (const s of missed) bump(classOf(s) ?? "unlisted", "fn");
    const extra = [...gotSyms].filter((s) => !gold.has(s));
    if (missed.length || extra.length) errors.push({ id: h.id, title: h.title, missed, extra });
  }
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const byClass: Record<string, Prf> = {};
  for (const [cls, c] of [...counts].sort((a, b) => a[0].localeCompare(b[0]))) {
    byClass[cls] = prf(c);
    tp += c.tp;
    fp += c.fp;
    fn += c.fn;
  }
  return {
    overall: prf({ tp, fp, fn }),
    byClass,
    sentimentAccuracy: judged ? right / judged : 0,
    sentimentCount: judged,
    errors,
  };
}

export type { Prf };
