import { shownTitle } from "@/lib/articles/serialize";
import type { Article } from "@/lib/db/types";
import type { MemberGroup } from "@/lib/stories/member-groups";

import { Badge } from "../ui/badge";
import { ExternalIcon } from "../ui/icons";
import { When } from "../ui/when";

function ArticleLine({ a }: { a: Article }) {
  return (
    <>
      <a
        href={a.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="hover:text-accent inline-flex items-start gap-1 font-medium underline-offset-4 hover:underline"
      >
        {shownTitle(a)}
        <ExternalIcon size={13} className="text-muted mt-1 shrink-0" />
        <span className="sr-only"> (opens the publisher&apos;s page)</span>
      </a>
      <p className="text-muted mt-0.5 text-xs">
        {a.sourceName} · <When ms={a.publishedAt || a.discoveredAt} />
      </p>
    </>
  );
}

/** A story's articles, newest first; syndicated copies of one wire story sit folded under it. */
export function MemberArticles({ groups }: { groups: MemberGroup[] }) {
  return (
    <ul className="divide-line divide-y">
      {groups.map(({ article, duplicates }) => (
        <li key={article.id} data-testid="member-article" className="py-3 text-sm first:pt-0 last:pb-0">
          <ArticleLine a={article} />
          {duplicates.length ? (
            <details data-testid="duplicates" className="mt-2">
              <summary className="text-muted hover:text-fg cursor-pointer text-xs">
                <Badge tone="neutral">
                  +{duplicates.length} syndicated {duplicates.length === 1 ? "copy" : "copies"}
                </Badge>{" "}
                the same report republished by {duplicates.map((d) => d.sourceName).join(", ")}
              </summary>
              <ul className="border-line mt-2 space-y-2 border-l pl-3">
                {duplicates.map((d) => (
                  <li key={d.id}>
                    <ArticleLine a={d} />
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
