/** A sparse vector over string features. */
export type Sparse = Map<string, number>;

export function dot(a: Sparse, b: Sparse): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let s = 0;
  for (const [k, v] of small) {
    const w = large.get(k);
    if (w !== undefined) s += v * w;
  }
  return s;
}

export function norm(a: Sparse): number {
  let s = 0;
  for (const v of a.values()) s += v * v;
  return Math.sqrt(s);
}

export function normalize(a: Sparse): Sparse {
  const n = norm(a);
  if (n === 0) return a;
  const out: Sparse = new Map();
  for (const [k, v] of a) out.set(k, v / n);
  return out;
}

/** a += scale · b, in place. */
export function addScaled(a: Sparse, b: Sparse, scale = 1): void {
  for (const [k, v] of b) {
    const next = (a.get(k) ?? 0) + v * scale;
    if (Math.abs(next) < 1e-12) a.delete(k);
    else a.set(k, next);
  }
}

export function cosine(a: Sparse, b: Sparse): number {
  const na = norm(a);
  const nb = norm(b);
  return na === 0 || nb === 0 ? 0 : dot(a, b) / (na * nb);
}
