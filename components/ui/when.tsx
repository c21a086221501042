import { exactWhen, when } from "@/lib/text/when";

/**
 * A moment as readers see it (lib/text/when): "3 minutes ago" while recent, "Mar 12, 2014" once old, always
 * against the real now (an archive's times stay old), with the exact UTC time on hover. Server and browser clocks
 * may differ by a tick, so the text may change on hydration.
 */
export function When({ ms, now }: { ms: number; now?: number }) {
  return (
    <time dateTime={new Date(ms).toISOString()} title={exactWhen(ms)} suppressHydrationWarning>
      {when(ms, now)}
    </time>
  );
}
