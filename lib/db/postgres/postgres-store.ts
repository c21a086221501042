import type { Store } from "../store";
import { pgAccountRepo, pgEmailVerificationRepo, pgKeyRepo, pgUsageRepo } from "./account-repo";
import { pgArticleRepo } from "./article-repo";
import { pgAuthRepo } from "./auth-repo";
import { openPostgres, type PgConnection } from "./connect";
import { pgContentRepo } from "./content-repo";
import { pgCreditRepo } from "./credit-repo";
import { pgEnrichmentRepo } from "./enrichment-repo";
import { pgEntityRepo } from "./entity-repo";
import { pgEventRepo } from "./event-repo";
import { pgLeaseRepo } from "./lease-repo";
import { pgRankingRepo } from "./ranking-repo";
import { pgSearchRepo } from "./search-repo";
import { pgSecuritiesRepo } from "./securities-repo";
import { pgSourceRepo } from "./source-repo";
import { pgStoryDynamicsRepo } from "./story-dynamics-repo";
import { pgStoryRepo } from "./story-repo";
import { NoNulTextPlugin } from "./text-values";
import { pgTopicRepo } from "./topic-repo";
import { pgVectorRepo } from "./vector-repo";
import { ensureVectorSchema } from "./vector-schema";

export interface PostgresStore extends Store {
  pg: PgConnection;
  close(): Promise<void>;
}

export interface PostgresStoreOptions {
  /** Connections in this process's pool (default 10). */
  max?: number;
}

/**
 * The PostgreSQL store (`DATABASE_URL=postgres://…`): the repositories of lib/db/store.ts over one pool, for any
 * number of processes sharing the database. Opening applies pending migrations (under an advisory lock) and creates
 * the pgvector tables; a server without the pgvector extension is refused with an error naming it.
 */
export async function createPostgresStore(
  url: string,
  options: PostgresStoreOptions = {},
): Promise<PostgresStore> {
  const pg = await openPostgres(url, { max: options.max });
  try {
    return await postgresStoreOn(pg);
  } catch (e) {
    await pg.close();
    throw e;
  }
}

/** The store over an open, migrated connection (a server's pool, or PGlite in tests); creates the vector tables. */
export async function postgresStoreOn(pg: PgConnection): Promise<PostgresStore> {
  await ensureVectorSchema(pg.pool);
  // U+0000 in any text parameter (a request's slug or query) would fail its statement: see text-values.ts.
  const db = pg.db.withPlugin(new NoNulTextPlugin());
  const vectors = pgVectorRepo(db);
  const credits = pgCreditRepo(db);
  return {
    pg,
    sources: pgSourceRepo(db),
    articles: pgArticleRepo(db, { vectors: true }),
    content: pgContentRepo(db),
    events: pgEventRepo(db, vectors),
    accounts: pgAccountRepo(db),
    verifications: pgEmailVerificationRepo(db),
    keys: pgKeyRepo(db),
    credits,
    usage: pgUsageRepo(db),
    stories: pgStoryRepo(db),
    search: pgSearchRepo(db),
    entities: pgEntityRepo(db),
    vectors,
    dynamics: pgStoryDynamicsRepo(db),
    rankings: pgRankingRepo(db),
    topics: pgTopicRepo(db),
    enrichment: pgEnrichmentRepo(db, { vectors: true }),
    leases: pgLeaseRepo(db),
    auth: pgAuthRepo(db),
    securities: pgSecuritiesRepo(db),
    async close() {
      // Credits held for requests that never came go back to their accounts before the pool ends.
      await credits.release();
      await pg.close();
    },
  };
}
