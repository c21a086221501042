// The route contract suite (contract-suite.ts) on the SQLite store.
import { contractSuite } from "./contract-suite";
import { openHarness } from "./harness";

contractSuite(() => openHarness());
