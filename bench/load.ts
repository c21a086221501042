// Load generation shared by the HTTP benches (bench/api-latency.ts, bench/scale.ts): a keep-alive node:http client
// in closed and open loops, latency percentiles, and `lede start` on a free port.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));

export interface RunResult {
  requests: number;
  nonOk: number;
  /** Status codes other than 200 seen, with their counts (so a run that measured errors says so). */
  statuses: Record<number, number>;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

export function summarize(
  lat: number[],
  nonOk: number,
  seconds: number,
  statuses: Record<number, number> = {},
): RunResult {
  lat.sort((a, b) => a - b);
  return {
    requests: lat.length,
    nonOk,
    statuses,
    seconds,
    rps: lat.length / seconds,
    p50: pct(lat, 0.5),
    p95: pct(lat, 0.95),
    p99: pct(lat, 0.99),
  };
}

/** One request shape; `path`, `headers` and `body` are called per request, so each can vary (ids, keys, queries). */
export interface Target {
  port: number;
  path: () => string;
  headers: () => Record<string, string>;
  method?: "GET" | "POST";
  /** A JSON body (POST). */
  body?: () => string;
}

/** Sends one request and reads the whole answer; resolves with the status code, or 0 if the connection failed. */
export function request(agent: http.Agent, t: Target): Promise<number> {
  return new Promise((resolve) => {
    const body = t.body?.();
    const headers: Record<string, string | number> = { ...t.headers() };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      headers["Content-Length"] = Buffer.byteLength(body);
    }
    const req = http.request(
      { host: "127.0.0.1", port: t.port, path: t.path(), method: t.method ?? "GET", agent, headers },
      (res) => {
        res.on("data", () => undefined);
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    // A reset or refused connection counts as a failed request (status 0), so one bad answer does not end a run.
    req.on("error", () => resolve(0));
    req.end(body);
  });
}

export interface ClosedLoopOptions {
  /** Keep going past `seconds` until this many requests were answered (slow operations still get a sample)… */
  minRequests?: number;
  /** …but never past this many seconds. */
  maxSeconds?: number;
}

/** Closed loop: `connections` clients, each sending its next request as soon as the last one is answered. */
export async function closedLoop(
  t: Target,
  connections: number,
  seconds: number,
  opts: ClosedLoopOptions = {},
): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const lat: number[] = [];
  const statuses: Record<number, number> = {};
  let nonOk = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const hardEnd = started + Math.max(seconds, opts.maxSeconds ?? seconds) * 1000;
  const minRequests = opts.minRequests ?? 0;
  const more = () => {
    const now = performance.now();
    return now < end || (lat.length < minRequests && now < hardEnd);
  };
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (more()) {
        const t0 = performance.now();
        const status = await request(agent, t);
        if (status !== 200) {
          nonOk++;
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
        lat.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  return summarize(lat, nonOk, (performance.now() - started) / 1000, statuses);
}

/**
 * Open loop at a fixed rate: request i is due at start + i/rate, whatever happened before, and its latency runs
 * from when it was due, so a stalled server is charged for the queue it causes (no coordinated omission).
 */
export async function openLoop(t: Target, rate: number, seconds: number): Promise<RunResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const lat: number[] = [];
  const statuses: Record<number, number> = {};
  let nonOk = 0;
  const total = Math.round(rate * seconds);
  const started = performance.now();
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // Counted from when it was due, or from when it left if the timer let it go a little early.
    const from = Math.min(due, performance.now());
    pending.push(
      request(agent, t).then((status) => {
        if (status !== 200) {
          nonOk++;
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
        lat.push(performance.now() - from);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return summarize(lat, nonOk, (performance.now() - started) / 1000, statuses);
}

export async function freePort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** `lede start` (the production server) on a free loopback port, once it answers /v1/version. */
export async function startLede(
  env: NodeJS.ProcessEnv,
  opts: { timeoutMs?: number; logFile?: string } = {},
): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // The server logs to stdout: kept in `logFile` when given, else dropped.
  const out = opts.logFile ? fs.openSync(opts.logFile, "a") : "ignore";
  const child = spawn(process.execPath, [BIN, "start"], {
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    cwd: path.dirname(path.dirname(BIN)),
    stdio: ["ignore", out, "inherit"],
  });
  if (typeof out === "number") fs.closeSync(out);
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`lede start exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/v1/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, port };
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill();
  throw new Error(`lede start did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MiB. */
export function processRss(pid: number): { rssMiB: number; peakRssMiB: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rssMiB: kb("VmRSS") / 1024, peakRssMiB: kb("VmHWM") / 1024 };
}

/** CPU seconds (user + system) a process has used so far. */
export function cpuSeconds(pid: number): number {
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are 12th and 13th.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Waits until the process uses under `share` of a core over `windowMs` (its background work after start, such as
 * building an index, is done), at most `maxMs`; returns how long it waited.
 */
export async function waitForIdle(
  pid: number,
  opts: {
    share?: number;
    windowMs?: number;
    maxMs?: number;
    onWait?: (ms: number, busy: number) => void;
  } = {},
): Promise<number> {
  const share = opts.share ?? 0.05;
  const windowMs = opts.windowMs ?? 3_000;
  const started = performance.now();
  let before = cpuSeconds(pid);
  for (;;) {
    await new Promise((r) => setTimeout(r, windowMs));
    const after = cpuSeconds(pid);
    const busy = (after - before) / (windowMs / 1000);
    before = after;
    const waited = performance.now() - started;
    if (busy < share || waited >= (opts.maxMs ?? 30 * 60_000)) return waited;
    opts.onWait?.(waited, busy);
  }
}
