import { tables } from "./001-tables";
import { contentMigrations } from "./content";
import { platformMigrations } from "./platform";
import { storyMigrations } from "./stories";

/** One schema change; versions apply in ascending order, each in its own transaction. */
export interface PgMigration {
  version: number;
  name: string;
  up: string;
}

// Version ranges: 1 the tables; 10-19 events, accounts, keys, credits, usage, leases, auth, securities (platform.ts);
// 20-29 sources, articles, content, enrichment, entities, search (content.ts); 30-39 stories, dynamics, rankings,
// topics, vectors (stories.ts).
export const pgMigrations: PgMigration[] = [
  tables,
  ...platformMigrations,
  ...contentMigrations,
  ...storyMigrations,
].sort((a, b) => a.version - b.version);
