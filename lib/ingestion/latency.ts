/**
 * Feed-to-event latency: from the start of a poll that finds new entries to the commit of their `item.new` events.
 * Kept in memory as a bounded ring of recent samples (enough for stable percentiles, constant memory).
 */
export class LatencyRecorder {
  private readonly samples: number[] = [];
  private next = 0;
  private total = 0;

  constructor(private readonly capacity = 4096) {}

  record(ms: number): void {
    if (this.samples.length < this.capacity) this.samples.push(ms);
    else this.samples[this.next] = ms;
    this.next = (this.next + 1) % this.capacity;
    this.total++;
  }

  /** Percentiles (nearest rank) of the recent samples, in ms; null when there are none. */
  snapshot(): { count: number; p50: number; p95: number; max: number } | null {
    if (this.samples.length === 0) return null;
    const sorted = [...this.samples].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number;
    return { count: this.total, p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] as number };
  }
}

/** The process-wide recorder the worker's polls feed. */
export const feedToEventLatency = new LatencyRecorder();
