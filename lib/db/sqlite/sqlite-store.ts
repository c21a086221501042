import { openDb, type Db } from "../open-db";
import type { Store } from "../store";
import {
  sqliteAccountRepo,
  sqliteEmailVerificationRepo,
  sqliteKeyRepo,
  sqliteUsageRepo,
} from "./account-repo";
import { sqliteArticleRepo } from "./article-repo";
import { sqliteAuthRepo } from "./auth-repo";
import { sqliteContentRepo } from "./content-repo";
import { sqliteCreditRepo } from "./credit-repo";
import { sqliteEnrichmentRepo } from "./enrichment-repo";
import { sqliteEntityRepo } from "./entity-repo";
import { sqliteEventRepo } from "./event-repo";
import { sqliteLeaseRepo } from "./lease-repo";
import { sqliteRankingRepo } from "./ranking-repo";
import { sqliteSearchRepo } from "./search-repo";
import { sqliteSecuritiesRepo } from "./securities-repo";
import { sqliteSourceRepo } from "./source-repo";
import { sqliteStoryDynamicsRepo } from "./story-dynamics-repo";
import { sqliteStoryRepo } from "./story-repo";
import { sqliteTopicRepo } from "./topic-repo";
import { sqliteVectorRepo } from "./vector-repo";

export interface SqliteStore extends Store {
  db: Db;
}

/** The embedded store: one SQLite file under the data directory. */
export function createSqliteStore(dataDir: string): SqliteStore {
  const db = openDb({ dataDir });
  const credits = sqliteCreditRepo(db);
  return {
    db,
    sources: sqliteSourceRepo(db),
    articles: sqliteArticleRepo(db),
    content: sqliteContentRepo(db),
    events: sqliteEventRepo(db),
    accounts: sqliteAccountRepo(db),
    verifications: sqliteEmailVerificationRepo(db),
    keys: sqliteKeyRepo(db),
    credits,
    usage: sqliteUsageRepo(db),
    stories: sqliteStoryRepo(db),
    search: sqliteSearchRepo(db),
    entities: sqliteEntityRepo(db),
    vectors: sqliteVectorRepo(db),
    dynamics: sqliteStoryDynamicsRepo(db),
    rankings: sqliteRankingRepo(db),
    topics: sqliteTopicRepo(db),
    enrichment: sqliteEnrichmentRepo(db),
    leases: sqliteLeaseRepo(db),
    auth: sqliteAuthRepo(db),
    securities: sqliteSecuritiesRepo(db),
    close: () => {
      // Credits held for requests that never came go back to their accounts.
      credits.release();
      db.close();
    },
  };
}
