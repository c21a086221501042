import type { PgMigration } from "./index";

/** Migrations of the repositories of versions 30-39: stories, dynamics, rankings, topics, vectors. */
export const storyMigrations: PgMigration[] = [];
