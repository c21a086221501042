import type { ReactNode } from "react";

import { cn } from "./cn";
import { AlertIcon } from "./icons";

/** What a page shows when it has nothing yet: why, and what to do about it. */
export function EmptyState({
  icon,
  title,
  children,
  action,
  className,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "border-line flex flex-col items-center rounded-xl border border-dashed px-6 py-12 text-center",
        className,
      )}
    >
      {icon ? (
        <div className="bg-accent/10 text-accent mb-4 flex size-12 items-center justify-center rounded-full">
          {icon}
        </div>
      ) : null}
      <h2 className="text-base font-semibold">{title}</h2>
      {children ? <div className="text-muted mt-2 max-w-md text-sm">{children}</div> : null}
      {action ? <div className="mt-5 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}

/** What a page or panel shows when loading failed, with a way to try again. */
export function ErrorState({
  title = "Something went wrong",
  message,
  action,
}: {
  title?: string;
  message?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div role="alert" className="border-danger/40 bg-danger/5 flex gap-3 rounded-xl border px-5 py-4">
      <AlertIcon className="text-danger mt-0.5 shrink-0" />
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        {message ? <div className="text-muted mt-1 text-sm break-words">{message}</div> : null}
        {action ? <div className="mt-3">{action}</div> : null}
      </div>
    </div>
  );
}

export function Alert({
  tone = "info",
  children,
  className,
}: {
  tone?: "info" | "warn" | "danger" | "ok";
  children: ReactNode;
  className?: string;
}) {
  const tones = {
    info: "border-accent/30 bg-accent/5",
    warn: "border-warn/40 bg-warn/10",
    danger: "border-danger/40 bg-danger/5",
    ok: "border-ok/40 bg-ok/10",
  };
  return (
    <div
      role={tone === "danger" ? "alert" : "status"}
      className={cn("rounded-lg border px-4 py-3 text-sm", tones[tone], className)}
    >
      {children}
    </div>
  );
}
