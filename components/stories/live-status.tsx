import { cn } from "../ui/cn";
import type { StreamStatus } from "./use-event-stream";

const TEXT: Record<StreamStatus, string> = {
  connecting: "Connecting…",
  live: "Live",
  reconnecting: "Reconnecting…",
  closed: "Not live: reload to reconnect",
};

/** Whether the page is following the live stream: a dot and a word, never colour alone. */
export function LiveStatus({ status }: { status: StreamStatus }) {
  return (
    <span data-testid="live-status" data-status={status} className="flex items-center gap-2 text-sm">
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          status === "live" ? "bg-ok animate-pulse" : status === "closed" ? "bg-danger" : "bg-warn",
        )}
      />
      <span className={status === "live" ? "text-ok font-medium" : "text-muted"}>{TEXT[status]}</span>
    </span>
  );
}
