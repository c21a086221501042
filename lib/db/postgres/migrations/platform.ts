import type { PgMigration } from "./index";

/** Migrations of the repositories of versions 10-19: events, accounts, keys, credits, usage, leases, auth, securities. */
export const platformMigrations: PgMigration[] = [];
