// The concurrency tests (concurrency-suite.ts) on the PostgreSQL store over PGlite. PGlite serves one connection,
// so the "second process" is a second store (its own repositories and credit holds) over the same pool: the
// accounting holds across stores; racing connections are the credit repository's own tests on a real server.
import type { PgCreditRepo } from "../../db/postgres/credit-repo";
import { postgresStoreOn } from "../../db/postgres/postgres-store";
import { concurrencySuite } from "./concurrency-suite";
import { openPostgresHarness } from "./harness";

concurrencySuite(
  () => openPostgresHarness(),
  async (h) => {
    const other = await postgresStoreOn(h.t.store.pg);
    // Not other.close(): that would end the pool the harness's store shares; give back what it holds.
    return { ...other, close: () => (other.credits as PgCreditRepo).release() };
  },
);
