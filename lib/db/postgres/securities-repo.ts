import { sql } from "kysely";

import type { AssetClass } from "../../tickers/registry";
import type { SecuritiesRepo } from "../store";
import type { PgDb } from "./connect";

/**
 * An operator's additions to the securities registry on PostgreSQL. The version is the `securities_version` row of
 * `sequences`, moved by statement triggers on the table (migration 10) in the writing transaction: it moves on every
 * upsert (by two: an upsert fires the INSERT and the UPDATE triggers), and on any other write to the table.
 */
export function pgSecuritiesRepo(db: PgDb): SecuritiesRepo {
  return {
    async list() {
      const rows = await db
        .selectFrom("securities")
        .selectAll()
        .orderBy(sql`symbol COLLATE "C"`)
        .execute();
      return rows.map((r) => ({
        symbol: r.symbol,
        name: r.name,
        assetClass: r.asset_class as AssetClass,
        aliases: JSON.parse(r.aliases_json) as string[],
        exchange: r.exchange,
        source: r.source,
      }));
    },
    async upsert(rows) {
      // One statement, so one row per symbol: a symbol given twice keeps its last entry and counts as replaced
      // the second time, as SQLite's row-by-row loop did.
      const last = new Map(rows.map((r) => [r.symbol, r]));
      const repeats = rows.length - last.size;
      if (last.size === 0) {
        // Nothing to write: the version still moves, as on SQLite.
        await db
          .updateTable("sequences")
          .set((eb) => ({ next: eb("next", "+", 1) }))
          .where("name", "=", "securities_version")
          .execute();
        return { added: 0, replaced: 0 };
      }
      const now = Date.now();
      const written = await db
        .insertInto("securities")
        .values(
          [...last.values()].map((r) => ({
            symbol: r.symbol,
            name: r.name,
            asset_class: r.assetClass,
            aliases_json: JSON.stringify(r.aliases),
            exchange: r.exchange,
            source: r.source,
            added_at: now,
          })),
        )
        .onConflict((oc) =>
          oc.column("symbol").doUpdateSet((eb) => ({
            name: eb.ref("excluded.name"),
            asset_class: eb.ref("excluded.asset_class"),
            aliases_json: eb.ref("excluded.aliases_json"),
            exchange: eb.ref("excluded.exchange"),
            source: eb.ref("excluded.source"),
          })),
        )
        // xmax is 0 on a row this statement inserted, the updating transaction's id on one it replaced.
        .returning(sql<boolean>`(xmax = 0)`.as("inserted"))
        .execute();
      const added = written.filter((w) => w.inserted).length;
      return { added, replaced: written.length - added + repeats };
    },
    async version() {
      const r = await db
        .selectFrom("sequences")
        .select("next")
        .where("name", "=", "securities_version")
        .executeTakeFirst();
      return r?.next ?? 0;
    },
  };
}
