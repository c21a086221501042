import { PLANS, type Plan } from "@/lib/db/types";
import { graceLimit, PLAN_LIMITS } from "@/lib/plans";

import { Badge } from "../ui/badge";
import { cn } from "../ui/cn";
import { CheckIcon } from "../ui/icons";
import { formatCount } from "../usage/format";

// What each plan adds (contract §3.3): the limits come from lib/plans.ts, the gates from the contract.
const FEATURES: Record<Plan, string[]> = {
  free: ["Every REST endpoint", "Stories, entities, graphs and rankings", "Search and usage reports"],
  starter: ["Everything in Free", "Live WebSocket feed"],
  pro: ["Everything in Starter", "Backtest: replay the event log", "Vector search and embeddings"],
  business: ["Everything in Pro", "The highest limits", "50 live connections"],
};

/** The four plans side by side, with the account's own plan marked when known. */
export function PlanCards({ current }: { current?: Plan }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {PLANS.map((plan) => {
        const l = PLAN_LIMITS[plan];
        const mine = plan === current;
        return (
          <li
            key={plan}
            aria-current={mine ? "true" : undefined}
            className={cn(
              "bg-surface flex flex-col rounded-xl border p-5 shadow-xs",
              mine ? "border-accent ring-accent ring-1" : "border-line",
            )}
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-base font-semibold capitalize">{plan}</h3>
              {mine ? <Badge tone="brand">Your plan</Badge> : null}
            </div>
            <p className="mt-3">
              <span className="text-3xl font-semibold tabular-nums">${l.priceUsd}</span>
              <span className="text-muted text-sm"> / month</span>
            </p>
            <dl className="border-line mt-4 space-y-2 border-t pt-4 text-sm">
              <Limit label="Credits / month" value={formatCount(l.monthlyCredits)} />
              <Limit label="Grace limit" value={formatCount(graceLimit(l.monthlyCredits))} />
              <Limit label="Requests / minute" value={formatCount(l.requestsPerMinute)} />
              <Limit
                label="Live connections"
                value={l.wsConnections ? formatCount(l.wsConnections) : "None"}
              />
            </dl>
            <ul className="mt-4 space-y-1.5 text-sm">
              {FEATURES[plan].map((f) => (
                <li key={f} className="flex gap-2">
                  <CheckIcon size={16} className="text-ok mt-0.5 shrink-0" />
                  {f}
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}

function Limit({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-2">
      <dt className="text-muted">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}
