// /v1 throughput and latency against issue #15's acceptance: `lede start` (production build; /v1 is served on
// node:http by lib/api/node-dispatch.ts) on a data directory filled by `lede import`, side by side with a bare
// node:http server that answers each operation with the bytes lede answered it with (headers and body, compressed
// ones included) and does nothing else. Before the load, in this process: the domain calls alone, the whole /v1
// handler without HTTP, and the parts of the policy, in CPU time.
// Usage: npm run bench:api -- [FILE] [--records N] [--seconds S] [--rounds R] [--connections C] [--keys K]
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { register } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import Database from "better-sqlite3";
import type { z } from "zod";

import type { Store } from "../lib/db/store";
import { machineLine, writeBenchSection } from "./bench-report";
import {
  closedLoop,
  cpuSeconds,
  openLoop,
  startLede,
  waitForIdle,
  type RunResult,
  type Target,
} from "./load";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const BIN = path.join(ROOT, "bin/lede.mjs");
// The bare child runs this script again through the loader `npm run bench:api` uses (bin/run-ts.mjs).
const RUN_TS = path.join(ROOT, "bin/run-ts.mjs");
const RATE = 500;
const P99_MS = 25;
const COMPRESSED = "br, gzip";
const DAY = 86_400_000;

/** Route templates as patterns, fixed segments first (contract §1), as lib/api/node-dispatch.ts matches them. */
const routePatterns = (templates: string[]) =>
  [...templates]
    .sort((a, b) => a.split("{").length - b.split("{").length)
    .map((t) => ({ t, re: new RegExp(`^${t.replace(/\{\w+\}/g, "([^/]+)")}$`) }));

// ---------------------------------------------------------------- child: the bare server

type Saved = Record<string, Record<string, { headers: Record<string, string>; body: string }>>;

