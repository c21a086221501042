import type { ReactNode } from "react";

import { cn } from "./cn";

export type BadgeTone = "neutral" | "brand" | "ok" | "warn" | "danger";

const TONES: Record<BadgeTone, string> = {
  neutral: "bg-subtle text-muted ring-line",
  brand: "bg-accent/10 text-accent ring-accent/30",
  ok: "bg-ok/10 text-ok ring-ok/30",
  warn: "bg-warn/10 text-warn ring-warn/30",
  danger: "bg-danger/10 text-danger ring-danger/30",
};

export function Badge({
  tone = "neutral",
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
