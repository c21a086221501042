import Link from "next/link";

import { cn } from "./cn";

/** Previous / next links over an offset-paged list, keeping the page's other query parameters. */
export function Pager({
  path,
  params,
  offset,
  limit,
  total,
  offsetParam = "offset",
}: {
  path: string;
  params: Record<string, string | undefined>;
  offset: number;
  limit: number;
  total: number;
  /** The query parameter holding the offset (a page with two paged lists names one differently). */
  offsetParam?: string;
}) {
  if (total <= limit) return null;
  const href = (o: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
    if (o > 0) q.set(offsetParam, String(o));
    const s = q.toString();
    return s ? `${path}?${s}` : path;
  };
  const link = "border-line bg-surface hover:bg-subtle rounded-md border px-3 py-1.5 text-sm font-medium";
  const end = Math.min(offset + limit, total);
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3">
      <p className="text-muted text-sm">
        {offset + 1}–{end} of {total.toLocaleString("en")}
      </p>
      <div className="flex gap-2">
        {offset > 0 ? (
          <Link href={href(Math.max(0, offset - limit))} className={link}>
            Previous
          </Link>
        ) : null}
        {end < total ? (
          <Link href={href(offset + limit)} className={cn(link)}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
