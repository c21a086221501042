import Link from "next/link";

import { CARD_TICKERS } from "@/lib/stories/ticker-chips";
import type { ScoredTicker } from "@/lib/tickers/story-tickers";

import { sentimentTextClass, TickerChip } from "./ticker-chip";

/** A story card's securities: the first few as chips, then "+N" leading to the story page, which lists them all. */
export function CardTickers({ storyId, tickers }: { storyId: number; tickers: ScoredTicker[] }) {
  if (!tickers.length) return null;
  const more = tickers.length - CARD_TICKERS;
  return (
    <ul aria-label="Securities" className="mt-3 flex flex-wrap items-center gap-1.5">
      {tickers.slice(0, CARD_TICKERS).map((t) => (
        <li key={t.symbol}>
          <TickerChip ticker={t} />
        </li>
      ))}
      {more > 0 ? (
        <li>
          <Link
            href={`/stories/${storyId}`}
            aria-label={`${more} more ${more === 1 ? "security" : "securities"}`}
            className="text-muted hover:text-fg text-xs font-medium underline-offset-4 hover:underline"
          >
            +{more}
          </Link>
        </li>
      ) : null}
    </ul>
  );
}

/** Every security of a story with its name, sentiment, impact and why the story concerns it. */
export function StoryTickerList({ tickers }: { tickers: ScoredTicker[] }) {
  return (
    <ul data-testid="story-tickers" className="divide-line divide-y text-sm">
      {tickers.map((t) => (
        <li key={t.symbol} data-symbol={t.symbol} className="py-2.5 first:pt-0 last:pb-0">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <TickerChip ticker={t} />
            <span className="min-w-0 font-medium">{t.name}</span>
            <span className="text-muted ml-auto text-xs whitespace-nowrap">
              <span className={`font-medium capitalize ${sentimentTextClass(t.sentiment)}`}>
                {t.sentiment}
              </span>
              {" · "}
              {t.impact} impact · {Math.round(t.confidence * 100)}% confidence
            </span>
          </div>
          {t.rationale ? <p className="text-muted mt-1 text-xs">{t.rationale}</p> : null}
        </li>
      ))}
    </ul>
  );
}
