import { Cast } from "./caster";
import { OUTLETS } from "./outlets";
import { planEvents } from "./plan-events";
import { Rng } from "./random";
import type { NewswireArticle, Outlet, SimEvent } from "./types";
import { writeArticles } from "./write-articles";

export const DAY = 86_400_000;
/** Where simulated time starts unless told: 2025-03-03T00:00Z, a Monday. */
export const DEFAULT_START = Date.UTC(2025, 2, 3);

export interface NewswireOptions {
  seed?: string | number;
  /** First instant of the simulated window (ms). */
  start?: number;
  days?: number;
  /** Events breaking per simulated day (confusable twins come on top). */
  eventsPerDay?: number;
  /** Share of events that get a confusable twin. */
  twinRate?: number;
  /** Share of events whose coverage runs past their first day. */
  multiDayRate?: number;
}

export interface Newswire {
  seed: string;
  start: number;
  end: number;
  outlets: Outlet[];
  events: SimEvent[];
  /** In publication order. */
  articles: NewswireArticle[];
}

/**
 * A simulated world that produces news window after window. Its actors (leaders, companies, coaches) persist
 * from one window to the next, so an endless stream stays coherent. Windows must be asked for in order.
 */
export class NewswireWorld {
  readonly seed: string;
  private readonly rng: Rng;
  private readonly cast: Cast;
  private next = 0;

  constructor(private readonly opts: NewswireOptions = {}) {
    this.seed = String(opts.seed ?? 1);
    this.rng = new Rng(`newswire:${this.seed}`);
    this.cast = new Cast(this.rng.fork("cast"));
  }

  get days(): number {
    const days = this.opts.days ?? 5;
    if (!Number.isInteger(days) || days < 1) throw new Error(`days must be a positive integer, got ${days}`);
    return days;
  }

  /**
   * The next window. With `truncate`, coverage after the window's end is dropped (a closed data set); without,
   * events started in the window keep their whole coverage, which may run into the next window.
   */
  window(truncate: boolean): Newswire {
    const epoch = this.next++;
    const start = (this.opts.start ?? DEFAULT_START) + epoch * this.days * DAY;
    const end = start + this.days * DAY;
    const rng = this.rng.fork(`epoch-${epoch}`);
    const events = planEvents(rng.fork("events"), this.cast, {
      start,
      days: this.days,
      eventsPerDay: this.opts.eventsPerDay ?? 38,
      twinRate: this.opts.twinRate ?? 0.18,
      multiDayRate: this.opts.multiDayRate ?? 0.45,
      idPrefix: `ev${epoch}-`,
    });
    const articles = writeArticles(rng.fork("articles"), events, OUTLETS, {
      start,
      end: truncate ? end : Number.POSITIVE_INFINITY,
      idPrefix: `nw${epoch}-`,
    });
    return { seed: this.seed, start, end, outlets: OUTLETS, events, articles };
  }
}

/** Generates a closed window of simulated news: the same options always give the same events and articles. */
export function generateNewswire(opts: NewswireOptions = {}): Newswire {
  return new NewswireWorld(opts).window(true);
}

/**
 * An endless stream of simulated articles in publication order, window after window of the same world.
 * Coverage that runs past a window's end is interleaved with the next window's news.
 */
export function* newswireStream(opts: NewswireOptions = {}): Generator<NewswireArticle> {
  const world = new NewswireWorld({ days: 1, ...opts });
  let pending: NewswireArticle[] = [];
  for (;;) {
    const w = world.window(false);
    // Nothing from a later window can be published before that window starts, so everything before this
    // window's end is final once this window is in.
    pending = [...pending, ...w.articles].sort(
      (a, b) => a.publishedAt - b.publishedAt || a.id.localeCompare(b.id),
    );
    const cut = pending.findIndex((a) => a.publishedAt >= w.end);
    const ready = cut < 0 ? pending : pending.slice(0, cut);
    pending = cut < 0 ? [] : pending.slice(cut);
    yield* ready;
  }
}
