#!/usr/bin/env node
// Sanity check for the securities registry CSVs in this folder.
// Plain Node, no dependencies. Run: node lib/tickers/registry/check.mjs
//
// Prints row counts per file and per asset_class, then reports:
//   - structural problems (header, column count, unknown asset_class, empty symbol/name)
//   - duplicate symbols across all files (case-insensitive)
//   - duplicate names/aliases across different rows (case-insensitive; a row's
//     name counts as one of its aliases, so name-vs-alias and name-vs-name clashes
//     are reported too)
//   - aliases that repeat the row's own symbol or name (should be left out)
// and, as notes that do not fail the run, aliases that equal another row's symbol.
// Exits with status 1 if any problem (not note) was found.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const DIR = dirname(fileURLToPath(import.meta.url));
const HEADER = ["symbol", "name", "asset_class", "aliases", "exchange", "source"];
const CLASSES = new Set(["equity", "etf", "crypto", "index", "commodity", "fx"]);

/**
 * RFC 4180 parser: fields separated by commas, records by CRLF or LF; a field
 * may be wrapped in double quotes, inside which commas, line breaks and doubled
 * quotes ("") are literal. Returns an array of records (arrays of strings).
 */
export function parseCsv(text) {
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1); // strip BOM
  const records = [];
  let record = [];
  let field = "";
  let i = 0;
  let inQuotes = false;
  let fieldStarted = false; // distinguishes an empty last line from a record with one empty field
  while (i < text.length) {
    const c = text[i];
    if (inQuotes) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i += 1;
        continue;
      }
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (field !== "") throw new Error(`stray quote inside unquoted field at offset ${i}`);
      inQuotes = true;
      fieldStarted = true;
      i += 1;
      continue;
    }
    if (c === ",") {
      record.push(field);
      field = "";
      fieldStarted = true;
      i += 1;
      continue;
    }
    if (c === "\r" || c === "\n") {
      if (fieldStarted || field !== "" || record.length > 0) {
        record.push(field);
        records.push(record);
      }
      record = [];
      field = "";
      fieldStarted = false;
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      continue;
    }
    field += c;
    fieldStarted = true;
    i += 1;
  }
  if (inQuotes) throw new Error("unterminated quoted field at end of file");
  if (fieldStarted || field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

const norm = (s) => s.trim().toLowerCase();

const files = readdirSync(DIR)
  .filter((f) => f.endsWith(".csv"))
  .sort();
const problems = [];
const notes = [];
const rows = []; // { file, line, symbol, name, asset_class, aliases[] }
const perFile = new Map();
const perClass = new Map();

for (const file of files) {
  let records;
  try {
    records = parseCsv(readFileSync(join(DIR, file), "utf8"));
  } catch (err) {
    problems.push(`${file}: cannot parse: ${err.message}`);
    continue;
  }
  const [header, ...body] = records;
  if (!header || header.join(",") !== HEADER.join(",")) {
    problems.push(`${file}: header must be "${HEADER.join(",")}", got "${(header ?? []).join(",")}"`);
  }
  perFile.set(file, body.length);
  body.forEach((rec, idx) => {
    const line = idx + 2;
    if (rec.length !== HEADER.length) {
      problems.push(`${file}:${line}: expected ${HEADER.length} columns, got ${rec.length}`);
      return;
    }
    const [symbol, name, assetClass, aliasField, exchange, source] = rec.map((x) => x.trim());
    if (!symbol) problems.push(`${file}:${line}: empty symbol`);
    if (!name) problems.push(`${file}:${line}: empty name`);
    if (!exchange) problems.push(`${file}:${line}: empty exchange`);
    if (!source) problems.push(`${file}:${line}: empty source`);
    if (!CLASSES.has(assetClass)) problems.push(`${file}:${line}: unknown asset_class "${assetClass}"`);
    const aliases = aliasField === "" ? [] : aliasField.split(";").map((a) => a.trim());
    if (aliases.some((a) => a === "")) problems.push(`${file}:${line}: empty alias in "${aliasField}"`);
    perClass.set(assetClass, (perClass.get(assetClass) ?? 0) + 1);
    rows.push({ file, line, symbol, name, assetClass, aliases: aliases.filter(Boolean) });
  });
}

// Duplicate symbols.
const bySymbol = new Map();
for (const r of rows) {
  const k = norm(r.symbol);
  if (!bySymbol.has(k)) bySymbol.set(k, []);
  bySymbol.get(k).push(r);
}
const dupSymbols = [...bySymbol.values()].filter((list) => list.length > 1);
for (const list of dupSymbols) {
  problems.push(`duplicate symbol "${list[0].symbol}": ${list.map((r) => `${r.file}:${r.line}`).join(", ")}`);
}

// Names and aliases: each key may belong to one row only.
const byKey = new Map(); // key -> Map(rowIndex -> [kinds])
rows.forEach((r, idx) => {
  const add = (text, kind) => {
    const k = norm(text);
    if (!byKey.has(k)) byKey.set(k, new Map());
    const owners = byKey.get(k);
    if (!owners.has(idx)) owners.set(idx, []);
    owners.get(idx).push(kind);
  };
  add(r.name, "name");
  const seen = new Set();
  for (const a of r.aliases) {
    const k = norm(a);
    if (k === norm(r.symbol))
      problems.push(`${r.file}:${r.line} ${r.symbol}: alias "${a}" repeats the symbol`);
    else if (k === norm(r.name))
      problems.push(`${r.file}:${r.line} ${r.symbol}: alias "${a}" repeats the name`);
    else if (seen.has(k)) problems.push(`${r.file}:${r.line} ${r.symbol}: alias "${a}" listed twice`);
    else add(a, "alias");
    seen.add(k);
  }
});
let dupAliases = 0;
for (const [key, owners] of byKey) {
  if (owners.size < 2) continue;
  dupAliases += 1;
  const who = [...owners].map(([idx, kinds]) => {
    const r = rows[idx];
    return `${r.symbol} (${kinds.join("+")}, ${r.file}:${r.line})`;
  });
  problems.push(`duplicate name/alias "${key}": ${who.join(" vs ")}`);
}

// Notes: an alias that is another row's symbol (e.g. "Dow" vs DOW).
rows.forEach((r) => {
  for (const a of r.aliases) {
    const other = bySymbol.get(norm(a));
    if (other && other.some((o) => o !== r)) {
      notes.push(`alias "${a}" of ${r.symbol} equals the symbol of ${other.map((o) => o.symbol).join(", ")}`);
    }
  }
});

console.log("Rows per file:");
for (const [f, n] of perFile) console.log(`  ${f.padEnd(24)} ${n}`);
console.log(`  ${"total".padEnd(24)} ${rows.length}`);
console.log("Rows per asset_class:");
for (const c of [...perClass.keys()].sort()) console.log(`  ${c.padEnd(24)} ${perClass.get(c)}`);
console.log(`Duplicate symbols: ${dupSymbols.length}`);
console.log(`Duplicate names/aliases: ${dupAliases}`);
if (problems.length) {
  console.log(`\nProblems (${problems.length}):`);
  for (const p of problems) console.log(`  - ${p}`);
}
if (notes.length) {
  console.log(`\nNotes (${notes.length}, not failures):`);
  for (const n of notes) console.log(`  - ${n}`);
}
if (!problems.length) console.log("\nOK: no problems found.");
process.exitCode = problems.length ? 1 : 0;
