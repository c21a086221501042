import type { Store } from "../db/store";
import type { StoryClustering } from "./story-clustering";

export interface FinishClusteringOptions {
  /** How often to try the lease again while another process holds it. */
  pollMs?: number;
  /** Called on each wait, with the time waited so far. */
  onWaiting?: (waitedMs: number) => void;
  /**
   * Whether other processes are still storing articles (other imports): the lease holder then keeps placing what
   * they store and settles the open news cycle only once they are done, as one import of everything would.
   */
  othersStoring?: () => Promise<boolean>;
}

/**
 * Ends a run that stored articles (an import) without leaving any of them storyless. With the clustering lease, it
 * places every article still without a story, settles the open news cycle and releases the lease. Without it, it
 * waits until it can take the lease (the holder released it, or died and the lease expired) or until no article is
 * left without a story (the holder placed them).
 */
export async function finishClustering(
  store: Store,
  clustering: StoryClustering,
  o: FinishClusteringOptions = {},
): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await o.othersStoring?.()) {
      // The holder places only as far as the other streams have come; nobody settles yet.
      await clustering.placeInStep();
      await new Promise((r) => setTimeout(r, o.pollMs ?? 250));
      continue;
    }
    if (await clustering.placePending()) {
      await clustering.settle();
      await clustering.release();
      return;
    }
    if (!(await store.stories.hasUnassigned())) return;
    o.onWaiting?.(Date.now() - started);
    await new Promise((r) => setTimeout(r, o.pollMs ?? 250));
  }
}
