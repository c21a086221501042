/** 32-bit FNV-1a of a string. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Murmur3's finaliser: a cheap, well-mixed 32-bit permutation. */
function mix(x: number): number {
  let h = x;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export const BANDS = 16;
export const ROWS = 3;
const SEEDS = Array.from({ length: BANDS * ROWS }, (_, i) => mix(0x9e3779b9 + i * 0x632be5ab));

/** MinHash signature: for each of BANDS × ROWS hash functions, the least hash over the shingles. */
export function minhash(shingles: Iterable<string>): Uint32Array {
  const sig = new Uint32Array(SEEDS.length).fill(0xffffffff);
  for (const s of shingles) {
    const base = fnv1a(s);
    for (let i = 0; i < SEEDS.length; i++) {
      const h = mix(base ^ (SEEDS[i] as number));
      if (h < (sig[i] as number)) sig[i] = h;
    }
  }
  return sig;
}

/**
 * LSH band keys: two texts share a key when all ROWS hashes of one band agree, which happens with probability
 * 1 - (1 - J^ROWS)^BANDS for Jaccard similarity J (16 × 3: 0.78 at J = 0.45, 0.98 at 0.6, 0.15 at 0.2).
 * Each key is the band number above a 32-bit hash of its rows, so keys of different bands never meet.
 */
export function bandKeys(sig: Uint32Array): number[] {
  const keys: number[] = [];
  for (let b = 0; b < BANDS; b++) {
    let h = 0x811c9dc5;
    for (let r = 0; r < ROWS; r++) h = mix(h ^ (sig[b * ROWS + r] as number));
    keys.push(b * 2 ** 32 + h);
  }
  return keys;
}
