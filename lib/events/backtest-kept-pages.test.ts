import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setEventTimeMode } from "../db/sqlite/event-repo";
import { tempStore } from "../testing/temp-store";
import { backtestReply } from "./backtest-reply";

const HOUR = 3_600_000;

describe("kept backtest pages of ended windows", () => {
  let store: ReturnType<typeof tempStore>;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  const append = (ts: number, cluster: number) =>
    store.events.append({
      ts,
      type: "cluster.event",
      clusterId: cluster,
      articleId: null,
      payload: (id) => ({ type: "cluster.event", id, ts, data: { cluster_id: cluster } }),
    });
  const ids = (body: { json: Buffer }) =>
    (JSON.parse(body.json.toString()) as { events: Array<{ cluster_id: number }> }).events.map(
      (e) => e.cluster_id,
    );

  it("serve one window's page again until the past of the log changes", async () => {
    const now = Date.now();
    setEventTimeMode(store.db, "producer");
    for (let i = 1; i <= 5; i++) await append(now - 10 * HOUR + i * 60_000, i);
    const input = { from: now - 12 * HOUR, to: now - HOUR, limit: 100, cursor: 0, include_embeddings: false };
    const reply = async () => (await backtestReply(store, 1, input, now)) as { json: Buffer };
    const first = await reply();
    expect(ids(first)).toEqual([1, 2, 3, 4, 5]);
    expect(await reply()).toBe(first); // kept

    // A live event (logged at the wall clock) leaves the past as it was: the page stays kept.
    setEventTimeMode(store.db, "emit");
    await append(0, 99);
    expect(await reply()).toBe(first);

    // A backfill logging an event inside the ended window changes it.
    setEventTimeMode(store.db, "producer");
    await append(now - 9 * HOUR, 6);
    const second = await reply();
    expect(ids(second)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await reply()).toBe(second);

    // So does the retention pruner deleting the oldest events.
    await store.events.prune(now - 10 * HOUR + 2.5 * 60_000, 100);
    expect(ids(await reply())).toEqual([3, 4, 5, 6]);

    // A window still open is built for each request.
    const open = { ...input, to: now };
    expect(await backtestReply(store, 1, open, now)).not.toBe(await backtestReply(store, 1, open, now));
  });
});
