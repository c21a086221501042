import type { TermCount } from "@/lib/search/match-note";

import { cn } from "../ui/cn";

/**
 * How each word of the query fared: the number of articles holding it, or that none does. A word is never dropped
 * without the page saying so.
 */
export function TermReport({ terms, note }: { terms: TermCount[]; note: string | null }) {
  if (terms.length < 2 && !note) return null;
  return (
    <div className="mb-5 space-y-2" data-testid="term-report">
      {terms.length > 1 || terms.some((t) => t.articles === 0) ? (
        <ul aria-label="Words searched" className="flex flex-wrap gap-2 text-xs">
          {terms.map((t) => (
            <li
              key={t.text}
              data-testid="term"
              data-articles={t.articles}
              className={cn(
                "rounded-full px-2.5 py-1 ring-1 ring-inset",
                t.articles === 0 ? "bg-danger/10 text-danger ring-danger/30" : "bg-subtle text-fg ring-line",
              )}
            >
              <span className="font-medium">{t.text}</span>{" "}
              <span className={t.articles === 0 ? "" : "text-muted"}>
                {t.articles === 0
                  ? "in no article"
                  : `${t.articles.toLocaleString("en")} article${t.articles === 1 ? "" : "s"}`}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {note ? (
        <p className="text-sm" data-testid="match-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
