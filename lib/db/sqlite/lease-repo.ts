import type { Db } from "../open-db";
import type { LeaseRepo } from "../store";
import { stmt } from "./stmt-cache";

// Each verb is one statement, so it is atomic on its own: two processes racing for a free lease cannot both win.
const ACQUIRE = `INSERT INTO leases (name, holder, expires_at) VALUES (@name, @holder, @until)
  ON CONFLICT(name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
  WHERE leases.holder = excluded.holder OR leases.expires_at <= @now`;
const RENEW = "UPDATE leases SET expires_at = @until WHERE name = @name AND holder = @holder";
const RELEASE = "UPDATE leases SET expires_at = 0 WHERE name = ? AND holder = ?";

export function sqliteLeaseRepo(db: Db): LeaseRepo {
  return {
    async acquire(name, holder, ttlMs, now) {
      return stmt(db, ACQUIRE).run({ name, holder, until: now + ttlMs, now }).changes === 1;
    },
    async renew(name, holder, ttlMs, now) {
      return stmt(db, RENEW).run({ name, holder, until: now + ttlMs }).changes === 1;
    },
    async release(name, holder) {
      stmt(db, RELEASE).run(name, holder);
    },
    async countActive(prefix, now, except) {
      // A name range, not LIKE: the prefix is taken as it is, and the primary key answers it.
      return stmt(
        db,
        "SELECT COUNT(*) FROM leases WHERE name >= @lo AND name < @hi AND expires_at > @now AND holder <> @except",
      )
        .pluck()
        .get({ lo: prefix, hi: `${prefix}\u{10FFFF}`, now, except }) as number;
    },
  };
}