/** Per route template and encoding, the reply lede gave (body in base64), sent back as it is: no other work. */
function serveBare(file: string): void {
  const saved = JSON.parse(fs.readFileSync(file, "utf8")) as Saved;
  const replies = new Map(
    Object.entries(saved).map(([t, byEnc]) => [
      t,
      new Map(Object.entries(byEnc).map(([e, r]) => [e, { ...r, body: Buffer.from(r.body, "base64") }])),
    ]),
  );
  const routes = routePatterns([...replies.keys()]);
  let n = 0;
  const server = http.createServer((req, res) => {
    const raw = req.url ?? "/";
    const pathname = raw.includes("?") ? raw.slice(0, raw.indexOf("?")) : raw;
    const byEnc = replies.get(routes.find((r) => r.re.test(pathname))?.t ?? "");
    const ae = req.headers["accept-encoding"] ?? "";
    const enc = ae.includes("br") ? "br" : ae.includes("gzip") ? "gzip" : "identity";
    const reply = byEnc?.get(enc) ?? byEnc?.get("identity");
    if (!reply) return void res.writeHead(404).end();
    res.writeHead(200, { ...reply.headers, "x-request-id": `req_${(n++).toString(36)}` });
    res.end(reply.body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
}

// ---------------------------------------------------------------- data and operations

const argValue = (name: string, def: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};

/** The first `records` lines of the import file, moved so the newest was published ten minutes ago. */
function subsetFile(file: string, records: number, dir: string): string {
  const raw = fs.readFileSync(file);
  const text = (file.endsWith(".gz") ? gunzipSync(raw) : raw).toString("utf8");
  const lines = text.split("\n").filter(Boolean).slice(0, records);
  const rows = lines.map((l) => JSON.parse(l) as { published_at: number });
  const shift = Date.now() - 10 * 60_000 - Math.max(...rows.map((r) => r.published_at));
  const out = path.join(dir, "subset.jsonl");
  fs.writeFileSync(
    out,
    rows.map((r) => JSON.stringify({ ...r, published_at: r.published_at + shift })).join("\n"),
  );
  return out;
}

const cycle = <T>(items: T[], fallback: T): (() => T) => {
  const list = items.length ? items : [fallback];
  let i = 0;
  return () => list[i++ % list.length] as T;
};

interface Op {
  name: string;
  template: string;
  /** What the requests vary over. */
  note: string;
  /** The acceptance point of issue #15 it belongs to, and the share of the bare server's throughput asked. */
  point: 1 | 3;
  share: number;
  path: () => string;
  /** The query's zod parse alone, and the domain call the route makes for a request (query parsed beforehand). */
  validate: (url: URL) => unknown;
  domain: (store: Store, url: URL) => () => Promise<unknown>;
}

async function operations(dataDir: string, now: number): Promise<Op[]> {
  const [stories, pages, items, item, search, searchSchemas, entities, entitySchemas] = await Promise.all([
    import("../lib/stories/get-stories"),
    import("../lib/stories/story-pages"),
    import("../lib/articles/list-items"),
    import("../lib/articles/get-item"),
    import("../lib/search/search-articles"),
    import("../lib/search/schemas"),
    import("../lib/entities/queries/list-entities"),
    import("../lib/entities/queries/schemas"),
  ]);
  const [rankings, backtest, reply, { TOPIC_TYPES }, { queryObject }] = await Promise.all([
    import("../lib/rankings/rankings-body"),
    import("../lib/events/backtest"),
    import("../lib/events/backtest-reply"),
    import("../lib/events/filters"),
    import("../lib/validation/query"),
  ]);
  const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
  const pluck = <T>(sql: string, ...args: unknown[]) =>
    db
      .prepare(sql)
      .pluck()
      .all(...args) as T[];
  const storyIds = pluck<number>(
    "SELECT id FROM stories WHERE merged_into IS NULL AND last_updated >= ? ORDER BY random() LIMIT 100",
    now - 2 * DAY,
  );
  const hashes = pluck<string>("SELECT url_hash FROM articles ORDER BY random() LIMIT 200");
  const titleWords = pluck<string>("SELECT title FROM articles ORDER BY random() LIMIT 200")
    .map((t) =>
      t
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length >= 5),
    )
    .filter((w) => w.length > 0);
  // The import's event log in the default topics, one window over all of it, and page cursors that leave at
  // least 1,000 events after them.
  const types = ["articles", "stories"].flatMap((t) => TOPIC_TYPES[t] ?? []);
  const log = db
    .prepare(`SELECT id, ts FROM events WHERE type IN (${types.map(() => "?").join(",")}) ORDER BY ts, id`)
    .all(...types) as Array<{ id: number; ts: number }>;
  db.close();
  const from = Math.max((log[0]?.ts ?? now) - 1, now - 89 * DAY);
  const to = Math.min((log[log.length - 1]?.ts ?? now) + 1, from + 7 * DAY);
  const events = log.filter((e) => e.ts >= from && e.ts <= to);
  const starts = events.slice(0, Math.max(0, events.length - 1001)).filter((_, i) => i % 97 === 0);
  const cursors = [0, ...starts.map((e) => e.id)];
  const [storyId, hash, words, cursor] = [
    cycle(storyIds, 1),
    cycle(hashes, "0000000000000000"),
    cycle(titleWords, ["market"]),
    cycle(cursors, 0),
  ];
  let n = 0;
  // One word, or two from the same headline every third query.
  const query = () => {
    const w = words();
    return encodeURIComponent(n++ % 3 === 2 && w.length > 1 ? `${w[0]} ${w[1]}` : (w[0] as string));
  };
  const op = <Q>(
    o: Omit<Op, "validate" | "domain" | "name"> & { name?: string },
    schema: z.ZodType<Q> | undefined,
    run: (s: Store, q: Q, url: URL) => Promise<unknown>,
  ): Op => ({
    name: `GET ${o.template}`,
    ...o,
    validate: (u) => schema?.safeParse(queryObject(u)),
    domain: (s, u) => {
      const q = (schema ? schema.parse(queryObject(u)) : undefined) as Q;
      return () => run(s, q, u);
    },
  });
  const at = (template: string, point: 1 | 3, share: number, note: string, p: () => string) =>
    ({ template, point, share, note, path: p }) as const;
  return [
    op(
      at("/v1/stories", 1, 0.4, "limit 20", () => "/v1/stories?limit=20"),
      stories.ListStoriesQuery,
      (s, q) => pages.storyListBody(s, q, Date.now()),
    ),
    op(
      at(
        "/v1/stories/{id}",
        1,
        0.25,
        `${storyIds.length} stories active in 48 h`,
        () => `/v1/stories/${storyId()}`,
      ),
      stories.StoryQuery,
      (s, _q, u) => pages.storyDetailBody(s, u.pathname.split("/")[3] as string, Date.now()),
    ),
    op(
      at("/v1/items", 1, 0.25, "newest 20", () => "/v1/items?limit=20"),
      items.ListItemsQuery,
      (s, q) => items.itemListBody(s, q, Date.now()),
    ),
    op(
      at("/v1/item", 1, 0.4, `${hashes.length} articles`, () => `/v1/item?url_hash=${hash()}`),
      item.ItemQuery,
      (s, q) => item.getItem(s, q),
    ),
    op(
      at("/v1/search", 1, 0.25, "1–2 words of real headlines", () => `/v1/search?q=${query()}`),
      searchSchemas.SearchQuery,
      (s, q) => search.searchArticles(s, q),
    ),
    op(
      at("/v1/entities", 1, 0.25, "limit 60", () => "/v1/entities?limit=60"),
      entitySchemas.ListEntitiesQuery,
      (s, q) => entities.entityListBody(s, q, Date.now()),
    ),
    op(
      at("/v1/source-rankings", 3, 0.5, "no parameters", () => "/v1/source-rankings"),
      undefined,
      (s) => rankings.sourceRankingsBody(s, Date.now()),
    ),
    op(
      {
        ...at(
          "/v1/backtest",
          3,
          0.5,
          `limit 1000; ${cursors.length} cursors over ${events.length.toLocaleString("en")} events`,
          () => `/v1/backtest?from=${from}&to=${to}&limit=1000&cursor=${cursor()}`,
        ),
        name: "GET /v1/backtest, 1,000 events",
      },
      backtest.BacktestQuery,
      (s, q) => reply.backtestReply(s, 1, q, Date.now()),
    ),
  ];
}

// ---------------------------------------------------------------- measuring

/**
 * CPU ms per call of `fn` in this process: the least of five rounds, so that other work on the machine (which
 * evicts caches and preempts) inflates it as little as it can.
 */
async function cpuPerCall(fn: () => unknown, roundMs = 150): Promise<number> {
  for (let i = 0; i < 20; i++) await fn();
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const [c0, t0] = [process.cpuUsage(), performance.now()];
    let n = 0;
    while (n < 10 || performance.now() - t0 < roundMs) {
      await fn();
      n++;
    }
    const c = process.cpuUsage(c0);
    best = Math.min(best, (c.user + c.system) / 1000 / n);
  }
  return best;
}

/** CPU seconds the whole machine spent not idle (/proc/stat, in 1/100 s: user, nice, system, irq, softirq). */
function machineBusy(): number {
  const f = (fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).map(Number);
  return [1, 2, 3, 6, 7].reduce((a, i) => a + (f[i] ?? 0), 0) / 100;
}

interface Run extends RunResult {
  /** CPU ms per request of the server measured (and its system part), and of this process (the generator). */
  serverMs: number;
  serverSysMs: number;
  loaderMs: number;
  /** Cores other work used meanwhile: the machine's CPU time less this process's and both servers'. */
  others: number;
  /** Milliseconds a second the server's (and this process's) main thread was ready to run but had no core. */
  waitMs: number;
  loaderWaitMs: number;
}

const runQueueMs = (pid: number) =>
  Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8").split(" ")[1]) / 1e6;
/** A process's CPU seconds in the kernel (stime, after the parenthesised command name: 13th field). */
const systemSeconds = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[12]) / 100;
};

