/** 1234 → "1,234". */
export function fmtInt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** An amount in millions of dollars as headlines write it: "$640m", "$2.4bn". */
export function money(millions: number): string {
  if (millions >= 1000) {
    const bn = millions / 1000;
    return `$${bn >= 10 ? Math.round(bn) : bn.toFixed(1).replace(/\.0$/, "")}bn`;
  }
  return `$${Math.round(millions)}m`;
}

/** A percentage with one decimal when it is small: "3.4%", "12%". */
export function pct(x: number): string {
  return `${x < 10 ? x.toFixed(1).replace(/\.0$/, "") : Math.round(x)}%`;
}

/** A round-ish number as reporters give it: 40, 45, 120, 1,200. */
export function roundish(n: number): number {
  if (n < 20) return Math.round(n);
  if (n < 100) return Math.round(n / 5) * 5;
  if (n < 1000) return Math.round(n / 10) * 10;
  return Math.round(n / 100) * 100;
}

/** Reads back a number a fact wrote ("1,200" → 1200); a missing fact reads as 0. */
export function num(text: string | undefined): number {
  return Number((text ?? "0").replace(/,/g, "")) || 0;
}
