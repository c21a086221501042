import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import type { VectorKind } from "../vector-writes";
import { HnswSet, type HnswParams } from "./hnsw-set";
import { TimeTable } from "./time-table";

const FORMAT = 2;
/** A file not named by the current meta is deleted once this old: younger ones may be another process's save. */
const ORPHAN_AGE_MS = 10 * 60_000;

/** The sidecar naming an index's files and what SQLite state they reflect. */
export interface IndexMeta {
  format: number;
  kind: VectorKind;
  params: HnswParams;
  /** Log entries up to this seq are in the files; rowids up to `maxRowid` were looked at. */
  seq: number;
  maxRowid: number;
  /** Start of the recent tier's window (articles), or null. */
  recentFrom: number | null;
  /** Ids whose stored vector is all zeros: not indexed (no cosine), but accounted for. */
  zeros: number[];
  full: FileRef;
  recent: FileRef | null;
  /** (id, time) pairs as float64, for every id in `full`. */
  keys: FileRef;
}

/**
 * A file with its size and CRC-32, checked before usearch reads it: usearch's loader trusts its input, and a
 * truncated or damaged graph file crashes the process (seen with 2.25: SIGSEGV, or abort in free()).
 */
export interface FileRef {
  name: string;
  bytes: number;
  crc: number;
}

const CHUNK = 64 << 20;

function describe(dir: string, name: string): FileRef {
  const file = path.join(dir, name);
  const fd = fs.openSync(file, "r");
  try {
    const buf = Buffer.allocUnsafe(CHUNK);
    let crc = 0;
    let bytes = 0;
    for (let n; (n = fs.readSync(fd, buf, 0, CHUNK, null)) > 0; bytes += n)
      crc = zlib.crc32(buf.subarray(0, n), crc);
    return { name, bytes, crc };
  } finally {
    fs.closeSync(fd);
  }
}

/** The file's path once its size and checksum match what the meta recorded; throws otherwise. */
function verified(dir: string, ref: FileRef): string {
  const file = path.join(dir, ref.name);
  if (fs.statSync(file).size !== ref.bytes) throw new Error(`${ref.name}: size differs from the meta`);
  const now = describe(dir, ref.name);
  if (now.crc !== ref.crc) throw new Error(`${ref.name}: checksum differs from the meta`);
  return file;
}

export interface SavedIndex {
  meta: IndexMeta;
  full: HnswSet;
  recent: HnswSet | null;
  /** Time per id in `full` (articles: discovered_at). */
  times: TimeTable;
}

const metaFile = (dir: string, kind: VectorKind) => path.join(dir, `${kind}.meta.json`);

/**
 * Writes the graphs and key list under fresh names, then renames the meta into place: a reader (another process
 * too) sees either the old set of files or the new one, never a mix.
 */
export function saveIndex(
  dir: string,
  index: Omit<SavedIndex, "meta">,
  meta: Omit<IndexMeta, "full" | "recent" | "keys" | "format">,
): void {
  fs.mkdirSync(dir, { recursive: true });
  const gen = `${Date.now().toString(36)}-${process.pid}`;
  const name = (part: string) => `${meta.kind}.${gen}.${part}`;
  index.full.save(path.join(dir, name("full.usearch")));
  if (index.recent) index.recent.save(path.join(dir, name("recent.usearch")));
  const pairs = Float64Array.from([...index.times.entries()].flat());
  fs.writeFileSync(path.join(dir, name("keys.f64")), new Uint8Array(pairs.buffer));
  const written: IndexMeta = {
    format: FORMAT,
    ...meta,
    full: describe(dir, name("full.usearch")),
    recent: index.recent ? describe(dir, name("recent.usearch")) : null,
    keys: describe(dir, name("keys.f64")),
  };
  const tmp = `${metaFile(dir, meta.kind)}.${gen}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(written));
  fs.renameSync(tmp, metaFile(dir, meta.kind));
  removeOrphans(dir, written);
}

/** The saved index of `kind` built with `params`, or null when there is none or it cannot be read. */
export function loadIndex(dir: string, kind: VectorKind, params: HnswParams): SavedIndex | null {
  // A second try: another process's save may have replaced the files between reading the meta and the graphs.
  return readIndex(dir, kind, params) ?? readIndex(dir, kind, params);
}

function readIndex(dir: string, kind: VectorKind, params: HnswParams): SavedIndex | null {
  let meta: IndexMeta;
  try {
    meta = JSON.parse(fs.readFileSync(metaFile(dir, kind), "utf8")) as IndexMeta;
  } catch {
    return null;
  }
  if (
    meta.format !== FORMAT ||
    meta.kind !== kind ||
    JSON.stringify(meta.params) !== JSON.stringify(params)
  ) {
    return null;
  }
  try {
    const raw = fs.readFileSync(verified(dir, meta.keys));
    // A copy, so the view's alignment never depends on where Node placed the Buffer's bytes.
    const pairs = new Float64Array(raw.byteLength / 8);
    new Uint8Array(pairs.buffer).set(raw);
    const times = new TimeTable();
    const ids: number[] = [];
    const recentIds: number[] = [];
    for (let i = 0; i < pairs.length; i += 2) {
      const [id, time] = [pairs[i]!, pairs[i + 1]!];
      times.set(id, time);
      ids.push(id);
      if (meta.recentFrom !== null && time >= meta.recentFrom) recentIds.push(id);
    }
    const full = HnswSet.load(verified(dir, meta.full), params, ids);
    const recent = meta.recent ? HnswSet.load(verified(dir, meta.recent), params, recentIds) : null;
    return { meta, full, recent, times };
  } catch {
    // Files replaced under us by another process's save, or damaged: the caller rebuilds from SQLite.
    return null;
  }
}

function removeOrphans(dir: string, meta: IndexMeta): void {
  const keep = new Set([meta.full.name, meta.recent?.name, meta.keys.name]);
  const now = Date.now();
  for (const file of fs.readdirSync(dir)) {
    if (!file.startsWith(`${meta.kind}.`) || keep.has(file) || file === `${meta.kind}.meta.json`) continue;
    const at = path.join(dir, file);
    try {
      if (now - fs.statSync(at).mtimeMs > ORPHAN_AGE_MS || file.includes(`-${process.pid}.`)) fs.rmSync(at);
    } catch {
      // Removed by another process meanwhile.
    }
  }
}
