import { z } from "zod";

import { ASSET_CLASS, TICKER_IMPACT, TICKER_SENTIMENT, Unit } from "./common";

// The securities a story or an article concerns (contract §6.16, §9.6). `ticker.news` carries ScoredTicker as §9.6
// has it; REST and the other events add the security's name.

const symbol = z.string().min(1).describe("e.g. AAPL, VTI, BTC");
const name = z.string().describe("the security's name, e.g. Apple Inc.");
const assetClass = z.enum(ASSET_CLASS);
const sentiment = z.enum(TICKER_SENTIMENT);
const sentimentScore = z.number().min(-1).max(1).describe("negative = bearish, positive = bullish");

/** The scores of a security in a story (contract §9.6). */
const storyScores = {
  asset_class: assetClass,
  sentiment,
  sentiment_score: sentimentScore,
  impact: z.enum(TICKER_IMPACT),
  impact_score: Unit,
  rationale: z.string().nullable().describe("a one-sentence justification of the scores"),
  confidence: Unit.describe("how sure the tagger is that the story affects the security"),
  price_usd: z.number().nullable().describe("null unless a price feed is configured"),
  price_change_24h: z.number().nullable().describe("percent; null unless a price feed is configured"),
};

/** One security of ticker.news (contract §9.6). */
export const ScoredTicker = z.strictObject({ symbol, ...storyScores });

/** A security a story concerns: ScoredTicker (contract §9.6) plus its name. */
export const StoryTicker = z
  .strictObject({ symbol, name, ...storyScores })
  .describe("A security the story concerns, scored over its articles, with its name");

/** A security an article concerns, as the tagger found it in the article's title and lede. */
export const ArticleTicker = z
  .strictObject({
    symbol,
    name,
    asset_class: assetClass,
    confidence: Unit.describe(
      "how sure the tagger is that the article is about the security, not merely naming it",
    ),
    sentiment,
    sentiment_score: sentimentScore,
    evidence: z
      .string()
      .describe('the words that tied the article to the security, e.g. "$AAPL" or "iPhone"'),
  })
  .describe("A security the article concerns");
