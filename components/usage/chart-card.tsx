import type { ReactNode } from "react";

/**
 * A titled panel for one chart, with a text summary for screen readers. The chart stays reachable by keyboard:
 * Recharts moves its tooltip along the data with the arrow keys.
 */
export function ChartCard({
  title,
  summary,
  children,
  className = "",
}: {
  title: string;
  summary: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <figure className={`border-line bg-surface min-w-0 rounded-xl border p-4 shadow-xs ${className}`}>
      <figcaption className="mb-3">
        <span className="text-sm font-semibold">{title}</span>
        <span className="sr-only">. {summary}</span>
      </figcaption>
      {children}
    </figure>
  );
}
