// The concurrency tests (concurrency-suite.ts) on the SQLite store; the second process is a second connection to
// the same data directory.
import { createSqliteStore } from "../../db/sqlite/sqlite-store";
import { concurrencySuite } from "./concurrency-suite";
import { openHarness } from "./harness";

concurrencySuite(
  () => openHarness(),
  async (h) => createSqliteStore(h.t.store.dir),
);
