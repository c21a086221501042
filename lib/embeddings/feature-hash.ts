/** 32-bit FNV-1a of a string's UTF-16 code units, with a final avalanche so low bits are well mixed. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * Adds a feature to a hashed block (the hashing trick): one bucket, with a sign from another bit of the hash, so
 * collisions cancel out on average instead of always adding up.
 */
export function addHashedFeature(
  out: Float32Array,
  offset: number,
  size: number,
  key: string,
  weight: number,
) {
  const h = hashString(key);
  const bucket = offset + ((h >>> 1) % size);
  out[bucket]! += h & 1 ? weight : -weight;
}
