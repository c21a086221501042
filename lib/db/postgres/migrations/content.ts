import type { PgMigration } from "./index";

/** Migrations of the repositories of versions 20-29: sources, articles, content, enrichment, entities, search. */
export const contentMigrations: PgMigration[] = [];
