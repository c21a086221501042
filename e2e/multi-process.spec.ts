import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { EVENT_TYPES } from "../lib/events/filters";
import { feedClient, type FeedClient } from "../lib/events/testing/feed-client";
import { startRedis, type TestRedis } from "../lib/events/testing/redis-server";
import { startNewswireServer, type NewswireServer } from "../lib/newswire";
import { toOpml } from "../lib/sources/opml";
import { CLUSTERING_LEASE, leaseHolderProcess } from "../lib/stories/clustering-lease";
import {
  ledeCli,
  startLedeProcess,
  startSharedPostgres,
  waitFor,
  type LedeProcess,
  type SharedPostgres,
} from "./support/multi-process";

// Issue #19: one deployment of several processes on one PostgreSQL (PGlite with pgvector, served over TCP) and one
// Redis. Two servers (LEDE_ROLE=server) answer the API and the live feed; two workers (LEDE_ROLE=worker) poll the
// simulated newswire's feeds on loopback. No browser: the spec starts and talks to the processes itself.

/** Outlets of the newswire the workers poll: the busiest six of its 31, a few hundred articles in two minutes. */
const OUTLETS = 6;
/** Simulated time per wall-clock time: 15 simulated hours a minute. */
const SPEED = 900;

let pg: SharedPostgres;
let redis: TestRedis;
let newswire: NewswireServer | undefined;
let logDir: string;
let env: NodeJS.ProcessEnv;
const servers: LedeProcess[] = [];
const workers: LedeProcess[] = [];
/** Live-feed subscribers, one per server, subscribed before the first article is stored. */
const subscribers: FeedClient[] = [];
/** When the clustering owner was killed. */
let killedAt = 0;
/** How long a worker's claim on a feed for one poll lasts (lib/ingestion/worker.ts CLAIM_MS). */
const FEED_CLAIM_MS = 5 * 60_000;
/** When each subscriber received each event id. */
const arrivals: Array<Map<number, number>> = [];
let lastEventBefore = 0;
const keys = { live: "", burst: "", revoked: "", revokedId: "" };

test.describe.configure({ mode: "serial", timeout: 180_000 });

/** The secret (stdout) and id (stderr) of a key `lede keys create` made. */
function keyOf(out: { stdout: string; stderr: string }): { secret: string; id: string } {
  const secret = /lede_live_[0-9a-f]{64}/.exec(out.stdout)?.[0];
  const id = /key (key_[0-9a-f]+)/.exec(out.stderr)?.[1];
  if (!secret || !id) throw new Error(`no key in: ${out.stdout} ${out.stderr}`);
  return { secret, id };
}

const count = async (sql: string, params: unknown[] = []) =>
  Number((await pg.query<{ n: string | number }>(sql, params))[0]?.n ?? 0);

/** The clustering lease's holder as a worker of this spec (null when free, expired or held by another process). */
async function clusteringOwner(): Promise<LedeProcess | null> {
  const [row] = await pg.query<{ holder: string; expires_at: string }>(
    "SELECT holder, expires_at FROM leases WHERE name = $1",
    [CLUSTERING_LEASE],
  );
  if (!row || Number(row.expires_at) <= Date.now()) return null;
  const pid = leaseHolderProcess(row.holder)?.pid;
  return workers.find((w) => w.pid === pid && !w.exited()) ?? null;
}

/** The item links of a newswire feed as served now (RSS or Atom). */
async function feedLinks(url: string): Promise<string[]> {
  const xml = await (await fetch(url)).text();
  const links: string[] = [];
  for (const m of xml.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)) links.push(m[1] ?? "");
  for (const m of xml.matchAll(/<entry>[\s\S]*?<link href="([^"]+)"/g)) links.push(m[1] ?? "");
  return links.map((l) => l.replace(/&amp;/g, "&"));
}

