import type Database from "better-sqlite3";

import { migrations, type Migration } from "./migrations";

/** Applies pending migrations, each in its own immediate transaction. Returns the versions applied. */
export function migrate(db: Database.Database, list: Migration[] = migrations): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const applied: number[] = [];
  for (const m of list) {
    const run = db.transaction(() => {
      // Re-checked inside the lock: two processes starting at once must not both apply a migration.
      const done = db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(m.version);
      if (done) return false;
      db.exec(m.up);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        Date.now(),
      );
      return true;
    });
    if (run.immediate()) applied.push(m.version);
  }
  return applied;
}
