import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { parse } from "csv-parse/sync";

import { SYMBOL } from "./symbol";

/** Contract §6.16 `ticker asset_class`. */
export const ASSET_CLASSES = ["equity", "etf", "crypto", "index", "commodity", "fx"] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** One tradable security of the registry (lib/tickers/registry/*.csv, README there). */
export interface Security {
  symbol: string;
  name: string;
  assetClass: AssetClass;
  /** Other names headlines use for it (former names, short names, currency and commodity words). */
  aliases: string[];
  exchange: string;
  /** Where the entry's facts come from. */
  source: string;
}

/** A brand or product that stands for one listed company (lib/tickers/brands.csv). */
export interface Brand {
  brand: string;
  symbol: string;
}

/** A registry file that cannot be read: names the file and line. */
export class RegistryFileError extends Error {
  override name = "RegistryFileError";
}

const REGISTRY_DIR = fileURLToPath(new URL("./registry/", import.meta.url));
const BRANDS_FILE = fileURLToPath(new URL("./brands.csv", import.meta.url));
const COLUMNS = ["symbol", "name", "asset_class", "aliases", "exchange", "source"] as const;

/** A symbol as stored and matched: upper case, trimmed. */
export const normSymbol = (s: string): string => s.trim().toUpperCase();

/**
 * Parses a registry CSV (header `symbol,name,asset_class,aliases,exchange,source`; aliases `;`-separated). Every
 * row is checked; a bad row fails the whole file with its line number, so an operator's import is all or nothing.
 */
export function parseSecuritiesCsv(text: string, file = "securities.csv"): Security[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(text, { columns: true, skip_empty_lines: true, trim: true, bom: true }) as Record<
      string,
      string
    >[];
  } catch (e) {
    throw new RegistryFileError(`${file}: ${(e as Error).message}`);
  }
  const header = Object.keys(rows[0] ?? {});
  const missing = COLUMNS.filter(
    (c) => c !== "aliases" && c !== "exchange" && c !== "source" && !header.includes(c),
  );
  if (rows.length > 0 && missing.length > 0)
    throw new RegistryFileError(`${file}: missing column(s) ${missing.join(", ")}`);
  return rows.map((r, i) => {
    const line = i + 2;
    const symbol = normSymbol(r.symbol ?? "");
    const assetClass = (r.asset_class ?? "").toLowerCase() as AssetClass;
    if (!SYMBOL.test(symbol)) throw new RegistryFileError(`${file}:${line}: invalid symbol "${r.symbol}"`);
    if (!r.name) throw new RegistryFileError(`${file}:${line}: name is empty`);
    if (!ASSET_CLASSES.includes(assetClass))
      throw new RegistryFileError(
        `${file}:${line}: asset_class must be one of ${ASSET_CLASSES.join(", ")}, not "${r.asset_class}"`,
      );
    return {
      symbol,
      name: r.name,
      assetClass,
      aliases: (r.aliases ?? "")
        .split(";")
        .map((a) => a.trim())
        .filter(Boolean),
      exchange: r.exchange ?? "",
      source: r.source ?? "",
    };
  });
}

let shipped: { securities: Security[]; brands: Brand[] } | undefined;

/** The shipped registry: every CSV of lib/tickers/registry, and the brands of lib/tickers/brands.csv. Read once. */
export function shippedRegistry(): { securities: Security[]; brands: Brand[] } {
  if (shipped) return shipped;
  const files = fs
    .readdirSync(REGISTRY_DIR)
    .filter((f) => f.endsWith(".csv"))
    .sort();
  const securities = files.flatMap((f) => parseSecuritiesCsv(fs.readFileSync(REGISTRY_DIR + f, "utf8"), f));
  const brandsFile = BRANDS_FILE;
  const brands = fs.existsSync(brandsFile)
    ? (
        parse(fs.readFileSync(brandsFile, "utf8"), {
          columns: true,
          skip_empty_lines: true,
          trim: true,
        }) as Array<{ brand: string; symbol: string }>
      ).map((b) => ({ brand: b.brand, symbol: normSymbol(b.symbol) }))
    : [];
  shipped = { securities, brands };
  return shipped;
}
