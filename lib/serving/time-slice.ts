/** How long a request may hold the event loop before it lets other requests in. */
export const SLICE_MS = 1;

/**
 * Slices waiting to run, in order, across every TimeSlice of the process: one runs per turn of the event loop, so
 * however many heavy requests are in progress, the loop polls for I/O (and serves light requests) between any two
 * slices. (A plain setImmediate per request would run all of theirs back to back in one turn.) Kept on the global
 * object, as the custom server and Next's route bundle may load separate copies of this module.
 */
interface SliceQueue {
  waiting: Array<() => void>;
  scheduled: boolean;
}
const QUEUE = Symbol.for("lede.timeSliceQueue");
const queue = ((globalThis as { [QUEUE]?: SliceQueue })[QUEUE] ??= { waiting: [], scheduled: false });

function runNext(): void {
  const next = queue.waiting.shift();
  if (queue.waiting.length > 0) setImmediate(runNext);
  else queue.scheduled = false;
  next?.();
}

/**
 * Cuts long synchronous work (building a large response) into slices of about `budgetMs`: `pause()` yields to the
 * event loop once the current slice is used up, so one heavy request delays the others by a slice, not by its
 * whole run. Cheap to call often: it only reads the clock until the slice is over.
 */
export class TimeSlice {
  private sliceStart = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Undefined while the slice lasts; past it, a promise that resolves on a later turn of the event loop. */
  pause(): Promise<void> | undefined {
    if (performance.now() - this.sliceStart < this.budgetMs) return undefined;
    return new Promise<void>((resolve) => {
      queue.waiting.push(() => {
        this.sliceStart = performance.now();
        resolve();
      });
      if (!queue.scheduled) {
        queue.scheduled = true;
        setImmediate(runNext);
      }
    });
  }
}
