import fs from "node:fs";

import { parseSecuritiesCsv, shippedRegistry } from "../../lib/tickers/registry";
import { mergeSecurities } from "../../lib/tickers/security-registry";
import { withStore } from "../store";

/**
 * Adds the securities of a CSV file (the registry's columns: symbol,name,asset_class,aliases,exchange,source) to
 * the tagger's registry. A symbol already present is replaced. The whole file is checked first: one bad row
 * refuses it, naming the line, and nothing is added.
 */
export async function securitiesImportCommand(file: string): Promise<void> {
  const rows = parseSecuritiesCsv(fs.readFileSync(file, "utf8"), file);
  if (rows.length === 0) throw new Error(`${file}: no securities in the file`);
  const shipped = new Set(shippedRegistry().securities.map((s) => s.symbol));
  const r = await withStore((store) => store.securities.upsert(rows));
  const overShipped = rows.filter((s) => shipped.has(s.symbol)).length;
  console.log(
    `imported ${rows.length} securities from ${file}: ${r.added} added, ${r.replaced} replaced` +
      (overShipped ? ` (${overShipped} override shipped entries)` : ""),
  );
}

/** Lists the registry the tagger uses (shipped entries and imported ones), one security per line or as JSON lines. */
export async function securitiesListCommand(opts: { json?: boolean; added?: boolean }): Promise<void> {
  await withStore(async (store) => {
    const added = await store.securities.list();
    const list = opts.added ? added : mergeSecurities(shippedRegistry().securities, added);
    list.sort((a, b) => a.assetClass.localeCompare(b.assetClass) || a.symbol.localeCompare(b.symbol));
    for (const s of list) {
      if (opts.json)
        console.log(
          JSON.stringify({
            symbol: s.symbol,
            name: s.name,
            asset_class: s.assetClass,
            aliases: s.aliases,
            exchange: s.exchange,
            source: s.source,
          }),
        );
      else console.log(`${s.symbol.padEnd(12)} ${s.assetClass.padEnd(10)} ${s.name}`);
    }
  });
}
