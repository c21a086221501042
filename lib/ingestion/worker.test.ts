import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";

import { createSqliteStore } from "../db/sqlite/sqlite-store";
import { parseAllowList } from "../net";
import { tempStore } from "../testing/temp-store";
import { startFixtureServer, type Route } from "./fixtures/fixture-server";
import { IngestWorker } from "./worker";

const log = pino({ level: "silent" });
// The fixture servers are on loopback: allowed explicitly, as an operator would through LEDE_FETCH_ALLOW_PRIVATE.
const loopbackAllowed = { allow: parseAllowList("127.0.0.1,127.0.0.2") };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

const rss = (n: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${n}</title><link>https://f${n}.test/</link><description>d</description><item><title>Story number ${n} from a busy newsroom</title><link>https://f${n}.test/story</link></item></channel></rss>`;

async function setup(hangingFeed: boolean) {
  const store = tempStore();
  const routes: Record<string, Route> = {};
  for (let i = 0; i < 6; i++)
    routes[`/f${i}.xml`] = { kind: "file", body: rss(i), contentType: "application/rss+xml", delayMs: 150 };
  const busy = await startFixtureServer(routes, "127.0.0.1");
  const other = await startFixtureServer(
    { "/hang.xml": { kind: "hang", contentType: "application/rss+xml" } },
    "127.0.0.2",
  );
  cleanups.push(
    () => store.cleanup(),
    () => busy.close(),
    () => other.close(),
  );
  for (let i = 0; i < 6; i++) {
    const s = await store.sources.ensure({
      slug: `f${i}`,
      name: `F${i}`,
      homepage: `https://f${i}.test/`,
      country: null,
      language: "en",
      category: "world",
      logoUrl: null,
      description: null,
    });
    await store.sources.addFeed(s.id, busy.url(`/f${i}.xml`));
  }
  if (hangingFeed) {
    const s = await store.sources.ensure({
      slug: "hang",
      name: "Hang",
      homepage: "https://hang.test/",
      country: null,
      language: "en",
      category: "world",
      logoUrl: null,
      description: null,
    });
    await store.sources.addFeed(s.id, other.url("/hang.xml"));
  }
  return { store, busy, other };
}

async function until(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("IngestWorker", () => {
  it("keeps to the per-host limit", async () => {
    const { store, busy } = await setup(false);
    const worker = new IngestWorker({
      store,
      log,
      fetch: loopbackAllowed,
      concurrency: 10,
      perHostConcurrency: 2,
      tickMs: 10,
    });
    cleanups.push(() => worker.stop());
    worker.start();
    await until(async () => (await store.articles.count()) === 6);
    expect(busy.maxInFlight()).toBe(2);
  });

  it("keeps to the global limit", async () => {
    const { store, busy } = await setup(false);
    const worker = new IngestWorker({
      store,
      log,
      fetch: loopbackAllowed,
      concurrency: 3,
      perHostConcurrency: 10,
      tickMs: 10,
    });
    cleanups.push(() => worker.stop());
    worker.start();
    await until(async () => (await store.articles.count()) === 6);
    expect(busy.maxInFlight()).toBe(3);
  });

  it("splits the due feeds between two workers on one database: each feed is fetched once", async () => {
    const { store, busy } = await setup(false);
    // A second process's connection to the same data directory.
    const second = createSqliteStore(store.dir);
    cleanups.push(() => second.close());
    const workers = [store, second].map(
      (s) =>
        new IngestWorker({
          store: s,
          log,
          fetch: loopbackAllowed,
          concurrency: 6,
          perHostConcurrency: 6,
          tickMs: 5,
        }),
    );
    for (const w of workers) cleanups.push(() => w.stop());
    // Both look at the same six due feeds in the same moment.
    await Promise.all(workers.map((w) => w.tick()));
    for (const w of workers) w.start();
    await until(async () => (await store.articles.count()) === 6);
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 6; i++) expect(busy.stats(`/f${i}.xml`).requests, `/f${i}.xml`).toBe(1);
    // Polled feeds are due again at their interval, not at the claim's end.
    for (const f of await store.sources.feeds()) expect(f.nextPollAt).toBe(f.lastPolledAt! + f.intervalMs);
  });

  it("never lets a hanging feed stall the other sources", async () => {
    const { store } = await setup(true);
    const worker = new IngestWorker({
      store,
      log,
      fetch: loopbackAllowed,
      concurrency: 2,
      perHostConcurrency: 1,
      tickMs: 10,
      timeoutMs: 4_000,
    });
    cleanups.push(() => worker.stop());
    worker.start();
    await until(async () => (await store.articles.count()) === 6);
    // Every other feed was polled while the hanging one still held its slot, not yet timed out.
    const hang = (await store.sources.feeds()).find((f) => f.url.endsWith("/hang.xml"));
    expect(hang?.lastPolledAt).toBeNull();
    await until(async () =>
      (await store.sources.feeds()).some((f) => f.url.endsWith("/hang.xml") && f.lastError !== null),
    );
    const after = (await store.sources.feeds()).find((f) => f.url.endsWith("/hang.xml"));
    expect(after).toMatchObject({ consecutiveFailures: 1, lastError: "timed out after 4000 ms" });
  });
});
