import type { DynamicsBatch, DynamicsSnapshot, RankedStory, Store } from "../../db/store";
import type { EventDraft } from "../../db/types";
import { stripTitleCredit } from "../../text/publisher-credit";
import { scoreStoryTickers, tickersToNotify, type ScoredTicker } from "../../tickers/story-tickers";
import { shownHeadline, toStorySummary } from "../serialize";
import { detectDevelopment, initialDevState, type DevState } from "./developments";
import {
  acceleration,
  authorityWeight,
  decayVelocity,
  nextPriority,
  overallScore,
  PRIORITIES,
  relevance,
  storyLabel,
  velocity,
  type Priority,
} from "./velocity";

/** `clusters.ranked` is published when the top of the ranking changes, at most once a minute (contract §9.5). */
export const RANKING_INTERVAL_MS = 60_000;
export const RANKING_SIZE = 50;
/** Stories compete for the ranking while updated within this window. */
export const RANKING_WINDOW_MS = 48 * 3_600_000;

const asPriority = (p: string): Priority =>
  (PRIORITIES as readonly string[]).includes(p) ? (p as Priority) : "low";

/**
 * The stage after clustering: for each story that gained articles it updates velocity, acceleration, priority
 * (with hysteresis), relevance and label, detects developments, and appends `story.development` and
 * `story.priority_changed`; it publishes `clusters.ranked` when the ranking changes. Its clock is article time,
 * so an import replays the same history a live run would have produced.
 */
/** Stories smaller than this have their entities and centroid recomputed on every change. */
const REFRESH_ALWAYS_BELOW = 20;
/** A larger story's are recomputed once its article count moved by this share since the last time. */
const REFRESH_SHARE = 0.1;

export class StoryDynamics {
  private lastRank: { ts: number; ids: number[] } | null | undefined;
  /** Story id → its article count when its entities and centroid were last recomputed by this process. */
  private refreshedAt = new Map<number, number>();

  constructor(private readonly store: Store) {}

  /**
   * `fresh`: story id → ids of the articles that joined it in this batch; `sizes`: story id → its article count
   * now, when known.
   */
  async update(fresh: Map<number, Set<number>>, now: number, sizes?: Map<number, number>): Promise<void> {
    if (fresh.size === 0) return;
    // Story entities and centroids first: development detection reads the entities.
    await this.store.enrichment.refreshStories(dueForRefresh([...fresh.keys()], sizes, this.refreshedAt));
    const snaps = await this.store.dynamics.snapshots([...fresh.keys()]);
    const batch: DynamicsBatch = { updates: [], developments: [], events: [] };
    for (const s of snaps) this.updateStory(s, fresh.get(s.id) ?? new Set(), now, batch);
    await this.store.dynamics.apply(batch);
    await this.maybeRank(now);
  }

  /** Periodic pass (the live server calls it every minute): decays priorities and republishes the ranking. */
  async tick(now: number): Promise<void> {
    const batch: DynamicsBatch = { updates: [], developments: [], events: [] };
    for (const s of await this.store.dynamics.elevated()) {
      const v = decayVelocity(s.velocity, s.velocityAt, now);
      const before = asPriority(s.priority);
      const after = nextPriority(before, v);
      if (after === before) continue;
      const acc = acceleration(v, s.velocity, s.velocityAt, now);
      batch.updates.push({
        id: s.id,
        sourceCount: s.sourceCount,
        velocity: v,
        velocityAt: now,
        acceleration: acc,
        relevance: s.relevance,
        priority: after,
        label: storyLabel({
          priority: after,
          firstSeen: s.firstSeen,
          lastDevelopmentAt: s.lastDevelopmentAt,
          now,
        }),
        devState: {},
        lastDevelopmentAt: s.lastDevelopmentAt,
      });
      batch.events.push(
        priorityEvent(
          now,
          { ...s, headline: shownHeadline(s) },
          before,
          after,
          overallScore(s.relevance, s.lastUpdated, now),
          acc,
        ),
      );
    }
    if (batch.updates.length) {
      // A tick never touches development state: keep what is stored.
      const snaps = await this.store.dynamics.snapshots(batch.updates.map((u) => u.id));
      const states = new Map(snaps.map((s) => [s.id, s.devState ?? {}]));
      for (const u of batch.updates) u.devState = states.get(u.id) ?? {};
      await this.store.dynamics.apply(batch);
    }
    await this.maybeRank(now);
  }

