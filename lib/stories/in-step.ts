import type { ClusterableArticle } from "./story-clustering";

/** How long an article waits for another process's stream to reach its time before it is placed anyway. */
export const MAX_WAIT_MS = 10_000;

/**
 * Merges the lease holder's own articles with those other processes stored and left unassigned, in article-time
 * order. Two processes storing news of one period (two imports) progress at their own pace, and the other
 * process's articles reach the holder a batch late (its pipeline stores and enriches them first). So only what
 * both streams have reached is placed, as one process would have placed it, and the rest waits for a later batch:
 * at most `maxWaitMs`, so that a live server beside an import of last week's news keeps placing its own articles.
 * Streams further apart than `farMs` (a backfill of another year) never wait for each other.
 */
export class InStep {
  /** Article id → when it started waiting (wall clock). */
  private since = new Map<number, number>();

  constructor(
    private readonly farMs: number,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}

  /**
   * The articles to place now, in article-time order (own articles keep their order when nothing else is mixed in).
   * `othersStoring`: another process is known to be storing articles of this period (another import) though none
   * of its articles is pending yet, so own articles wait for its stream too.
   */
  take(
    own: ClusterableArticle[],
    others: ClusterableArticle[],
    now = Date.now(),
    othersStoring = false,
  ): ClusterableArticle[] {
    if (others.length === 0 && this.since.size === 0 && !othersStoring) return own;
    let upTo = Number.POSITIVE_INFINITY;
    if (others.length === 0 && othersStoring) upTo = Number.NEGATIVE_INFINITY;
    else if (own.length > 0 && others.length > 0) {
      const [ownUpTo, othersUpTo] = [newest(own), newest(others)];
      if (Math.abs(ownUpTo - othersUpTo) <= this.farMs) upTo = Math.min(ownUpTo, othersUpTo);
    }
    const since = new Map<number, number>();
    const ready: ClusterableArticle[] = [];
    for (const a of [...own, ...others]) {
      const from = this.since.get(a.id) ?? now;
      if (a.time <= upTo || now - from >= this.maxWaitMs) ready.push(a);
      else since.set(a.id, from);
    }
    this.since = since;
    return ready.sort((a, b) => a.time - b.time);
  }

  /** Forgets what waits (another process may place it now). */
  clear(): void {
    this.since.clear();
  }
}

function newest(list: ClusterableArticle[]): number {
  return list.reduce((t, a) => Math.max(t, a.time), Number.NEGATIVE_INFINITY);
}
