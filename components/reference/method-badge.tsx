import { cn } from "../ui/cn";

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={cn(
        "rounded px-1.5 py-0.5 font-mono text-xs font-semibold",
        method === "POST" ? "bg-warn/10 text-warn" : "bg-ok/10 text-ok",
      )}
    >
      {method}
    </span>
  );
}
