import { openStore } from "../lib/db/open-store";
import type { Store } from "../lib/db/store";
import { loadEnv } from "../lib/env";

/** Opens the store the environment names (LEDE_DATA_DIR, or DATABASE_URL) for a one-shot command and closes it when `fn` settles. */
export async function withStore<T>(fn: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(loadEnv());
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}
