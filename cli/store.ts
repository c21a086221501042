import { createSqliteStore, type SqliteStore } from "../lib/db/sqlite/sqlite-store";
import { dataDir, loadEnv } from "../lib/env";

/** Opens the store of LEDE_DATA_DIR for a one-shot command and closes it when `fn` settles. */
export async function withStore<T>(fn: (store: SqliteStore) => Promise<T>): Promise<T> {
  const store = createSqliteStore(dataDir(loadEnv()));
  try {
    return await fn(store);
  } finally {
    store.close();
  }
}
