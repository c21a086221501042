// How the dashboard writes a moment for readers: relative to now while it is recent ("3 minutes ago"), a date
// once it is old ("Mar 12, 2014"). "412 weeks ago" says less than a date, and an archive's times must never read
// as fresh. Dates are in UTC, so a server render and the browser's hydration write the same text.

const DAY_MS = 86_400_000;
/** Past this distance from now (either way), a time is shown as a date. */
export const RECENT_MS = 7 * DAY_MS;

const RTF = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["day", DAY_MS],
  ["hour", 3_600_000],
  ["minute", 60_000],
];
const DAY_OF_YEAR = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const DATE = new Intl.DateTimeFormat("en", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** "just now", "3 minutes ago", "in 2 hours", "yesterday": for times within RECENT_MS of `now`. */
export function relativeWhen(ms: number, now: number): string {
  const diff = ms - now;
  for (let i = 0; i < STEPS.length; i++) {
    const [unit, size] = STEPS[i] as [Intl.RelativeTimeFormatUnit, number];
    // 59 min 40 s is "1 hour ago", not "60 minutes ago": a unit applies once the next smaller one would round up to it.
    const next = STEPS[i + 1]?.[1] ?? 1000;
    if (Math.abs(diff) >= size - next / 2) return RTF.format(Math.round(diff / size), unit);
  }
  return diff >= 0 ? "in a moment" : "just now";
}

/** "Mar 12" in the current (UTC) year of `now`, "Mar 12, 2014" in any other. */
export function dateWhen(ms: number, now: number): string {
  const sameYear = new Date(ms).getUTCFullYear() === new Date(now).getUTCFullYear();
  return (sameYear ? DAY_OF_YEAR : DATE).format(ms);
}

/** A time as the dashboard shows it: relative while within a week of `now`, a date beyond. */
export function when(ms: number, now: number = Date.now()): string {
  return Math.abs(ms - now) < RECENT_MS ? relativeWhen(ms, now) : dateWhen(ms, now);
}

/** The exact moment, for a tooltip: "2014-03-12 08:15 UTC". */
export function exactWhen(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}
