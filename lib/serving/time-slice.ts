/** How long a request may hold the event loop before it lets other requests in. */
export const SLICE_MS = 3;

/**
 * Cuts long synchronous work (building a large response) into slices of about `budgetMs`: `pause()` yields to the
 * event loop once the current slice is used up, so one heavy request delays the others by a slice, not by its
 * whole run. Cheap to call often: it only reads the clock until the slice is over.
 */
export class TimeSlice {
  private sliceStart = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Resolves at once while the slice lasts; past it, after the event loop has served its pending I/O. */
  pause(): Promise<void> | undefined {
    if (performance.now() - this.sliceStart < this.budgetMs) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        this.sliceStart = performance.now();
        resolve();
      }),
    );
  }
}
