import Link from "next/link";

import { tickerChipLabel, tickerChipTitle, tickerFilterHref } from "@/lib/stories/ticker-chips";
import type { ScoredTicker } from "@/lib/tickers/story-tickers";

import { cn } from "../ui/cn";

type ChipTicker = Pick<ScoredTicker, "symbol" | "name" | "sentiment" | "impact" | "rationale">;

// Colour and shape both carry the sentiment (an arrow up, down or a bar), so it reads without colour too.
const SENTIMENT_STYLES = {
  bullish: { className: "bg-ok/10 text-ok ring-ok/30 hover:bg-ok/20", path: "M5 1.5 9 8H1z" },
  bearish: { className: "bg-danger/10 text-danger ring-danger/30 hover:bg-danger/20", path: "M5 8.5 1 2h8z" },
  neutral: { className: "bg-subtle text-muted ring-line hover:text-fg", path: "M1.5 4h7v2h-7z" },
};
type SentimentStyle = (typeof SENTIMENT_STYLES)["neutral"];

const styleOf = (sentiment: string): SentimentStyle =>
  (SENTIMENT_STYLES as Record<string, SentimentStyle | undefined>)[sentiment] ?? SENTIMENT_STYLES.neutral;

/** The text colour of a sentiment, for the word beside a chip. */
export const sentimentTextClass = (sentiment: string) =>
  sentiment === "bullish" ? "text-ok" : sentiment === "bearish" ? "text-danger" : "text-muted";

/** The sentiment's arrow, decorative: the chip's label says the sentiment in words. */
function SentimentMark({ sentiment }: { sentiment: string }) {
  return (
    <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true" focusable="false" className="shrink-0">
      <path d={styleOf(sentiment).path} fill="currentColor" />
    </svg>
  );
}

/**
 * One security of a story: its symbol with the sentiment as colour and arrow, a link to the feed filtered by it.
 * Screen readers hear `AAPL, bullish, moderate impact`; the name and the rationale are its tooltip.
 */
export function TickerChip({ ticker, className }: { ticker: ChipTicker; className?: string }) {
  return (
    <Link
      href={tickerFilterHref([ticker.symbol])}
      aria-label={tickerChipLabel(ticker)}
      title={tickerChipTitle(ticker)}
      data-testid="ticker-chip"
      data-symbol={ticker.symbol}
      data-sentiment={ticker.sentiment}
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap tabular-nums ring-1 transition-colors ring-inset",
        styleOf(ticker.sentiment).className,
        className,
      )}
    >
      <SentimentMark sentiment={ticker.sentiment} />
      {ticker.symbol}
    </Link>
  );
}
