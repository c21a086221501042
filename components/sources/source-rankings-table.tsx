"use client";

import { useMemo, useState } from "react";

import { Badge, type BadgeTone } from "../ui/badge";
import { Table, Td, Th } from "../ui/table";
import { ScoreBars } from "./score-bars";
import { SCORE_COLUMNS, type ScoreKey, type SourceRanking } from "./score-columns";

type SortKey = ScoreKey | "overall_score" | "source_name" | "tier";

const TIER_TONES: Record<string, BadgeTone> = { tier_1: "ok", tier_2: "brand", tier_3: "neutral" };
export const tierLabel = (tier: string) => tier.replace("tier_", "Tier ");

function compare(a: SourceRanking, b: SourceRanking, key: SortKey): number {
  if (key === "source_name") return a.source_name.localeCompare(b.source_name);
  if (key === "tier") return a.tier.localeCompare(b.tier) || b.overall_score - a.overall_score;
  return a[key] - b[key];
}

/** Source rankings, sortable on any column (click a header; again to reverse), with each source's score profile. */
export function SourceRankingsTable({ rankings }: { rankings: SourceRanking[] }) {
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: "overall_score", desc: true });
  const rows = useMemo(() => {
    const sorted = [...rankings].sort((a, b) => compare(a, b, sort.key));
    return sort.desc ? sorted.reverse() : sorted;
  }, [rankings, sort]);
  const header = (key: SortKey, label: string, help?: string) => {
    const active = sort.key === key;
    return (
      <Th
        key={key}
        aria-sort={active ? (sort.desc ? "descending" : "ascending") : undefined}
        className="p-0"
        title={help}
      >
        <button
          type="button"
          className="hover:text-fg w-full px-4 py-2.5 text-left uppercase"
          onClick={() =>
            setSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== "source_name" && key !== "tier" }))
          }
        >
          {label}
          <span aria-hidden="true">{active ? (sort.desc ? " ↓" : " ↑") : ""}</span>
        </button>
      </Th>
    );
  };
  return (
    <Table label="Source rankings" data-testid="rankings-table">
      <thead>
        <tr>
          {header("source_name", "Source")}
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
              {r.description_one_liner ? (
                <div className="text-muted truncate text-xs" title={r.description_one_liner}>
                  {r.description_one_liner}
                </div>
              ) : null}
            </Td>
            <Td>
              <Badge tone={TIER_TONES[r.tier] ?? "neutral"}>{tierLabel(r.tier)}</Badge>
            </Td>
            <Td className="font-semibold tabular-nums">{r.overall_score.toFixed(2)}</Td>
            <Td>
              <ScoreBars ranking={r} />
            </Td>
            {SCORE_COLUMNS.map((c) => (
              <Td key={c.key} className="text-muted tabular-nums">
                {r[c.key].toFixed(2)}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
