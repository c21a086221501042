import type { QuotaStatus } from "@/lib/usage/quota-status";

import { cn } from "../ui/cn";
import { formatCount, formatUtcDate } from "./format";

/**
 * Credits used this month on a bar that runs to the grace limit, with a tick at the plan's monthly limit: the
 * stretch past the tick is the grace band, where requests are still served.
 */
export function QuotaBar({ quota }: { quota: QuotaStatus }) {
  const { monthlyUsed: used, monthlyLimit: limit, graceLimit: grace } = quota;
  const fill = Math.min(100, (used / grace) * 100);
  const tick = (limit / grace) * 100;
  const tone = quota.exhausted
    ? "bg-danger"
    : quota.inGrace
      ? "bg-warn"
      : quota.pctUsed >= 80
        ? "bg-warn"
        : "bg-accent";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="text-2xl font-semibold tabular-nums">{formatCount(used)}</span>
          <span className="text-muted"> of {formatCount(limit)} credits used</span>
        </p>
        <p className="text-muted text-sm tabular-nums">{quota.pctUsed}%</p>
      </div>
      <div
        role="progressbar"
        aria-label="Monthly credits"
        aria-valuemin={0}
        aria-valuemax={grace}
        aria-valuenow={Math.min(used, grace)}
        aria-valuetext={`${formatCount(used)} of ${formatCount(limit)} credits used, ${quota.pctUsed}%`}
        className="bg-subtle relative h-3 overflow-hidden rounded-full"
      >
        <div className={cn("h-full rounded-full transition-[width]", tone)} style={{ width: `${fill}%` }} />
        <div
          aria-hidden="true"
          className="bg-fg/60 absolute inset-y-0 w-0.5"
          style={{ left: `calc(${tick}% - 1px)` }}
          title="Monthly limit"
        />
      </div>
      <dl className="text-muted grid gap-x-6 gap-y-1 text-xs sm:grid-cols-3">
        <div>
          <dt className="inline">Monthly limit: </dt>
          <dd className="text-fg inline font-medium tabular-nums">{formatCount(limit)}</dd>
        </div>
        <div>
          <dt className="inline">Grace up to: </dt>
          <dd className="text-fg inline font-medium tabular-nums">{formatCount(grace)}</dd>
        </div>
        <div>
          <dt className="inline">Resets: </dt>
          <dd className="text-fg inline font-medium">{formatUtcDate(quota.resetsAtMs)} (UTC)</dd>
        </div>
      </dl>
      {quota.exhausted ? (
        <p role="alert" className="text-danger text-sm font-medium">
          Credits are used up, including the grace band: requests that cost credits get 429 until the reset.
        </p>
      ) : quota.inGrace ? (
        <p className="text-warn text-sm font-medium">
          You are in the grace band: requests are still served until {formatCount(grace)} credits.
        </p>
      ) : null}
    </div>
  );
}
