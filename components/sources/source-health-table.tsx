import type { Source } from "@/lib/db/types";
import type { HealthStatus, SourceHealth } from "@/lib/sources/source-health";

import { Badge, type BadgeTone } from "../ui/badge";
import { Table, Td, Th } from "../ui/table";
import { When } from "../ui/when";

const STATUS: Record<HealthStatus, { label: string; tone: BadgeTone; order: number }> = {
  failing: { label: "Failing", tone: "danger", order: 0 },
  degraded: { label: "Degraded", tone: "warn", order: 1 },
  pending: { label: "Not polled yet", tone: "neutral", order: 2 },
  ok: { label: "Healthy", tone: "ok", order: 3 },
};

export interface SourceHealthRow {
  source: Source & { articleCount: number };
  health: SourceHealth | undefined;
}

/** Sources' feed health, problems first: a failing source is backed off, never dropped, and shows here. */
export function SourceHealthTable({
  rows,
  now,
  offset = 0,
  limit,
}: {
  rows: SourceHealthRow[];
  now: number;
  /** Show only this slice of the sorted list. */
  offset?: number;
  limit?: number;
}) {
  const sorted = [...rows]
    .sort(
      (a, b) =>
        STATUS[a.health?.status ?? "pending"].order - STATUS[b.health?.status ?? "pending"].order ||
        b.source.articleCount - a.source.articleCount ||
        a.source.name.localeCompare(b.source.name),
    )
    .slice(offset, limit === undefined ? undefined : offset + limit);
  return (
    <Table label="Source health" data-testid="health-table">
      <thead>
        <tr>
          <Th>Source</Th>
          <Th>Status</Th>
          <Th>Feeds</Th>
          <Th>Articles</Th>
          <Th>Per day</Th>
          <Th>Last success</Th>
          <Th>Last error</Th>
        </tr>
      </thead>
      <tbody>
        {sorted.map(({ source, health }) => {
          const status = STATUS[health?.status ?? "pending"];
          return (
            <tr key={source.id}>
              <Td className="min-w-44">
                <div className="font-medium">{source.name}</div>
                <div className="text-muted text-xs">
                  {source.category}
                  {source.country ? ` · ${source.country}` : ""}
                </div>
              </Td>
              <Td>
                <Badge tone={status.tone}>{status.label}</Badge>
              </Td>
              <Td className="tabular-nums">
                {health ? `${health.feeds - health.failingFeeds} / ${health.feeds}` : "0"}
              </Td>
              <Td className="tabular-nums">{source.articleCount.toLocaleString("en")}</Td>
              <Td className="tabular-nums">{health ? health.articlesPerDay.toFixed(1) : "–"}</Td>
              <Td className="text-muted whitespace-nowrap">
                {health?.lastSuccessAt ? <When ms={health.lastSuccessAt} now={now} /> : "never"}
              </Td>
              <Td className="text-muted max-w-72">
                {health?.lastError ? (
                  <span className="line-clamp-2 text-xs" title={health.lastError}>
                    {health.lastError}
                    {health.consecutiveFailures > 1 ? ` (${health.consecutiveFailures} times in a row)` : ""}
                  </span>
                ) : (
                  "–"
                )}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
