import Link from "next/link";

import {
  firstOrder,
  type SourceTableQuery,
  type SourceTableRow,
  type SourceTableSort,
} from "@/lib/rankings/source-table";

import { Badge, type BadgeTone } from "../ui/badge";
import { Table, Td, Th } from "../ui/table";
import { ScoreBars } from "./score-bars";
import { SCORE_COLUMNS } from "./score-columns";

const TIER_TONES: Record<string, BadgeTone> = { tier_1: "ok", tier_2: "brand", tier_3: "neutral" };
export const tierLabel = (tier: string) => tier.replace("tier_", "Tier ");

/** The address of the table sorted on `sort` (a second select reverses it), from its first page. */
function sortHref(query: SourceTableQuery, sort: SourceTableSort): string {
  const order = query.sort === sort ? (query.order === "desc" ? "asc" : "desc") : firstOrder(sort);
  const p = new URLSearchParams();
  if (query.q) p.set("q", query.q);
  p.set("sort", sort);
  p.set("order", order);
  return `/sources?${p}`;
}

/**
 * One page of the sources table: every source, its article count and, when ranked, its tier and nine scores. Each
 * column header links to the table sorted on it; the server sorts and pages, so the page holds one page of rows.
 */
export function SourceRankingsTable({ rows, query }: { rows: SourceTableRow[]; query: SourceTableQuery }) {
  const header = (key: SourceTableSort, label: string, help?: string) => {
    const active = query.sort === key;
    return (
      <Th
        key={key}
        aria-sort={active ? (query.order === "desc" ? "descending" : "ascending") : undefined}
        className="p-0"
        title={help}
      >
        <Link
          href={sortHref(query, key)}
          scroll={false}
          className="hover:text-fg block px-4 py-2.5 uppercase"
        >
          {label}
          <span aria-hidden="true">{active ? (query.order === "desc" ? " ↓" : " ↑") : ""}</span>
        </Link>
      </Th>
    );
  };
  return (
    <Table label="Source rankings" data-testid="rankings-table">
      <thead>
        <tr>
          {header("source_name", "Source")}
          {header("article_count", "Articles", "Articles stored from this source, all time")}
          {header("tier", "Tier")}
          {header("overall_score", "Overall")}
          <Th>Profile</Th>
          {SCORE_COLUMNS.map((c) => header(c.key, c.label, c.help))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.source_id} data-testid="ranking-row">
            <Td className="max-w-64 min-w-48">
              <div className="font-medium">{r.source_name}</div>
              <div
                className="text-muted truncate text-xs"
                title={r.ranking?.description_one_liner ?? undefined}
              >
                {r.ranking?.description_one_liner ?? `${r.slug} · ${r.category}`}
              </div>
            </Td>
            <Td className="text-muted tabular-nums">{r.article_count.toLocaleString("en")}</Td>
            {r.ranking ? (
              <>
                <Td>
                  <Badge tone={TIER_TONES[r.ranking.tier] ?? "neutral"}>{tierLabel(r.ranking.tier)}</Badge>
                </Td>
                <Td className="font-semibold tabular-nums">{r.ranking.overall_score.toFixed(2)}</Td>
                <Td>
                  <ScoreBars ranking={r.ranking} />
                </Td>
                {SCORE_COLUMNS.map((c) => (
                  <Td key={c.key} className="text-muted tabular-nums">
                    {r.ranking?.[c.key].toFixed(2)}
                  </Td>
                ))}
              </>
            ) : (
              <>
                <Td>
                  <span title="No article in the 30 days the ranking looks at">
                    <Badge tone="neutral">Not ranked</Badge>
                  </span>
                </Td>
                <Td className="text-muted" colSpan={2 + SCORE_COLUMNS.length}>
                  –
                </Td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