  private updateStory(s: DynamicsSnapshot, fresh: Set<number>, now: number, batch: DynamicsBatch): void {
    const weight = new Map(s.members.map((m) => [m.sourceId, authorityWeight(m.authority)]));
    const authority = (id: number) => weight.get(id) ?? 1;
    const v = velocity(s.members, now, authority);
    const acc = acceleration(v, s.velocity, s.velocityAt, now);
    const before = asPriority(s.priority);
    const after = nextPriority(before, v);
    const independent = new Set(s.members.filter((m) => m.duplicateOf === null).map((m) => m.sourceId));
    let weighted = 0;
    for (const id of independent) weighted += authority(id);
    const rel = relevance(weighted, s.members.length);

    const input = {
      headline: s.headline,
      members: s.members,
      fresh,
      entities: s.entities,
      becameBreaking: after === "breaking" && before !== "breaking",
    };
    const state = (s.devState as DevState | null) ?? initialDevState(input);
    const { development, state: nextState } = s.devState
      ? detectDevelopment(state, input)
      : { development: null, state };
    // Events show the headline as readers see it, without its publisher's credit.
    const shown = {
      ...s,
      headline: stripTitleCredit(
        s.headline,
        s.members.flatMap((m) => m.sourceName ?? []),
      ),
    };
    let lastDevelopmentAt = s.lastDevelopmentAt;
    if (development) {
      lastDevelopmentAt = development.createdAtMs;
      batch.developments.push({
        storyId: s.id,
        development,
        event: (devId) => developmentEvent(shown, devId, development),
      });
    }
    batch.updates.push({
      id: s.id,
      sourceCount: independent.size,
      velocity: v,
      velocityAt: now,
      acceleration: acc,
      relevance: rel,
      priority: after,
      label: storyLabel({ priority: after, firstSeen: s.firstSeen, lastDevelopmentAt, now }),
      devState: nextState as unknown as Record<string, unknown>,
      lastDevelopmentAt,
    });
    if (after !== before)
      batch.events.push(priorityEvent(now, shown, before, after, overallScore(rel, s.lastUpdated, now), acc));
    this.updateTickers(s, shown.headline, after, v, now, batch);
  }

  /** Recomputes the story's securities from its members' tags, and announces what changed (`ticker.news`). */
  private updateTickers(
    s: DynamicsSnapshot,
    headline: string,
    priority: Priority,
    v: number,
    now: number,
    batch: DynamicsBatch,
  ): void {
    const previous = new Map((s.tickerNotices ?? []).map((n) => [n.symbol, n]));
    if (previous.size === 0 && !s.members.some((m) => m.tickers?.length)) return;
    const authority = new Map(s.members.map((m) => [m.sourceId, m.authority]));
    const scored = scoreStoryTickers({
      headline,
      priority,
      velocity: v,
      members: s.members,
      authority: (id) => authority.get(id),
    });
    const notify = tickersToNotify(scored, previous, now);
    (batch.tickers ??= []).push({
      storyId: s.id,
      tickers: scored,
      notified: notify.map((t) => t.symbol),
      at: now,
    });
    if (notify.length) batch.events.push(tickerNewsEvent(now, { ...s, headline }, notify));
  }