function logTails(): string {
  return [...servers, ...workers]
    .map((p) => `--- ${p.name} (pid ${p.pid}) ---\n${p.log().slice(-1500)}`)
    .join("\n");
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  logDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-multi-process-"));
  [pg, redis, newswire] = await Promise.all([
    startSharedPostgres(logDir),
    startRedis(),
    startNewswireServer({ port: 0, speed: SPEED, seed: "multi-process" }),
  ]);
  const host = new URL(newswire.url).host;
  env = {
    ...process.env,
    DATABASE_URL: pg.url,
    LEDE_REDIS_URL: redis.url,
    // Nothing is written there with DATABASE_URL set; it keeps every process off ./data.
    LEDE_DATA_DIR: logDir,
    LEDE_SEED_DEFAULT_SOURCES: "false",
    LEDE_WORD_VECTORS: "false",
    LEDE_EXTRACT_CONTENT: "false",
    LEDE_FETCH_ALLOW_PRIVATE: host,
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
  };
  // The first command migrates the database; the others find it migrated.
  const opml = path.join(logDir, "newswire.opml");
  fs.writeFileSync(opml, toOpml(newswire.sources.slice(0, OUTLETS)));
  ledeCli(env, ["sources", "import", opml]);
  const create = (email: string) =>
    keyOf(
      ledeCli(env, ["keys", "create", "--email", email, "--tier", "business", "--scopes", "read,ws:connect"]),
    );
  keys.live = create("live@multi.test").secret;
  keys.burst = create("burst@multi.test").secret;
  const revoked = create("revoked@multi.test");
  keys.revoked = revoked.secret;
  keys.revokedId = revoked.id;

  servers.push(
    ...(await Promise.all(
      ["server-a", "server-b"].map((name) => startLedeProcess(name, { ...env, LEDE_ROLE: "server" }, logDir)),
    )),
  );
  lastEventBefore = await count("SELECT coalesce(max(id), 0) AS n FROM events");
  for (const s of servers) {
    const c = feedClient(`${s.baseUrl.replace(/^http/, "ws")}/ws?token=${keys.live}`);
    // Every type the log holds: the six of a plain subscribe and ticker.news, which is sent only when asked for.
    expect(await c.subscribe({ types: [...EVENT_TYPES, "ticker.news"] })).toMatchObject({
      type: "subscribed",
    });
    const times = new Map<number, number>();
    c.ws.on("message", (data) => {
      const id = Number((JSON.parse(data.toString()) as { id?: number }).id);
      if (id) times.set(id, Date.now());
    });
    arrivals.push(times);
    subscribers.push(c);
  }
  const workerEnv = {
    ...env,
    LEDE_ROLE: "worker",
    LEDE_POLL_FEEDS: "true",
    LEDE_POLL_MIN_INTERVAL_MS: "1000",
    LEDE_POLL_MAX_INTERVAL_MS: "3000",
  };
  workers.push(
    ...(await Promise.all(["worker-1", "worker-2"].map((name) => startLedeProcess(name, workerEnv, logDir)))),
  );
  await waitFor(
    "the first stories",
    () => count("SELECT count(*) AS n FROM stories").then((n) => n > 0),
    60_000,
  );
});

test.afterAll(async () => {
  for (const c of subscribers) c.ws.close(1000);
  await Promise.all([...workers, ...servers].map((p) => p.stop()));
  await newswire?.close();
  await redis?.stop();
  await pg?.stop();
  // LEDE_E2E_KEEP_LOGS=1 keeps the processes' logs for a look after the run.
  if (logDir && !process.env.LEDE_E2E_KEEP_LOGS) fs.rmSync(logDir, { recursive: true, force: true });
});

test.afterEach(async () => {
  const info = test.info();
  if (info.status !== info.expectedStatus) await info.attach("process logs", { body: logTails() });
});

test("credits are charged exactly once under a parallel burst split across both servers", async () => {
  const replies = await Promise.all(
    Array.from({ length: 120 }, (_, i) =>
      fetch(`${servers[i % 2]?.baseUrl}/v1/sources`, { headers: { Authorization: `Bearer ${keys.burst}` } }),
    ),
  );
  const ok = replies.filter((r) => r.ok);
  for (const r of replies) await r.arrayBuffer();
  expect(ok.length).toBeGreaterThan(0);
  const charged = ok.reduce((sum, r) => sum + Number(r.headers.get("x-credits-cost")), 0);
  expect(charged).toBe(ok.length);
  // Spare credits a server holds go back after a second without use; then both report the same total.
  await new Promise((r) => setTimeout(r, 2_500));
  for (const s of servers) {
    const usage = (await (
      await fetch(`${s.baseUrl}/v1/usage`, { headers: { Authorization: `Bearer ${keys.burst}` } })
    ).json()) as { quota: { monthly_used: number } };
    expect(usage.quota.monthly_used, s.name).toBe(charged);
  }
});