async function measured(pid: number, pids: number[], run: () => Promise<RunResult>): Promise<Run> {
  const cpu = () => pids.reduce((a, p) => a + cpuSeconds(p), 0);
  const sample = () =>
    [
      cpuSeconds(pid),
      systemSeconds(pid),
      cpu(),
      machineBusy(),
      runQueueMs(pid),
      runQueueMs(process.pid),
    ] as const;
  const [[s0, k0, all0, m0, w0, g0], l0] = [sample(), process.cpuUsage()];
  const r = await run();
  const [[s1, k1, all1, m1, w1, g1], l] = [sample(), process.cpuUsage(l0)];
  const loader = (l.user + l.system) / 1e6;
  return {
    ...r,
    serverMs: ((s1 - s0) * 1000) / r.requests,
    serverSysMs: ((k1 - k0) * 1000) / r.requests,
    loaderMs: (loader * 1000) / r.requests,
    others: Math.max(0, (m1 - m0 - (all1 - all0) - loader) / r.seconds),
    waitMs: (w1 - w0) / r.seconds,
    loaderWaitMs: (g1 - g0) / r.seconds,
  };
}

/** Rounds of one server and load as one run: totals, CPU weighted by requests, the rest by time; no percentiles. */
function merged(runs: Run[]): Run {
  const sum = (f: (r: Run) => number) => runs.reduce((a, r) => a + f(r), 0);
  const [requests, seconds] = [sum((r) => r.requests), sum((r) => r.seconds)];
  const perRequest = (f: (r: Run) => number) => sum((r) => f(r) * r.requests) / requests;
  const perSecond = (f: (r: Run) => number) => sum((r) => f(r) * r.seconds) / seconds;
  const statuses: Record<number, number> = {};
  for (const r of runs)
    for (const [k, v] of Object.entries(r.statuses)) statuses[+k] = (statuses[+k] ?? 0) + v;
  return {
    requests,
    seconds,
    statuses,
    rps: requests / seconds,
    nonOk: sum((r) => r.nonOk),
    p50: NaN,
    p95: NaN,
    p99: NaN,
    serverMs: perRequest((r) => r.serverMs),
    serverSysMs: perRequest((r) => r.serverSysMs),
    loaderMs: perRequest((r) => r.loaderMs),
    others: perSecond((r) => r.others),
    waitMs: perSecond((r) => r.waitMs),
    loaderWaitMs: perSecond((r) => r.loaderWaitMs),
  };
}

/** One GET through node:http: the body as sent (fetch would decompress it) and the headers worth sending back. */
function capture(port: number, p: string, headers: Record<string, string>) {
  const hopByHop = ["date", "connection", "keep-alive", "transfer-encoding"];
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port, path: p, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const kept = Object.entries(res.headers).filter(
          ([k, v]) => typeof v === "string" && !hopByHop.includes(k),
        );
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: Object.fromEntries(kept) as Record<string, string>,
          body,
        });
      });
    });
    req.on("error", reject);
  });
}

function startBare(file: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [RUN_TS, SELF, "serve-bare", file], {
    env,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    child.once("message", (m: { port: number }) => resolve({ child, port: m.port }));
    child.once("exit", (code) => reject(new Error(`bare server exited with ${code}`)));
  });
}

// ---------------------------------------------------------------- in this process, before the load

interface InProcess {
  domain: number;
  json: number;
  validate: number;
  handler: number;
  /** Point 3 only: brotli of the body alone, and the handler asked for `br, gzip`. */
  br?: number;
  brHandler?: number;
}

type BenchKey = { key: string; keyId: string; accountId: number };

