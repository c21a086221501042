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
}

/**
 * Opens the embedded database in WAL mode with the vector extension loaded and migrations applied.
 * WAL plus busy_timeout lets a second process (for example `lede import` beside `lede start`) write safely;
 * writers use BEGIN IMMEDIATE (`tx.immediate()`) so they queue on the lock instead of failing mid-transaction.
 */
export function openDb({ dataDir, readonly = false }: OpenDbOptions): Db {
  const file = dataDir === ":memory:" ? ":memory:" : path.join(dataDir, "lede.db");
  if (file !== ":memory:") fs.mkdirSync(dataDir, { recursive: true });
  const db = new Database(file, { readonly });
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 10000");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("cache_size = -65536");
  db.defaultSafeIntegers(false);
  sqliteVec.load(db);
  if (!readonly) migrate(db);
  return db;
}