test("a revoked key is refused by both servers within 5 s", async () => {
  const get = (s: LedeProcess) =>
    fetch(`${s.baseUrl}/v1/sources`, { headers: { Authorization: `Bearer ${keys.revoked}` } }).then((r) => {
      void r.arrayBuffer();
      return r.status;
    });
  const sockets: FeedClient[] = [];
  for (const s of servers) {
    expect(await get(s)).toBe(200);
    const c = feedClient(`${s.baseUrl.replace(/^http/, "ws")}/ws?token=${keys.revoked}`);
    expect(await c.subscribe()).toMatchObject({ type: "subscribed" });
    sockets.push(c);
  }
  // Revoked by another process (as `lede` on another machine would): neither server's key cache knows.
  const at = Date.now();
  await pg.query("UPDATE api_keys SET revoked_at = $1 WHERE id = $2", [at, keys.revokedId]);
  await Promise.all(
    servers.map((s) =>
      waitFor(`${s.name} to refuse the key`, async () => (await get(s)) === 401, 5_000, 100),
    ),
  );
  const closes = await Promise.all(
    sockets.map((c) =>
      Promise.race([
        c.closed,
        new Promise<null>((r) => setTimeout(() => r(null), Math.max(0, at + 5_000 - Date.now()))),
      ]),
    ),
  );
  for (const close of closes) expect(close?.code).toBe(4001);
  expect(Date.now() - at).toBeLessThan(5_500);
});

test("killing the clustering owner hands clustering to the other worker within 30 s, no article left storyless", async () => {
  const owner = await waitFor("a worker to hold the clustering lease", clusteringOwner, 30_000);
  const other = workers.find((w) => w !== owner);
  if (!other) throw new Error("no second worker");
  await owner.kill();
  killedAt = Date.now();
  await waitFor(
    `${other.name} to take the clustering lease`,
    async () => (await clusteringOwner()) === other,
    40_000,
    200,
  );
  const handover = Date.now() - killedAt;
  test.info().annotations.push({ type: "handover", description: `${handover} ms` });
  // The lease lasts 20 s unless renewed; the other worker takes it at its next batch or heal after that.
  expect(handover).toBeLessThanOrEqual(30_000);
  // Every article stored by then is placed, those the killed owner had stored and left included.
  const last = await count("SELECT coalesce(max(id), 0) AS n FROM articles");
  await waitFor(
    "every article stored before the handover to have a story",
    async () =>
      (await count("SELECT count(*) AS n FROM articles WHERE id <= $1 AND story_id IS NULL", [last])) === 0,
    30_000,
  );
});

