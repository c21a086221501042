import "server-only";

import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";

import { migrate } from "./migrate";

export type Db = Database.Database;

export interface OpenDbOptions {
  /** Directory for every byte Lede stores; created if missing. `:memory:` keeps the database in memory. */
  dataDir: string;
  readonly?: boolean;
  /** Told when an existing data directory or database file was readable by others and has been tightened. */
  onTightened?: (file: string, from: number, to: number) => void;
}

/** The data directory holds accounts, key hashes and sessions: only the owner may list or enter it. */
export const DATA_DIR_MODE = 0o700;
/** The database file and its WAL and shared-memory files: owner read and write only. */
export const DB_FILE_MODE = 0o600;
const DB_FILE_SUFFIXES = ["", "-wal", "-shm", "-journal"];

const reportTightened = (file: string, from: number, to: number) =>
  process.stderr.write(
    `lede: ${file} was mode ${from.toString(8).padStart(4, "0")}; tightened to ${to.toString(8).padStart(4, "0")}\n`,
  );

/**
 * Gives a path exactly `mode` if it allows anything more (chmod, so the process umask plays no part). A path
 * that is already as strict or stricter is left as it is.
 */
function tighten(file: string, mode: number, told: OpenDbOptions["onTightened"]): void {
  let current: number;
  try {
    current = fs.statSync(file).mode & 0o777;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
    throw e;
  }
  if ((current & ~mode) === 0) return;
  fs.chmodSync(file, mode);
  (told ?? reportTightened)(file, current, mode);
}

/**
 * Creates the data directory (0700) and the database file (0600) before SQLite opens it, and tightens an
 * existing directory or database file that others could read. SQLite gives the WAL and shared-memory files the
 * database file's mode; they are checked again once the database is open.
 */
export function secureDataFiles(dataDir: string, told?: OpenDbOptions["onTightened"], create = true): string {
  if (create) fs.mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  tighten(dataDir, DATA_DIR_MODE, told);
  const file = path.join(dataDir, "lede.db");
  if (create) fs.closeSync(fs.openSync(file, "a", DB_FILE_MODE));
  for (const suffix of DB_FILE_SUFFIXES) tighten(file + suffix, DB_FILE_MODE, told);
  return file;
}

/**
 * Opens the embedded database in WAL mode with the vector extension loaded and migrations applied.
 * WAL plus busy_timeout lets a second process (for example `lede import` beside `lede start`) write safely;
 * writers use BEGIN IMMEDIATE (`tx.immediate()`) so they queue on the lock instead of failing mid-transaction.
 */
export function openDb({ dataDir, readonly = false, onTightened }: OpenDbOptions): Db {
  const file = dataDir === ":memory:" ? ":memory:" : secureDataFiles(dataDir, onTightened, !readonly);
  const db = new Database(file, { readonly });
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 10000");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("cache_size = -65536");
  db.defaultSafeIntegers(false);
  sqliteVec.load(db);
  if (!readonly) migrate(db);
  if (file !== ":memory:")
    for (const suffix of DB_FILE_SUFFIXES) tighten(file + suffix, DB_FILE_MODE, onTightened);
  return db;
}
