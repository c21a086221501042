const RTF = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 minutes ago", "in 2 hours": independent of the viewer's time zone. */
export function relativeTime(ms: number, now = Date.now()): string {
  const diff = ms - now;
  for (let i = 0; i < STEPS.length; i++) {
    const [unit, size] = STEPS[i] as [Intl.RelativeTimeFormatUnit, number];
    // 59 min 40 s is "in 1 hour", not "in 60 minutes": a unit applies once the next smaller one would round up to it.
    const next = STEPS[i + 1]?.[1] ?? 1000;
    if (Math.abs(diff) >= size - next / 2) return RTF.format(Math.round(diff / size), unit);
  }
  return diff >= 0 ? "in a moment" : "just now";
}

/** A relative time with the exact UTC time on hover; server and browser clocks may differ by a tick. */
export function RelativeTime({ ms, now }: { ms: number; now?: number }) {
  const iso = new Date(ms).toISOString();
  return (
    <time dateTime={iso} title={`${iso.slice(0, 16).replace("T", " ")} UTC`} suppressHydrationWarning>
      {relativeTime(ms, now)}
    </time>
  );
}