test("every article is stored once and placed in exactly one story", async () => {
  // The feeds as they stand now: once each has been polled again, every item in them is stored. A feed the killed
  // worker had claimed for a poll stays claimed for the claim's 5 minutes (lib/ingestion/worker.ts CLAIM_MS), so
  // it is left out.
  const since = Date.now();
  const feeds = await pg.query<{ id: string; url: string }>("SELECT id, url FROM feeds");
  expect(feeds).toHaveLength(OUTLETS);
  const links = new Map(await Promise.all(feeds.map(async (f) => [f.id, await feedLinks(f.url)] as const)));
  const polled = await waitFor(
    "every feed to be polled again",
    async () => {
      const rows = await pg.query<{ id: string; polled: boolean }>(
        `SELECT id, last_success_at > $1 AS polled FROM feeds
          WHERE last_success_at > $1 OR (next_poll_at > $1 + 60000 AND next_poll_at - $2 <= $3)`,
        [since, FEED_CLAIM_MS, killedAt],
      );
      return rows.length === OUTLETS && rows.filter((r) => r.polled).map((r) => r.id);
    },
    30_000,
  );
  test.info().annotations.push({ type: "feeds polled again", description: `${polled.length} of ${OUTLETS}` });
  const served = new Set(polled.flatMap((id) => links.get(id) ?? []));
  // No more news: the workers finish what they stored.
  await newswire?.close();
  newswire = undefined;
  await waitFor(
    "every article to be in a story",
    async () => (await count("SELECT count(*) AS n FROM articles WHERE story_id IS NULL")) === 0,
    40_000,
  );
  const articles = await pg.query<{ id: string; url: string; story_id: string | null }>(
    "SELECT id, url, story_id FROM articles",
  );
  expect(articles.length).toBeGreaterThan(100);
  const stories = new Set(articles.map((a) => a.story_id)).size;
  test.info().annotations.push({ type: "articles", description: `${articles.length} in ${stories} stories` });
  const urls = articles.map((a) => a.url);
  expect(new Set(urls).size, "articles stored twice").toBe(urls.length);
  const stored = new Set(urls);
  expect(
    [...served].filter((u) => !stored.has(u)),
    "served but never stored",
  ).toEqual([]);
  // One story each: the article's story is live (not merged away) and its one assignment names it.
  const misplaced = await pg.query(
    `SELECT a.id, a.story_id, sa.story_id AS assigned, s.merged_into
       FROM articles a
       LEFT JOIN story_assignments sa ON sa.article_id = a.id
       LEFT JOIN stories s ON s.id = a.story_id
      WHERE a.story_id IS NULL OR s.id IS NULL OR s.merged_into IS NOT NULL
         OR sa.story_id IS DISTINCT FROM a.story_id`,
  );
  expect(misplaced, "articles not in exactly one live story").toEqual([]);
  const counted = await pg.query(
    `SELECT s.id, s.article_count, count(a.id) AS members
       FROM stories s LEFT JOIN articles a ON a.story_id = s.id
      WHERE s.merged_into IS NULL
      GROUP BY s.id HAVING s.article_count <> count(a.id)`,
  );
  expect(counted, "stories whose article_count is not their members").toEqual([]);
});

test("every event reaches WebSocket subscribers on both servers exactly once", async () => {
  // The log stops growing once the surviving worker has placed everything and the servers have tailed it.
  let last = -1;
  await waitFor(
    "the event log to settle",
    async () => {
      const now = await count("SELECT coalesce(max(id), 0) AS n FROM events");
      const settled = now === last;
      last = now;
      return settled;
    },
    40_000,
    3_000,
  );
  const logged = (
    await pg.query<{ id: string }>(
      "SELECT id FROM events WHERE id > $1 AND payload IS NOT NULL ORDER BY id",
      [lastEventBefore],
    )
  ).map((r) => Number(r.id));
  expect(logged.length).toBeGreaterThan(100);
  test.info().annotations.push({ type: "events", description: `${logged.length} logged` });
  for (const [i, c] of subscribers.entries()) {
    const name = servers[i]?.name ?? String(i);
    await c.waitFor(() => c.events().length >= logged.length, 15_000).catch(() => undefined);
    const ids = c.events().map((m) => Number(m.id));
    const missing = logged.filter((id) => !ids.includes(id));
    if (missing.length > 0) {
      const rows = await pg.query("SELECT id, ts, type, article_id FROM events WHERE id = ANY($1)", [
        missing,
      ]);
      const near = missing
        .flatMap((id) => [id - 1, id + 1])
        .map((id) => `${id}@${arrivals[i]?.get(id) ?? "-"}`);
      await test.info().attach(`missing on ${name}`, { body: JSON.stringify({ rows, near }, null, 1) });
    }
    expect.soft(ids.length - new Set(ids).size, `duplicates on ${name}`).toBe(0);
    expect.soft(missing, `logged events ${name} never sent`).toEqual([]);
    expect
      .soft(
        ids.filter((id) => !logged.includes(id)),
        `events ${name} sent that are not logged`,
      )
      .toEqual([]);
    expect.soft(ids, `order on ${name}`).toEqual([...ids].sort((a, b) => a - b));
  }
});