  private async maybeRank(now: number): Promise<void> {
    if (this.lastRank === undefined) this.lastRank = await this.store.dynamics.lastRanking();
    // A ranking stamped later than `now` (an import replaying article times after a live server) does not hold
    // this one back: events carry their emit time, which an import's article clock never reaches.
    if (this.lastRank && now >= this.lastRank.ts && now - this.lastRank.ts < RANKING_INTERVAL_MS) return;
    const top = await this.store.dynamics.ranked({
      now,
      since: now - RANKING_WINDOW_MS,
      limit: RANKING_SIZE,
    });
    const ids = top.map((s) => s.id);
    if (ids.length === 0) return;
    if (this.lastRank && sameOrder(ids, this.lastRank.ids)) return;
    await this.store.events.append(rankedEvent(now, top));
    this.lastRank = { ts: now, ids };
  }
}

function sameOrder(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** `story.development` (contract §9.2). */
function developmentEvent(
  s: { id: number; headline: string; category: string },
  devId: number,
  d: ReturnType<typeof detectDevelopment>["development"] & object,
): EventDraft {
  const ts = d.createdAtMs;
  return {
    ts,
    type: "story.development",
    clusterId: s.id,
    articleId: null,
    payload: (id) => ({
      type: "story.development",
      id,
      ts,
      data: {
        cluster_id: s.id,
        title: d.title,
        description: d.description,
        significance: d.significance,
        headline: d.newHeadline ?? s.headline,
        category: s.category,
        previous_headline: d.previousHeadline,
        new_headline: d.newHeadline,
        created_at_ms: d.createdAtMs,
        enrichment_seq: d.enrichmentSeq,
        id: devId,
        trigger_article_hashes: d.triggerArticleHashes,
      },
    }),
  };
}

/** `story.priority_changed` (contract §9.3). */
function priorityEvent(
  ts: number,
  s: { id: number; headline: string; category: string },
  previous: Priority,
  next: Priority,
  overall: number,
  acc: number,
): EventDraft {
  return {
    ts,
    type: "story.priority_changed",
    clusterId: s.id,
    articleId: null,
    payload: (id) => ({
      type: "story.priority_changed",
      id,
      ts,
      data: {
        cluster_id: s.id,
        headline: s.headline,
        category: s.category,
        previous_priority: previous,
        new_priority: next,
        overall_score: round(overall),
        acceleration_score: round(acc),
      },
    }),
  };
}

/** `ticker.news` (contract §9.6): sent live only, never replayed (see lib/events/filters.ts). */
function tickerNewsEvent(
  ts: number,
  s: { id: number; headline: string; category: string },
  tickers: ScoredTicker[],
): EventDraft {
  return {
    ts,
    type: "ticker.news",
    clusterId: s.id,
    articleId: null,
    payload: (id) => ({
      type: "ticker.news",
      id,
      ts,
      data: {
        cluster_id: s.id,
        headline: s.headline,
        category: s.category ?? null,
        tickers: tickers.map(({ name: _name, ...t }) => t),
      },
    }),
  };
}

/** `clusters.ranked` (contract §9.5): story summaries with rank and overall score. */
function rankedEvent(ts: number, top: RankedStory[]): EventDraft {
  const data = top.map((s, i) => ({
    ...toStorySummary(s),
    rank: i + 1,
    overall_score: round(s.overallScore),
  }));
  return {
    ts,
    type: "clusters.ranked",
    clusterId: 0,
    articleId: null,
    payload: (id) => ({ type: "clusters.ranked", id, ts, data, updated: true }),
  };
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The stories whose entities and centroid are worth recomputing: every small story, and a larger one once its article
 * count has moved by a tenth since the last time (recorded in `refreshedAt`). Recomputing reads every member (a story
 * that runs for days holds thousands), while one more report barely moves a large story's top entities or centroid.
 */
export function dueForRefresh(
  ids: number[],
  sizes: Map<number, number> | undefined,
  refreshedAt: Map<number, number>,
): number[] {
  return ids.filter((id) => {
    const n = sizes?.get(id);
    if (n === undefined) return true;
    const last = refreshedAt.get(id);
    if (n >= REFRESH_ALWAYS_BELOW && last !== undefined && Math.abs(n - last) < REFRESH_SHARE * last)
      return false;
    refreshedAt.set(id, n);
    return true;
  });
}
