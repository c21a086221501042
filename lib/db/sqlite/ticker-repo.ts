import type { ScoredTicker } from "../../tickers/story-tickers";
import type { Db } from "../open-db";

/** Writers of a story's securities (migration 019), run inside the dynamics transaction. */
export function storyTickerWriters(db: Db) {
  const existing = db.prepare("SELECT symbol FROM story_tickers WHERE story_id = ?").pluck();
  const drop = db.prepare("DELETE FROM story_tickers WHERE story_id = ? AND symbol = ?");
  const put = db.prepare(
    `INSERT INTO story_tickers (story_id, symbol, confidence, sentiment, sentiment_score, impact, impact_score)
     VALUES (@storyId, @symbol, @confidence, @sentiment, @sentimentScore, @impact, @impactScore)
     ON CONFLICT(story_id, symbol) DO UPDATE SET confidence = excluded.confidence, sentiment = excluded.sentiment,
       sentiment_score = excluded.sentiment_score, impact = excluded.impact, impact_score = excluded.impact_score`,
  );
  const notified = db.prepare(
    `UPDATE story_tickers SET notified_at = @at, notified_sentiment = @sentiment, notified_impact = @impact
     WHERE story_id = @storyId AND symbol = @symbol`,
  );
  const setJson = db.prepare("UPDATE stories SET tickers_json = ? WHERE id = ?");
  return {
    /** Replaces a story's securities with `tickers` (keeping what was announced of those that stay). */
    replace(x: { storyId: number; tickers: ScoredTicker[]; notified: string[]; at: number }): void {
      const keep = new Set(x.tickers.map((t) => t.symbol));
      for (const symbol of existing.all(x.storyId) as string[])
        if (!keep.has(symbol)) drop.run(x.storyId, symbol);
      for (const t of x.tickers)
        put.run({
          storyId: x.storyId,
          symbol: t.symbol,
          confidence: t.confidence,
          sentiment: t.sentiment,
          sentimentScore: t.sentiment_score,
          impact: t.impact,
          impactScore: t.impact_score,
        });
      const announced = new Set(x.notified);
      for (const t of x.tickers)
        if (announced.has(t.symbol))
          notified.run({
            storyId: x.storyId,
            symbol: t.symbol,
            at: x.at,
            sentiment: t.sentiment,
            impact: t.impact,
          });
      setJson.run(x.tickers.length ? JSON.stringify(x.tickers) : null, x.storyId);
    },
  };
}
