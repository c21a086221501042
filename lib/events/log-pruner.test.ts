import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";

import { tempStore } from "../testing/temp-store";
import { BACKTEST_MAX_AGE_MS } from "./backtest-input";
import { LogPruner } from "./log-pruner";
import { waitUntil } from "./testing/live-feed-harness";

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 10);
let store: ReturnType<typeof tempStore>;
afterEach(() => store?.cleanup());

function fill(n: number, ts: number): void {
  const insert = store.db.prepare(
    "INSERT INTO events (ts, type, cluster_id, payload) VALUES (?, 'cluster.event', 0, '{}')",
  );
  store.db.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(ts + i);
  })();
}
const count = () => (store.db.prepare("SELECT COUNT(*) AS n FROM events").get() as { n: number }).n;
const log = pino({ level: "silent" });

describe("LogPruner", () => {
  it("removes exactly the events older than 90 days", async () => {
    store = tempStore();
    fill(2_500, NOW - 120 * DAY);
    fill(10, NOW - BACKTEST_MAX_AGE_MS - 10);
    fill(300, NOW - BACKTEST_MAX_AGE_MS);
    const pruner = new LogPruner({ events: store.events, log, now: () => NOW, batch: 500, pauseMs: 0 });
    expect(await pruner.runOnce()).toBe(2_510);
    expect(count()).toBe(300);
    const oldest = store.db.prepare("SELECT MIN(ts) AS ts FROM events").get() as { ts: number };
    expect(oldest.ts).toBe(NOW - BACKTEST_MAX_AGE_MS);
  });

  it("lets writers in between its batches instead of holding them for the whole prune", async () => {
    store = tempStore();
    fill(40_000, NOW - 100 * DAY);
    const pruner = new LogPruner({ events: store.events, log, now: () => NOW, batch: 1_000, pauseMs: 1 });
    let pruned = false;
    const run = pruner.runOnce().then((n) => {
      pruned = true;
      return n;
    });
    const appendedDuringPrune: boolean[] = [];
    for (let i = 0; i < 5; i++) {
      await store.events.append({
        ts: NOW,
        type: "cluster.event",
        clusterId: 0,
        articleId: null,
        payload: (id) => ({ type: "cluster.event", id, ts: NOW, data: {} }),
      });
      appendedDuringPrune.push(!pruned);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect(await run).toBe(40_000);
    expect(appendedDuringPrune).toEqual([true, true, true, true, true]);
    expect(count()).toBe(5);
  });

  it("runs on its timer once started, and stops", async () => {
    store = tempStore();
    fill(100, Date.now() - 100 * DAY);
    const pruner = new LogPruner({ events: store.events, log, intervalMs: 20 });
    pruner.start();
    await waitUntil(() => count() === 0);
    fill(5, Date.now() - 100 * DAY);
    await waitUntil(() => count() === 0);
    await pruner.stop();
    fill(5, Date.now() - 100 * DAY);
    await new Promise((r) => setTimeout(r, 100));
    expect(count()).toBe(5);
  });
});
