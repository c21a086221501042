/**
 * Story velocity, priority, overall rank and label: the formulas behind `/v1/stories` ordering,
 * `/v1/stories/ranked`, `story.priority_changed` and `clusters.ranked`. Every clock here is article time
 * (or the server clock in a live tick), never mixed within one computation. Documented in docs/stories.md.
 */

export const HOUR = 3_600_000;

/** e-folding time of a report's weight in the velocity. */
export const VELOCITY_TAU_MS = 6 * HOUR;
/** e-folding time of recency in the overall rank. */
export const RECENCY_TAU_MS = 12 * HOUR;

export interface VelocityMember {
  time: number;
  sourceId: number;
  /** A syndicated copy of another article: one voice with its original. */
  duplicateOf: number | null;
}

/** Weight of a source's reports: 0.5 for an unranked source, up to 1.5 for the most authoritative. */
export function authorityWeight(overallScore: number | undefined): number {
  return 0.5 + (overallScore ?? 0.5);
}

/**
 * Independent reporting per unit time with decay: each source's first report in the story counts fully,
 * its further reports 0.3, syndicated copies 0.1; each weighted by source authority and decayed by its age.
 */
export function velocity(
  members: VelocityMember[],
  now: number,
  authority: (sourceId: number) => number = () => 1,
): number {
  const sorted = [...members].sort((a, b) => a.time - b.time);
  const seen = new Set<number>();
  let v = 0;
  for (const m of sorted) {
    if (m.time > now) continue;
    const first = !seen.has(m.sourceId);
    seen.add(m.sourceId);
    const voice = m.duplicateOf !== null ? 0.1 : first ? 1 : 0.3;
    v += voice * authority(m.sourceId) * Math.exp(-(now - m.time) / VELOCITY_TAU_MS);
  }
  return v;
}

/** A stored velocity seen at a later time. */
export function decayVelocity(v: number, at: number, now: number): number {
  return now <= at ? v : v * Math.exp(-(now - at) / VELOCITY_TAU_MS);
}

/** Change of velocity per hour since the previous value (which is decayed to now first). */
export function acceleration(vNow: number, prev: number, prevAt: number, now: number): number {
  if (prevAt <= 0) return vNow;
  const hours = Math.max(0.25, (now - prevAt) / HOUR);
  return (vNow - decayVelocity(prev, prevAt, now)) / hours;
}

export const PRIORITIES = ["low", "medium", "high", "breaking"] as const;
export type Priority = (typeof PRIORITIES)[number];

/** Velocity needed to rise to each level: about 3, 6 and 12 independent reports within a few hours. */
export const PRIORITY_UP: Record<Priority, number> = { low: 0, medium: 3, high: 6, breaking: 12 };
/** A level is kept until velocity falls below this share of its threshold (hysteresis, so levels do not flap). */
export const PRIORITY_HOLD = 0.6;

export function nextPriority(current: Priority, v: number): Priority {
  const rank = PRIORITIES.indexOf(current);
  let up = 0;
  for (let i = PRIORITIES.length - 1; i > 0; i--)
    if (v >= PRIORITY_UP[PRIORITIES[i] as Priority]) {
      up = i;
      break;
    }
  if (up > rank) return PRIORITIES[up] as Priority;
  let level = rank;
  while (level > 0 && v < PRIORITY_HOLD * PRIORITY_UP[PRIORITIES[level] as Priority]) level--;
  return PRIORITIES[level] as Priority;
}

/**
 * How much a story matters regardless of age, in [0, 1): grows with independent sources (authority-weighted)
 * and, more slowly, with the number of articles; saturates around 15 independent sources.
 */
export function relevance(weightedSources: number, articleCount: number): number {
  return 1 - Math.exp(-(weightedSources + 0.25 * articleCount) / 6);
}

/** Overall rank score in [0, 1]: relevance × recency of the last report. */
export function overallScore(rel: number, lastUpdated: number, now: number): number {
  const age = Math.max(0, now - lastUpdated);
  return rel * Math.exp(-age / RECENCY_TAU_MS);
}

/**
 * Story label (contract §6.16):
 * - `Breaking` while the story's priority is `breaking`;
 * - `Developing` when a development was recorded in the last 6 hours of a story older than 6 hours;
 * - `Trending` while the priority is `high`;
 * - otherwise null.
 */
export function storyLabel(s: {
  priority: Priority;
  firstSeen: number;
  lastDevelopmentAt: number | null;
  now: number;
}): "Breaking" | "Developing" | "Trending" | null {
  if (s.priority === "breaking") return "Breaking";
  if (
    s.lastDevelopmentAt !== null &&
    s.now - s.lastDevelopmentAt <= 6 * HOUR &&
    s.now - s.firstSeen > 6 * HOUR
  )
    return "Developing";
  if (s.priority === "high") return "Trending";
  return null;
}
