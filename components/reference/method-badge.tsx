import { cn } from "../ui/cn";

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        "rounded px-1.5 py-0.5 font-mono text-[11px] font-bold",
        method === "POST" ? "bg-warn/15 text-warn" : "bg-ok/15 text-ok",
      )}
    >
      {method}
    </span>
  );
}
