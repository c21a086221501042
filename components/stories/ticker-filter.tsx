"use client";

import { useId, useState, type FocusEvent } from "react";

import { MAX_FILTER_SYMBOLS, parseTickerInput } from "@/lib/stories/ticker-chips";

import { Input } from "../ui/form";
import { CloseIcon } from "../ui/icons";

function problem(text: string): { symbols: string[]; error: string | null } {
  const { symbols, invalid } = parseTickerInput(text);
  if (invalid.length)
    return {
      symbols,
      error: `${invalid.map((s) => `“${s}”`).join(", ")} ${invalid.length === 1 ? "is not a symbol" : "are not symbols"}: type symbols such as AAPL, BTC or GC=F.`,
    };
  if (symbols.length > MAX_FILTER_SYMBOLS)
    return { symbols, error: `At most ${MAX_FILTER_SYMBOLS} symbols at once.` };
  return { symbols, error: null };
}

/**
 * The feed's securities filter: symbols separated by commas, applied on Enter or on leaving the field, with a
 * button that clears it. Entries no symbol can spell are reported here rather than sent.
 */
export function TickerFilter({
  tickers,
  onChange,
}: {
  tickers: string[];
  onChange: (tickers: string[]) => void;
}) {
  const id = useId();
  const applied = tickers.join(", ");
  const [text, setText] = useState(applied);
  const [error, setError] = useState<string | null>(null);
  // The filter changed from outside (a ticker chip's link, going back): the field shows what is applied.
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setText(applied);
    setError(null);
  }

  const apply = () => {
    const { symbols, error: err } = problem(text);
    setError(err);
    if (err) return;
    setText(symbols.join(", "));
    if (symbols.join(",") !== tickers.join(",")) onChange(symbols);
  };
  const clear = () => {
    setText("");
    setError(null);
    if (tickers.length) onChange([]);
  };
  const onBlur = (e: FocusEvent<HTMLInputElement>) => {
    // Leaving the field for its clear button clears; applying first would load a feed about to be dropped.
    if (e.relatedTarget instanceof HTMLElement && e.relatedTarget.dataset.clear === id) return;
    apply();
  };

  return (
    <form
      role="search"
      aria-label="Filter by security"
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <label htmlFor={id} className="text-muted">
        Securities
      </label>
      <div className="relative">
        <Input
          id={id}
          className="h-9 w-40 pr-8"
          value={text}
          placeholder="AAPL, BTC"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onBlur={onBlur}
        />
        {text || tickers.length ? (
          <button
            type="button"
            data-clear={id}
            aria-label="Clear the securities filter"
            title="Clear"
            className="text-muted hover:text-fg absolute inset-y-0 right-0 flex w-8 items-center justify-center rounded-r-md"
            onClick={clear}
          >
            <CloseIcon size={14} />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-danger basis-full text-xs font-medium">
          {error}
        </p>
      ) : null}
    </form>
  );
}