async function inProcessCosts(store: Store, ops: Op[], nextKey: () => BenchKey) {
  const [{ KeyVerifier }, { MemoryRateLimiter }, { reserveCredits }, { UsageRecorder }] = await Promise.all([
    import("../lib/keys/verify-key"),
    import("../lib/quota/memory-rate-limiter"),
    import("../lib/quota/credits"),
    import("../lib/usage/usage-recorder"),
  ]);
  const [{ setApiDepsForTesting }, { ROUTE_MODULES }, { PreparedJson, encodeBody }] = await Promise.all([
    import("../lib/api/deps"),
    import("../lib/api/route-modules"),
    import("../lib/serving/prepared-json"),
  ]);
  const { default: pino } = await import("pino");
  const deps = {
    store,
    keys: new KeyVerifier(store),
    limiter: new MemoryRateLimiter(),
    usage: new UsageRecorder(store.usage),
    log: pino({ level: "silent" }),
  };
  setApiDepsForTesting(async () => deps);
  const bytesOf = (r: unknown) =>
    r instanceof PreparedJson ? r.json : Buffer.isBuffer(r) ? r : Buffer.from(JSON.stringify(r));
  const costs = new Map<Op, InProcess>();
  for (const o of ops) {
    const urls = Array.from({ length: 50 }, () => new URL(o.path(), "http://127.0.0.1"));
    const calls = urls.map((u) => o.domain(store, u));
    const results = await Promise.all(calls.map((f) => f()));
    let i = 0;
    const next = <T>(xs: T[]) => xs[i++ % xs.length] as T;
    const route = (await ROUTE_MODULES[o.template]!()).GET as unknown as {
      reply: (req: object, ctx: object) => Promise<{ status: number }>;
    };
    const pattern = routePatterns([o.template])[0]!.re;
    // The handler as lib/api/node-dispatch.ts calls it, without the HTTP around it.
    const handle = (ae?: string) => {
      const u = next(urls);
      const id = pattern.exec(u.pathname)?.[1];
      const h: Record<string, string> = {
        authorization: `Bearer ${nextKey().key}`,
        ...(ae && { "accept-encoding": ae }),
      };
      const headers = { get: (name: string) => h[name.toLowerCase()] ?? null };
      return route.reply(
        { url: u.href, method: "GET", headers, body: null },
        { params: Promise.resolve(id ? { id } : {}) },
      );
    };
    const status = (await handle()).status;
    if (status !== 200) throw new Error(`${o.name}: the handler answered ${status}`);
    const body = bytesOf(results[0]);
    costs.set(o, {
      domain: await cpuPerCall(() => next(calls)()),
      json: await cpuPerCall(() => bytesOf(next(results))),
      validate: await cpuPerCall(() => o.validate(next(urls))),
      handler: await cpuPerCall(() => handle()),
      br: o.point === 3 ? await cpuPerCall(() => encodeBody(body, "br")) : undefined,
      brHandler: o.point === 3 ? await cpuPerCall(() => handle(COMPRESSED)) : undefined,
    });
    console.log(`${o.name}: in-process domain call ${costs.get(o)!.domain.toFixed(3)} ms`);
  }
  // The policy's parts alone, each on an instance of its own.
  const limiter = new MemoryRateLimiter();
  const usage = new UsageRecorder(store.usage);
  let recorded = 0;
  const parts: Record<string, number> = {
    "key lookup (SHA-256 of the key, cache hit)": await cpuPerCall(() => deps.keys.verify(nextKey().key)),
    "rate limiter (sliding log)": await cpuPerCall(() => limiter.hit(nextKey().keyId, 1800, Date.now())),
    "credit charge (per-process lease)": await cpuPerCall(() =>
      reserveCredits(store.credits, nextKey().accountId, 600_000, 1, Date.now()),
    ),
    "usage record (buffered; batch insert of 500 amortised)": await cpuPerCall(async () => {
      const { keyId, accountId } = nextKey();
      const endpoint = "GET /v1/item";
      usage.record({
        keyId,
        accountId,
        ts: Date.now(),
        endpoint,
        status: 200,
        bytes: 900,
        latencyMs: 1,
        credits: 1,
      });
      if (++recorded % 500 === 0) await usage.flush();
    }),
  };
  await usage.close();
  await deps.usage.close();
  setApiDepsForTesting(undefined);
  return { costs, parts };
}

// ---------------------------------------------------------------- the run

