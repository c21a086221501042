import { describe, expect, it } from "vitest";

import { parseSecuritiesCsv, RegistryFileError, shippedRegistry } from "./registry";
import { mergeSecurities } from "./security-registry";

describe("the shipped registry", () => {
  const { securities, brands } = shippedRegistry();
  const count = (cls: string) => securities.filter((s) => s.assetClass === cls).length;

  it("covers the index members, large listings, ETFs, indices, crypto, commodities and FX the issue asks for", () => {
    // S&P 500 and Nasdaq-100 (≈510) plus at least 200 European and Asian listings.
    expect(count("equity")).toBeGreaterThanOrEqual(710);
    expect(count("etf") + count("index")).toBeGreaterThanOrEqual(50);
    expect(count("crypto")).toBeGreaterThanOrEqual(50);
    expect(count("commodity")).toBeGreaterThanOrEqual(10);
    expect(count("fx")).toBeGreaterThanOrEqual(20);
    for (const sym of [
      "AAPL",
      "MSFT",
      "GOOGL",
      "META",
      "NVDA",
      "ASML.AS",
      "7203.T",
      "0700.HK",
      "SPY",
      "BTC",
      "GC=F",
      "EURUSD",
      "SPX",
    ])
      expect(
        securities.some((s) => s.symbol === sym),
        sym,
      ).toBe(true);
  });

  it("has each symbol once and a source on every entry, and brands only of registered securities", () => {
    const symbols = securities.map((s) => s.symbol);
    expect(new Set(symbols).size).toBe(symbols.length);
    expect(securities.filter((s) => !s.source)).toEqual([]);
    const known = new Set(symbols);
    expect(brands.filter((b) => !known.has(b.symbol))).toEqual([]);
    expect(securities.find((s) => s.symbol === "META")?.aliases).toContain("Facebook");
    expect(securities.find((s) => s.symbol === "GOOGL")?.aliases).toContain("Google");
  });
});

describe("parseSecuritiesCsv", () => {
  const header = "symbol,name,asset_class,aliases,exchange,source\n";

  it("reads quoted fields and `;` aliases, upper-casing symbols", () => {
    const rows = parseSecuritiesCsv(`${header}acme,"Acme, Inc.",equity,Acme;Acme Corp,NYSE,Operator list\n`);
    expect(rows).toEqual([
      {
        symbol: "ACME",
        name: "Acme, Inc.",
        assetClass: "equity",
        aliases: ["Acme", "Acme Corp"],
        exchange: "NYSE",
        source: "Operator list",
      },
    ]);
  });

  it("refuses a bad row naming the file and line", () => {
    expect(() => parseSecuritiesCsv(`${header}OK,Ok Co,equity,,,\nBAD,Bad Co,bond,,,\n`, "mine.csv")).toThrow(
      new RegistryFileError(
        'mine.csv:3: asset_class must be one of equity, etf, crypto, index, commodity, fx, not "bond"',
      ),
    );
    expect(() => parseSecuritiesCsv(`${header}"not a symbol",X,equity,,,\n`, "mine.csv")).toThrow(
      /mine.csv:2: invalid symbol/,
    );
    expect(() => parseSecuritiesCsv("ticker,title\nA,B\n", "mine.csv")).toThrow(
      /missing column\(s\) symbol, name, asset_class/,
    );
  });

  it("lets an added entry replace the shipped one of the same symbol", () => {
    const merged = mergeSecurities(
      [{ symbol: "ACME", name: "Old", assetClass: "equity", aliases: [], exchange: "", source: "" }],
      [{ symbol: "acme", name: "New", assetClass: "equity", aliases: ["Acme"], exchange: "", source: "op" }],
    );
    expect(merged.map((s) => s.name)).toEqual(["New"]);
  });
});
