// The route contract suite (contract-suite.ts) on the PostgreSQL store: PGlite with pgvector, migrated, the world
// built through the same pipeline and repositories as on SQLite.
import { contractSuite } from "./contract-suite";
import { openPostgresHarness } from "./harness";

contractSuite(() => openPostgresHarness());
