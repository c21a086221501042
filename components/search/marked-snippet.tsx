import type { ReactNode } from "react";

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m);

/**
 * A search snippet as the API sends it (contract §6.11: HTML-escaped text with `<mark>` around matched terms),
 * rebuilt as React text and <mark> elements: no HTML from the index is ever injected into the page.
 */
export function MarkedSnippet({ html }: { html: string }) {
  const out: ReactNode[] = [];
  let marked = false;
  html.split(/(<mark>|<\/mark>)/).forEach((part, i) => {
    if (part === "<mark>") marked = true;
    else if (part === "</mark>") marked = false;
    else if (part)
      out.push(
        marked ? (
          <mark key={i} className="bg-warn/25 text-fg rounded-sm px-0.5">
            {unescape(part)}
          </mark>
        ) : (
          unescape(part)
        ),
      );
  });
  return <>{out}</>;
}
