import { tables } from "./001-tables";

/** One schema change; versions apply in ascending order, each in its own transaction. */
export interface PgMigration {
  version: number;
  name: string;
  up: string;
}

// Version ranges: 1 the tables; 10-19 accounts, keys, credits, usage, events, leases; 20-29 sources, articles,
// content, entities, search; 30-39 stories, dynamics, rankings, topics, vectors.
export const pgMigrations: PgMigration[] = [tables].sort((a, b) => a.version - b.version);
