import type { AssetClass, Security } from "../../tickers/registry";
import type { Db } from "../open-db";
import type { SecuritiesRepo } from "../store";

interface Row {
  symbol: string;
  name: string;
  asset_class: string;
  aliases_json: string;
  exchange: string;
  source: string;
}

export function sqliteSecuritiesRepo(db: Db): SecuritiesRepo {
  const all = db.prepare("SELECT * FROM securities ORDER BY symbol");
  const exists = db.prepare("SELECT 1 FROM securities WHERE symbol = ?").pluck();
  const put = db.prepare(
    `INSERT INTO securities (symbol, name, asset_class, aliases_json, exchange, source, added_at)
     VALUES (@symbol, @name, @assetClass, @aliases, @exchange, @source, @addedAt)
     ON CONFLICT(symbol) DO UPDATE SET name = excluded.name, asset_class = excluded.asset_class,
       aliases_json = excluded.aliases_json, exchange = excluded.exchange, source = excluded.source`,
  );
  const bump = db.prepare("UPDATE sequences SET next = next + 1 WHERE name = 'securities_version'");
  const version = db.prepare("SELECT next FROM sequences WHERE name = 'securities_version'").pluck();
  const upsertTx = db.transaction((rows: Security[]) => {
    let added = 0;
    let replaced = 0;
    const now = Date.now();
    for (const r of rows) {
      if (exists.get(r.symbol)) replaced++;
      else added++;
      put.run({ ...r, aliases: JSON.stringify(r.aliases), addedAt: now });
    }
    bump.run();
    return { added, replaced };
  });
  return {
    async list() {
      return (all.all() as Row[]).map((r) => ({
        symbol: r.symbol,
        name: r.name,
        assetClass: r.asset_class as AssetClass,
        aliases: JSON.parse(r.aliases_json) as string[],
        exchange: r.exchange,
        source: r.source,
      }));
    },
    async upsert(rows) {
      return upsertTx.immediate(rows);
    },
    async version() {
      return Number(version.get() ?? 0);
    },
  };
}
