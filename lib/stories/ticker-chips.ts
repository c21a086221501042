// What the dashboard shows of a story's securities (ticker chips) and reads from its securities filter. Pure and
// dependency-free: client components import it.
import type { ScoredTicker } from "../tickers/story-tickers";
import { SYMBOL } from "../tickers/symbol";

/** Chips a story card shows before "+N". */
export const CARD_TICKERS = 4;

/** qCsv's bound: the filter takes at most this many symbols. */
export const MAX_FILTER_SYMBOLS = 100;

type ChipTicker = Pick<ScoredTicker, "symbol" | "name" | "sentiment" | "impact" | "rationale">;

/** What a screen reader says for a chip: `AAPL, bullish, moderate impact`. */
export function tickerChipLabel(t: ChipTicker): string {
  return `${t.symbol}, ${t.sentiment}, ${t.impact} impact`;
}

/** The chip's tooltip: the security's name, then why the story concerns it. */
export function tickerChipTitle(t: ChipTicker): string {
  return t.rationale ? `${t.name}: ${t.rationale}` : t.name;
}

/** The stories feed filtered by these symbols (commas kept readable: `/stories?tickers=AAPL,BTC`). */
export function tickerFilterHref(symbols: readonly string[]): string {
  return symbols.length ? `/stories?tickers=${symbols.map(encodeURIComponent).join(",")}` : "/stories";
}

/**
 * Reads what a user typed in the securities filter: symbols separated by commas or spaces, a cashtag's `$`
 * dropped, upper-cased, each once. `invalid` holds the entries no symbol can spell, as typed.
 */
export function parseTickerInput(text: string): { symbols: string[]; invalid: string[] } {
  const symbols: string[] = [];
  const invalid: string[] = [];
  for (const entry of text.split(/[\s,]+/)) {
    if (!entry) continue;
    const symbol = entry.replace(/^\$/, "").toUpperCase();
    if (!SYMBOL.test(symbol)) invalid.push(entry);
    else if (!symbols.includes(symbol)) symbols.push(symbol);
  }
  return { symbols, invalid };
}

/** "AAPL", "AAPL or BTC", "AAPL, BTC or ETH": the symbols a filter asks for, as a sentence reads them. */
export function symbolList(symbols: readonly string[]): string {
  if (symbols.length <= 1) return symbols.join("");
  return `${symbols.slice(0, -1).join(", ")} or ${symbols[symbols.length - 1]}`;
}
