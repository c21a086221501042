import type { ReactNode } from "react";

/** One headline figure with its label, for rows of summary cards. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="border-line bg-surface rounded-xl border p-4 shadow-xs">
      <dt className="text-muted text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="mt-1.5 text-2xl font-semibold tabular-nums">{value}</dd>
      {hint ? <dd className="text-muted mt-1 text-xs">{hint}</dd> : null}
    </div>
  );
}