async function main(): Promise<void> {
  const arg = process.argv[2];
  const file = path.resolve(
    arg && !arg.startsWith("--")
      ? arg
      : path.join(ROOT, "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz"),
  );
  const records = argValue("--records", 3000);
  const seconds = argValue("--seconds", 5);
  const rounds = argValue("--rounds", 3);
  const connections = argValue("--connections", 16);
  const keyCount = argValue("--keys", 400);
  const loadBefore = os.loadavg();
  if (!fs.existsSync(path.join(ROOT, ".next/BUILD_ID"))) {
    console.log("bench: no production build, running `npm run build` (a few minutes)");
    if (spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" }).status !== 0)
      throw new Error("npm run build failed");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-bench-api-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LEDE_DATA_DIR: dataDir,
    LEDE_POLL_FEEDS: "false",
    LEDE_SEED_DEFAULT_SOURCES: "false",
    LEDE_EXTRACT_CONTENT: "false",
    LOG_LEVEL: "warn",
    NODE_ENV: "production" as const,
  };
  const children: ChildProcess[] = [];
  try {
    const subset = subsetFile(file, records, dataDir);
    const imported = spawnSync(process.execPath, [BIN, "import", subset], { env, encoding: "utf8" });
    if (imported.status !== 0) throw new Error(`lede import failed: ${imported.stderr}`);
    console.log(imported.stdout.trim());

    register("../bin/loader-hooks.mjs", import.meta.url);
    const { createSqliteStore } = await import("../lib/db/sqlite/sqlite-store");
    const { createKey } = await import("../lib/keys/create-key");
    const store = createSqliteStore(dataDir);
    // Keys of business accounts (1,800 requests a minute each) used in turn, so the per-key limit never decides a
    // result; each account's credits go through a lease of its own, as with many clients.
    const keys: BenchKey[] = [];
    for (let i = 0; i < keyCount; i++)
      keys.push(await createKey(store, { email: `bench-${i}@example.test`, plan: "business" }));
    let k = 0;
    const nextKey = () => keys[k++ % keys.length] as BenchKey;
    const ops = await operations(dataDir, Date.now());
    const { costs, parts } = await inProcessCosts(store, ops, nextKey);
    store.close();

    const lede = await startLede(env);
    children.push(lede.child);
    await waitForIdle(lede.child.pid!, { maxMs: 60_000 });
    // The bare server answers each operation with what lede answered its first request with.
    const headersFor = (ae?: string) => () => ({
      Authorization: `Bearer ${nextKey().key}`,
      ...(ae && { "Accept-Encoding": ae }),
    });
    const encodings = (o: Op) => (o.point === 3 ? [undefined, COMPRESSED] : [undefined]);
    const saved: Saved = {};
    const sizes = new Map<string, number>();
    for (const o of ops) {
      const p = o.path();
      for (const ae of encodings(o)) {
        const r = await capture(lede.port, p, headersFor(ae)());
        if (r.status !== 200) throw new Error(`${o.name}: status ${r.status}: ${r.body.toString()}`);
        const enc = r.headers["content-encoding"] ?? "identity";
        if (ae && enc !== "br") throw new Error(`${o.name}: asked for ${ae}, got ${enc}`);
        const events =
          o.template === "/v1/backtest" &&
          !ae &&
          (JSON.parse(r.body.toString()) as { events: unknown[] }).events;
        if (events && events.length !== 1000) throw new Error(`a backtest page of ${events.length} events`);
        (saved[o.template] ??= {})[enc] = { headers: r.headers, body: r.body.toString("base64") };
        sizes.set(`${o.template}|${ae ?? ""}`, r.body.length);
      }
    }
    const bodiesFile = path.join(dataDir, "bodies.json");
    fs.writeFileSync(bodiesFile, JSON.stringify(saved));
    const bare = await startBare(bodiesFile, env);
    children.push(bare.child);
    const pids = [lede.child.pid!, bare.child.pid!];
    const servers = [
      { label: "lede", port: lede.port, pid: pids[0]! },
      { label: "bare", port: bare.port, pid: pids[1]! },
    ] as const;

    const results = new Map<string, Result>();
    const runs: string[] = [];
    for (const o of ops)
      for (const ae of encodings(o)) {
        const targets = servers.map((s) => ({
          ...s,
          target: { port: s.port, path: o.path, headers: headersFor(ae) } as Target,
          rounds: [] as Run[],
        }));
        for (const t of targets) await closedLoop(t.target, connections, 2); // warm-up: JIT, caches, sockets
        // Closed-loop rounds in turn, lede then bare, so a change in the machine's load falls on both.
        for (let i = 0; i < rounds; i++)
          for (const t of targets)
            t.rounds.push(await measured(t.pid, pids, () => closedLoop(t.target, connections, seconds)));
        for (const t of targets) {
          const open =
            o.point === 1 ? await measured(t.pid, pids, () => openLoop(t.target, RATE, seconds)) : undefined;
          const closed = merged(t.rounds);
          results.set(`${o.template}|${ae ?? ""}|${t.label}`, { closed, rounds: t.rounds, open });
          const what = `${o.name}${ae ? `, Accept-Encoding: ${ae}` : ""}: ${t.label}`;
          const perRound = t.rounds.map((r) => int(r.rps)).join(", ");
          console.log(`${what}: ${perRound} req/s${open ? `, p99 ${f1(open.p99)} ms at ${RATE} req/s` : ""}`);
          runs.push(runRow(`${what}, ${connections} connections`, closed, perRound));
          if (open) runs.push(runRow(`${what}, ${RATE} req/s`, open));
        }
      }
    const setup = {
      records,
      file,
      seconds,
      rounds,
      connections,
      keyCount,
      loadBefore,
      loadAfter: os.loadavg(),
    };
    writeReport({ ops, results, runs, sizes, costs, parts, ...setup });
    console.log("bench: docs/benchmarks.md updated");
  } finally {
    for (const c of children) c.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- the report

const pc = (x: number) => `${x < 0.1 ? (x * 100).toFixed(1) : Math.round(x * 100)} %`;
const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
const f3 = (x: number) => x.toFixed(3);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const int = (x: number) => Math.round(x).toLocaleString("en");
const span = (xs: number[], f: (x: number) => string) =>
  f(Math.min(...xs)) === f(Math.max(...xs))
    ? f(xs[0] ?? NaN)
    : `${f(Math.min(...xs))} to ${f(Math.max(...xs))}`;
/** A range of differences between separate measurements, saying so when noise took some below zero. */
const spanDiff = (xs: number[], f: (x: number) => string) => {
  const below = xs.filter((x) => x < 0).length;
  return below
    ? `up to ${f(Math.max(...xs))} (${below} of ${xs.length} came out below zero: noise)`
    : span(xs, f);
};
const ms = (x: number) => (Number.isNaN(x) ? "—" : f1(x));
const runRow = (label: string, r: Run, perRound?: string) =>
  `| ${label} | ${int(r.rps)}${perRound ? ` (${perRound})` : ""} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.nonOk} | ${f2(r.serverMs)} | ${f2(r.loaderMs)} | ${f1(r.others)} | ${int(r.waitMs)} / ${int(r.loaderWaitMs)} |`;

interface Result {
  closed: Run;
  rounds: Run[];
  open?: Run;
}

interface Report {
  ops: Op[];
  results: Map<string, Result>;
  runs: string[];
  sizes: Map<string, number>;
  costs: Map<Op, InProcess>;
  parts: Record<string, number>;
  records: number;
  file: string;
  seconds: number;
  rounds: number;
  connections: number;
  keyCount: number;
  loadBefore: number[];
  loadAfter: number[];
}

function writeReport(r: Report): void {
  const get = (o: Op, ae: string | undefined, server: "lede" | "bare") =>
    r.results.get(`${o.template}|${ae ?? ""}|${server}`)!;
  const cost = (o: Op) => r.costs.get(o)!;
  const size = (o: Op, ae?: string) => r.sizes.get(`${o.template}|${ae ?? ""}`) ?? NaN;
  // The share of each round (lede's run over the bare run right after it); the verdict takes their median.
  const shares = (o: Op, ae?: string) => {
    const [lede, bare] = [get(o, ae, "lede").rounds, get(o, ae, "bare").rounds];
    const xs = lede.map((l, i) => l.rps / (bare[i]?.rps ?? NaN)).sort((a, b) => a - b);
    const mid = xs.length / 2;
    const median = xs.length % 2 ? xs[Math.floor(mid)]! : (xs[mid - 1]! + xs[mid]!) / 2;
    return { median, all: xs };
  };
  const verdict = (o: Op, ae?: string) => {
    const [lede, sh] = [get(o, ae, "lede"), shares(o, ae)];
    const share = sh.median;
    const misses: string[] = [];
    const errors = lede.closed.nonOk + (lede.open?.nonOk ?? 0);
    if (errors) misses.push(`${errors} answers were not 200, so the run measured errors`);
    if (share < o.share)
      misses.push(
        `${Math.round((o.share - share) * 100)} ${Math.round((o.share - share) * 100) === 1 ? "point" : "points"} short (lede needs ×${f2(o.share / share)} its throughput)`,
      );
    if (lede.open && !(lede.open.p99 < P99_MS))
      misses.push(
        `p99 ${f1(lede.open.p99 - P99_MS)} ms over (lede's thread waited ${int(lede.open.waitMs)} ms a second for a core)`,
      );
    const row = `${pc(share)} (${span(sh.all, pc)}) | ≥ ${pc(o.share)}`;
    return { met: misses.length === 0, row, text: misses.join("; ") };
  };
  const point1 = r.ops.filter((o) => o.point === 1);
  const point3 = r.ops.filter((o) => o.point === 3);
  const v1 = point1.map((o) => {
    const [v, lede, bare] = [verdict(o), get(o, undefined, "lede"), get(o, undefined, "bare")];
    return {
      met: v.met,
      row: `| ${o.name} | ${o.note} | ${int(lede.closed.rps)} | ${int(bare.closed.rps)} | ${v.row} | ${f1(lede.open!.p99)} (${f1(bare.open!.p99)}) | < ${P99_MS} | ${v.met ? "met" : `**missed**: ${v.text}`} |`,
    };
  });
  const v3 = point3.flatMap((o) =>
    [undefined, COMPRESSED].map((ae) => {
      const [v, lede, bare] = [verdict(o, ae), get(o, ae, "lede"), get(o, ae, "bare")];
      return {
        met: v.met,
        row: `| ${o.name} | ${o.note} | ${ae ?? "none"} | ${kib(size(o, ae))} | ${int(lede.closed.rps)} | ${int(bare.closed.rps)} | ${v.row} | ${v.met ? "met" : `**missed**: ${v.text}`} |`,
      };
    }),
  );
  // The domain call and its JSON, and with compression what the handler spends compressing for each request (a
  // body held compressed costs nothing here): what no edge can take away.
  const domainOf = (o: Op, ae?: string) =>
    cost(o).domain + cost(o).json + (ae ? Math.max(0, cost(o).brHandler! - cost(o).handler) : 0);
  const capPc = (x: number) => (x > 10 ? "> 1,000 %" : pc(x));
  const costRows = r.ops.flatMap((o) =>
    (o.point === 3 ? [undefined, COMPRESSED] : [undefined]).map((ae) => {
      const c = cost(o);
      const [lede, bare] = [get(o, ae, "lede").closed, get(o, ae, "bare").closed];
      return `| ${o.name}${ae ? ", br" : ""} | ${f3(c.domain)} | ${f3(c.json)} | ${f3(c.validate)} | ${ae ? f3(c.br!) : "—"} | ${f3(ae ? c.brHandler! : c.handler)} | ${f3(lede.serverMs)} (${f3(lede.serverSysMs)}) | ${f3(bare.serverMs)} (${f3(bare.serverSysMs)}) | ${pc(bare.serverMs / lede.serverMs)} | ${capPc(bare.serverMs / domainOf(o, ae))} | ${f3(lede.loaderMs)} / ${f3(bare.loaderMs)} |`;
    }),
  );

  // Figures for the account, over the point-1 reads.
  const closed1 = (server: "lede" | "bare") => point1.map((o) => get(o, undefined, server).closed);
  const opens = point1.map((o) => get(o, undefined, "lede").open!);
  const bareOpens = point1.map((o) => get(o, undefined, "bare").open!);
  const policy = point1.map((o) => cost(o).handler - cost(o).domain - cost(o).json);
  const beyond = point1.map((o) => get(o, undefined, "lede").closed.serverMs - cost(o).handler);
  const bareCores = closed1("bare").map((b) => ((b.serverMs + b.loaderMs) * b.rps) / 1000);
  const all = [...r.results.values()].flatMap((x) => (x.open ? [x.closed, x.open] : [x.closed]));
  const others = all.map((x) => x.others);
  const slowOpen = point1.filter((o) => !(get(o, undefined, "lede").open!.p99 < P99_MS));
  const bareSlow = bareOpens.filter((x) => !(x.p99 < P99_MS)).length;
  const compression = point3.map((o) => {
    const [plain, br] = [get(o, undefined, "lede").closed, get(o, COMPRESSED, "lede").closed];
    return `${o.name}: ${kib(size(o))}, ${kib(size(o, COMPRESSED))} as brotli; lede's process spent ${f2(plain.serverMs)} ms a request uncompressed and ${f2(br.serverMs)} ms compressed, and brotli (quality 5) of that body alone costs ${f2(cost(o).br!)} ms`;
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [bareMs, loaderMs] = [closed1("bare").map((b) => b.serverMs), closed1("bare").map((b) => b.loaderMs)];
  const slowWait = slowOpen.map((o) => get(o, undefined, "lede").open!.waitMs);
  const okWait = point1
    .filter((o) => !slowOpen.includes(o))
    .map((o) => get(o, undefined, "lede").open!.waitMs);
  const ledeClosed = closed1("lede");
  const capped = [
    ...point1.map((o) => [o, undefined] as const),
    ...point3.flatMap((o) => [[o, undefined] as const, [o, COMPRESSED] as const]),
  ]
    .map(([o, ae]) => ({ o, ae, cap: get(o, ae, "bare").closed.serverMs / domainOf(o, ae) }))
    .filter((x) => x.cap < x.o.share);
  const paced = point3
    .flatMap((o) =>
      [undefined, COMPRESSED].map((ae) => ({
        o,
        ae,
        lede: get(o, ae, "lede").closed,
        bare: get(o, ae, "bare").closed,
      })),
    )
    .filter((x) => shares(x.o, x.ae).median >= x.o.share && x.bare.loaderMs > x.bare.serverMs);
  const beaten = capped.filter((x) => shares(x.o, x.ae).median > x.cap);
  const account = [
    capped.length
      ? `- **Bound by the domain call**: ${capped.map((x) => `${x.o.name}${x.ae ? " (br)" : ""} (${f3(domainOf(x.o, x.ae))} ms against the bare server's ${f3(get(x.o, x.ae, "bare").closed.serverMs)}, at most ${pc(x.cap)})`).join(", ")}: the query and its JSON${point3.some((o) => capped.some((x) => x.o === o && x.ae)) ? " (and, compressed, brotli)" : ""} alone cost more than the bare server's whole request divided by the target share, so with each server's CPU cost deciding, no edge could bring them to their target.${beaten.length ? ` ${beaten.map((x) => `${x.o.name}${x.ae ? " (br)" : ""}`).join(", ")} measured above that bound: there the bare server did not run at the pace its own CPU cost allows (the generator and the other work held it back).` : ""}`
      : "- **No operation is bound by its domain call alone.**",
    `- **The policy around the domain call** (handler in-process less domain call and JSON) comes to ${spanDiff(policy, f3)} ms a request on the point-1 reads; the parts timed alone add up to ${f3(Object.values(r.parts).reduce((x, y) => x + y, 0))} ms (key lookup and hashing, rate limiter, credit lease, usage record) and validation to ${span(
      point1.map((o) => cost(o).validate),
      f3,
    )} ms; the rest is the wrapper's own work (URL and query parsing, headers, content negotiation, promises). Differences of separate measurements: read them to a few hundredths of a ms.`,
    `- **Beyond the handler**, lede's process spent ${spanDiff(beyond, f2)} ms a request under load (node:http, the dispatch, garbage collection, and what the tight in-process loop does not show; a difference of two measurements), where the bare server's whole request cost ${span(bareMs, f3)} ms. Lede's time in the kernel was ${span(
      ledeClosed.map((x) => x.serverSysMs),
      f3,
    )} ms a request against the bare server's ${span(
      closed1("bare").map((x) => x.serverSysMs),
      f3,
    )} (both write the same bytes to the same sockets; lede also reads and writes its SQLite files).`,
    `- **The load generator shares the two cores**: in the bare runs it spent ${span(loaderMs, f3)} ms a request (the bare server ${span(bareMs, f3)} ms${mean(loaderMs) > mean(bareMs) ? ": the generator is the dearer side" : ""}); the two together used ${span(bareCores, f1)} cores while other work took ${span(others, f1)}. So the bare figures are what this machine gave under this load, not node:http's ceiling, and each share is measured against them; with the generator on another machine the shares would move towards "bare ÷ lede" (not measured here).${
      paced.length
        ? ` ${paced.map((x) => `${x.o.name}${x.ae ? " (br)" : ""}`).join(", ")} met the target only because both servers ran at the generator's pace (it spent ${span(
            paced.map((x) => x.bare.loaderMs),
            f2,
          )} ms a request reading the body, the bare server ${span(
            paced.map((x) => x.bare.serverMs),
            f2,
          )}); "bare ÷ lede" there is ${span(
            paced.map((x) => x.bare.serverMs / x.lede.serverMs),
            pc,
          )}.`
        : ""
    }`,
    `- **At ${RATE} requests/s** lede's process needed ${span(
      opens.map((x) => (x.serverMs * RATE) / 1000),
      f2,
    )} cores.${
      slowOpen.length
        ? ` p99 went past ${P99_MS} ms on ${slowOpen.map((o) => o.name).join(", ")}; in those runs lede's main thread waited ${span(slowWait, int)} ms a second for a core${okWait.length ? ` (${span(okWait, int)} ms in the others)` : ""}, with other work on ${span(
            slowOpen.map((o) => get(o, undefined, "lede").open!.others),
            f1,
          )} cores${okWait.length && Math.min(...slowWait) > Math.max(...okWait) ? "; the reads that met it waited least" : ""}. Every latency here includes that queueing, so these tails say little about an unloaded machine.`
        : ""
    }${bareSlow ? ` The bare server itself went past ${P99_MS} ms at that rate in ${bareSlow} of ${bareOpens.length} runs.` : ""}`,
    `- **Compression**: ${compression.join("; ")}. The rankings body is held with its compressed forms (\`lib/rankings/rankings-body.ts\`); a backtest page of a window that has ended is kept with its compressed forms too, until the past of the log changes (\`lib/events/backtest-reply.ts\`); a page of an open window is built and compressed for each request, where the bare server sends bytes compressed once.`,
  ];
  const met = (v: Array<{ met: boolean }>) => `${v.filter((x) => x.met).length} of ${v.length}`;
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(", ");

  writeBenchSection(
    "api-latency",
    `## /v1 throughput and latency against a bare server (issue #15)

Run: \`npm run bench:api -- --seconds ${r.seconds} --rounds ${r.rounds}\` (script: \`bench/api-latency.ts\`). Machine: ${machineLine()}. **The machine was shared**: other engineers' jobs ran on the same two cores throughout. Load average ${load(r.loadBefore)} at the start, ${load(r.loadAfter)} at the end; during the measured runs other work used ${span(others, f1)} cores (mean ${f1(others.reduce((a, b) => a + b, 0) / others.length)}; /proc/stat less this bench's processes). Every figure below moves with that load.

Data: the first ${r.records.toLocaleString("en")} records of \`${path.basename(r.file)}\`, moved so the newest was published ten minutes before the run (the stories are active), loaded with \`lede import\` into a fresh data directory; the import's event log (item.new, item.enriched, story and cluster events) is what backtest pages replay.
Servers: \`lede start\` (production build; /v1 on node:http through \`lib/api/node-dispatch.ts\`), the full policy on every request: key lookup, scope, plan, rate limit, credit charge, validation, query, usage record (${r.keyCount} keys of business accounts in turn, so the per-key limit of 1,800 a minute never decides a result). Bare: a node:http server answering each operation with the status, headers and body lede gave its first request (for \`Accept-Encoding: ${COMPRESSED}\`, lede's brotli bytes with their \`Content-Encoding\`), and doing nothing else. Both get the same requests and headers.
Load: this process, on the same machine (node:http, keep-alive). Max throughput: ${r.connections} connections in a closed loop, ${r.rounds} rounds of ${r.seconds} s per server taken in turn (lede, bare, lede, …) after a 2 s warm-up of each, so that a change in the machine's load falls on both; the share of bare is the median of the rounds' shares (their range in brackets), the request rates are over all rounds. Fixed rate: an open loop at ${RATE} requests/s for ${r.seconds} s, latency counted from when each request was due. No \`Accept-Encoding\` unless stated. Latencies in ms; CPU in ms per request, of the server process and of this process (the load generator); "others" are the cores other work used meanwhile; "waited" is how long a second the server's and the generator's main threads were ready to run but had no core (\`/proc/<pid>/task/<pid>/schedstat\`).

### Point 1: each read at ≥ 25 % of bare (/v1/item and /v1/stories ≥ 40 %), p99 < ${P99_MS} ms at ${RATE} requests/s

${met(v1)} operations meet it.

| operation | requests vary over | lede req/s | bare req/s | share of bare | target | p99 at ${RATE} req/s, lede (bare) | target | verdict |
| --- | --- | ---: | ---: | ---: | --- | ---: | --- | --- |
${v1.map((x) => x.row).join("\n")}

### Point 3: source rankings and a 1,000-event backtest page at ≥ 50 % of bare, compressed as the client asks

${met(v3)} measurements meet it.

| operation | requests vary over | Accept-Encoding | body | lede req/s | bare req/s | share of bare | target | verdict |
| --- | --- | --- | ---: | ---: | ---: | ---: | --- | --- |
${v3.map((x) => x.row).join("\n")}

### Runs

| operation, server and load | requests/s (rounds) | p50 | p95 | p99 | non-200 | server CPU | generator CPU | others (cores) | waited, server / generator (ms/s) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${r.runs.join("\n")}

### What remains between lede and bare

CPU ms per request. In this process before the load (least of five rounds): the domain call as the route makes it (read models included), serialising its result, the query's zod parse, brotli of the body, and the whole /v1 handler called as \`lib/api/node-dispatch.ts\` calls it but without HTTP (all of \`withApiKey\`). Under the load: each server process in its closed-loop rounds (in brackets, its time in the kernel, which Linux samples in ticks: small values are rough), the ratio of the two, and the load generator (lede run / bare run). "bare ÷ lede" is the share the two servers' own CPU costs would give if nothing else competed for the cores; "bare ÷ domain" is the share lede could not pass even if everything but the domain call, its JSON and (asked for brotli) the compression the handler does for each request cost nothing; that compression is taken as the handler's extra time when asked for brotli.

| operation | domain call | JSON | validation | brotli | handler, in-process | lede process (system) | bare process (system) | bare ÷ lede | bare ÷ domain | generator |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${costRows.join("\n")}

The policy's parts alone, in this process:

| part | µs per request |
| --- | ---: |
${Object.entries(r.parts)
  .map(([name, ms]) => `| ${name} | ${f1(ms * 1000)} |`)
  .join("\n")}

${account.join("\n")}
`,
  );
}

const mode = process.argv[2];
if (mode === "serve-bare") serveBare(process.argv[3]!);
else
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
