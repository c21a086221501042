import type { ClusterScores } from "../clustering/bcubed";
import type { NewswireArticle, SimEvent } from "./types";

const DAY = 86_400_000;

/**
 * BCubed over a subset of the articles: each article's precision and recall are computed against the whole
 * clustering (so intruders from outside the subset still cost precision), then averaged over the subset only.
 */
export function bcubedOver(
  predicted: Map<string, string>,
  gold: Map<string, string>,
  subset: Iterable<string>,
): ClusterScores {
  const predOf = (id: string) => predicted.get(id) ?? `__alone__${id}`;
  const predSize = new Map<string, number>();
  const goldSize = new Map<string, number>();
  const both = new Map<string, number>();
  for (const [id, g] of gold) {
    const p = predOf(id);
    predSize.set(p, (predSize.get(p) ?? 0) + 1);
    goldSize.set(g, (goldSize.get(g) ?? 0) + 1);
    both.set(`${p}\u0000${g}`, (both.get(`${p}\u0000${g}`) ?? 0) + 1);
  }
  let p = 0;
  let r = 0;
  let n = 0;
  for (const id of subset) {
    const g = gold.get(id);
    if (g === undefined) continue;
    const pc = predOf(id);
    const k = both.get(`${pc}\u0000${g}`) ?? 0;
    p += k / (predSize.get(pc) ?? 1);
    r += k / (goldSize.get(g) ?? 1);
    n++;
  }
  const precision = n ? p / n : 0;
  const recall = n ? r / n : 0;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1 };
}

/** Events whose coverage falls on two or more UTC days. */
export function multiDayEvents(articles: NewswireArticle[]): Set<string> {
  const days = new Map<string, Set<number>>();
  for (const a of articles) {
    let s = days.get(a.eventId);
    if (!s) days.set(a.eventId, (s = new Set()));
    s.add(Math.floor(a.publishedAt / DAY));
  }
  return new Set([...days].filter(([, s]) => s.size >= 2).map(([id]) => id));
}

export interface PairRecall {
  sameDayPairs: number;
  sameDayTogether: number;
  crossDayPairs: number;
  crossDayTogether: number;
}

/** Of the pairs of articles of one event, how many share a predicted story: on the same UTC day, and across days. */
export function pairRecallByDay(
  predicted: Map<string, string>,
  articles: NewswireArticle[],
  events: Set<string>,
): PairRecall {
  const out: PairRecall = { sameDayPairs: 0, sameDayTogether: 0, crossDayPairs: 0, crossDayTogether: 0 };
  const byEvent = groupBy(
    articles.filter((a) => events.has(a.eventId)),
    (a) => a.eventId,
  );
  for (const list of byEvent.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i] as NewswireArticle;
        const b = list[j] as NewswireArticle;
        const together = predicted.has(a.id) && predicted.get(a.id) === predicted.get(b.id) ? 1 : 0;
        if (Math.floor(a.publishedAt / DAY) === Math.floor(b.publishedAt / DAY)) {
          out.sameDayPairs++;
          out.sameDayTogether += together;
        } else {
          out.crossDayPairs++;
          out.crossDayTogether += together;
        }
      }
    }
  }
  return out;
}

export interface MergeFinding {
  story: string;
  main: string;
  intruder: string;
  articles: number;
  relation: "twin" | "same kind" | "same category" | "other category";
}

/**
 * Stories that glue events together: for each predicted story, every event other than its main one that holds at
 * least `min` of its articles, with how the two events relate (made-to-be-confused twins, same kind, ...).
 */
export function findMerges(
  predicted: Map<string, string>,
  articles: NewswireArticle[],
  events: SimEvent[],
  min = 2,
): MergeFinding[] {
  const byId = new Map(events.map((e) => [e.id, e]));
  const stories = groupBy(
    articles.filter((a) => predicted.has(a.id)),
    (a) => predicted.get(a.id) as string,
  );
  const out: MergeFinding[] = [];
  for (const [story, list] of stories) {
    const counts = new Map<string, number>();
    for (const a of list) counts.set(a.eventId, (counts.get(a.eventId) ?? 0) + 1);
    if (counts.size < 2) continue;
    const [main] = [...counts].sort((x, y) => y[1] - x[1])[0] as [string, number];
    const m = byId.get(main);
    for (const [ev, n] of counts) {
      if (ev === main || n < min) continue;
      const o = byId.get(ev);
      const twin = m && o && (m.twinOf === o.id || o.twinOf === m.id);
      const relation = twin
        ? "twin"
        : m?.kind === o?.kind
          ? "same kind"
          : m?.category === o?.category
            ? "same category"
            : "other category";
      out.push({ story, main, intruder: ev, articles: n, relation });
    }
  }
  return out;
}

/** For each event, how many predicted stories its articles fall into (unassigned articles count alone). */
export function fragments(predicted: Map<string, string>, articles: NewswireArticle[]): Map<string, number> {
  const parts = new Map<string, Set<string>>();
  for (const a of articles) {
    let s = parts.get(a.eventId);
    if (!s) parts.set(a.eventId, (s = new Set()));
    s.add(predicted.get(a.id) ?? `alone:${a.id}`);
  }
  return new Map([...parts].map(([e, s]) => [e, s.size]));
}

export function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    let list = out.get(k);
    if (!list) out.set(k, (list = []));
    list.push(it);
  }
  return out;
}
