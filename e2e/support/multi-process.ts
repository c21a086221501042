// Processes of the multi-process e2e: a shared PostgreSQL (PGlite over TCP, in a child process) and `lede start`
// instances on it, each logging to a file the spec shows when a step fails.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import pg from "pg";

import { freePort } from "./lede-server";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/lede.mjs");
const RUN_TS = path.join(ROOT, "bin/run-ts.mjs");

export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs: number,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== null && v !== false) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export interface SharedPostgres {
  url: string;
  /** One query on a connection of its own (closed again). */
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  stop(): Promise<void>;
}

/** PGlite with pgvector, pg_trgm and unaccent, served over TCP on a free loopback port by a child process. */
export async function startSharedPostgres(logDir: string): Promise<SharedPostgres> {
  const port = await freePort();
  const fd = fs.openSync(path.join(logDir, "postgres.log"), "w");
  const child = spawn(process.execPath, [RUN_TS, "e2e/support/multi-process-pg.ts", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", fd],
  });
  fs.closeSync(fd);
  let out = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PGlite server did not start: ${out}`)), 60_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`PGlite server exited with ${code}: ${out}`));
    });
  });
  child.removeAllListeners("exit");
  child.stdout?.resume();
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async query<R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query<R>(sql, params)).rows;
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

export interface LedeProcess {
  name: string;
  pid: number;
  /** `http://127.0.0.1:<port>` for a server, "" for a worker. */
  baseUrl: string;
  logPath: string;
  log(): string;
  exited(): boolean;
  /** SIGTERM and wait (SIGKILL after 20 s). */
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/** Runs a `lede` CLI command; its output, or an error with its stderr. */
export function ledeCli(env: NodeJS.ProcessEnv, args: string[]): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`lede ${args.join(" ")} exited with ${r.status}: ${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}

/**
 * Starts `lede start` with `env`. A server (LEDE_ROLE=server) is ready when it answers /v1/version; a worker
 * when its log says it polls feeds.
 */
export async function startLedeProcess(
  name: string,
  env: NodeJS.ProcessEnv,
  logDir: string,
): Promise<LedeProcess> {
  const worker = env.LEDE_ROLE === "worker";
  const port = worker ? 0 : await freePort();
  const logPath = path.join(logDir, `${name}.log`);
  const fd = fs.openSync(logPath, "w");
  const child: ChildProcess = spawn(
    process.execPath,
    [BIN, "start", ...(worker ? [] : ["--port", String(port)])],
    { env, cwd: ROOT, stdio: ["ignore", fd, fd] },
  );
  fs.closeSync(fd);
  const log = () => fs.readFileSync(logPath, "utf8");
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const baseUrl = worker ? "" : `http://127.0.0.1:${port}`;
  await waitFor(
    `${name} to start`,
    async () => {
      if (exited()) throw new Error(`${name} exited with ${child.exitCode}:\n${log().slice(-3000)}`);
      if (worker) return log().includes("ingestion worker polling feeds");
      try {
        return (await fetch(`${baseUrl}/v1/version`)).ok;
      } catch {
        return false;
      }
    },
    120_000,
    300,
  );
  const ended = new Promise<void>((r) => child.once("exit", () => r()));
  return {
    name,
    pid: child.pid ?? 0,
    baseUrl,
    logPath,
    log,
    exited,
    async stop() {
      if (exited()) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      await ended;
      clearTimeout(timer);
    },
    async kill() {
      if (exited()) return;
      child.kill("SIGKILL");
      await ended;
    },
  };
}
