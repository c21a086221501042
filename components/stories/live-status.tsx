import { cn } from "../ui/cn";
import type { LiveState } from "./use-event-stream";

const TEXT: Record<LiveState, string> = {
  connecting: "Connecting…",
  live: "Live",
  idle: "Not live: no new articles",
  reconnecting: "Reconnecting…",
  closed: "Not live: reload to reconnect",
};

const TITLE: Partial<Record<LiveState, string>> = {
  idle: "Connected, but no article arrived in the last 48 hours: this is an archive, or feeds are not polled. New articles still appear here as soon as they arrive.",
};

/** Whether the page is following live news: a dot and a word, never colour alone. */
export function LiveStatus({ status }: { status: LiveState }) {
  return (
    <span
      data-testid="live-status"
      data-status={status}
      title={TITLE[status]}
      className="flex items-center gap-2 text-sm"
    >
      <span
        aria-hidden="true"
        className={cn(
          "size-2 rounded-full",
          status === "live"
            ? "bg-ok animate-pulse"
            : status === "closed"
              ? "bg-danger"
              : status === "idle"
                ? "bg-muted"
                : "bg-warn",
        )}
      />
      <span className={status === "live" ? "text-ok font-medium" : "text-muted"}>{TEXT[status]}</span>
    </span>
  );
}
