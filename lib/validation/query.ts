import { z } from "zod";

import { SYMBOL } from "../tickers/symbol";

// Query-string field builders (contract §2 "Query types"): every value arrives as a string.

/** An optional integer parameter with inclusive bounds. */
export function qInt(opts: { min?: number; max?: number } = {}) {
  return qIntRequired(opts).optional();
}

/** An integer parameter with inclusive bounds and a default. */
export function qIntDefault(def: number, opts: { min?: number; max?: number } = {}) {
  return qIntRequired(opts)
    .optional()
    .transform((v) => v ?? def);
}

export function qIntRequired(opts: { min?: number; max?: number } = {}) {
  let n = z.number().int();
  if (opts.min !== undefined) n = n.min(opts.min);
  if (opts.max !== undefined) n = n.max(opts.max);
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, "must be an integer")
    .transform(Number)
    .pipe(n);
}

/** `true`/`false`/`1`/`0`. */
export function qBool(def = false) {
  return z
    .enum(["true", "false", "1", "0"], { message: "must be true, false, 1 or 0" })
    .optional()
    .transform((v) => (v === undefined ? def : v === "true" || v === "1"));
}

/** A comma list: entries trimmed, empty ones dropped, at most 100. */
export function qCsv() {
  return z
    .string()
    .optional()
    .transform((v) =>
      v === undefined
        ? undefined
        : v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .pipe(z.array(z.string()).max(100, "at most 100 entries").optional());
}

/** A comma-separated list of security symbols (`AAPL,BTC`), upper-cased; at most 100. */
export function qSymbols() {
  return qCsv().pipe(
    z
      .array(
        z
          .string()
          .regex(
            new RegExp(SYMBOL.source.replaceAll("A-Z", "A-Za-z")),
            "must be a ticker symbol such as AAPL",
          ),
      )
      .optional()
      .transform((v) => v?.map((s) => s.toUpperCase())),
  );
}

export function qEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { message: `must be one of ${values.join(", ")}` }).optional();
}

export function qEnumDefault<const T extends readonly [string, ...string[]]>(values: T, def: T[number]) {
  return qEnum(values).transform((v): T[number] => v ?? def);
}

/** The first value of each query parameter; repeated parameters keep their first occurrence. */
/** The first value of a page's search parameter (Next gives an array when the parameter is repeated). */
export const firstValue = (v: string | string[] | undefined): string | undefined =>
  Array.isArray(v) ? v[0] : v;

export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in out)) out[k] = v;
  return out;
}
