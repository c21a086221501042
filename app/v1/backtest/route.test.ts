import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { setEventTimeMode } from "@/lib/db/sqlite/event-repo";
import { runPipeline } from "@/lib/ingestion/pipeline";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET, POST } from "./route";

const H = 3_600_000;
const NOW = Date.UTC(2025, 5, 10, 12);
const FROM = NOW - 24 * H;
let t: ReturnType<typeof testApiDeps>;
let pro: string;

beforeEach(async () => {
  t = testApiDeps(() => NOW);
  // A log of articles discovered hours before NOW: its events keep those times.
  setEventTimeMode(t.store.db, "producer");
  setApiDepsForTesting(async () => t.deps);
  pro = await t.key("pro");
  const source = await testSource(t.store);
  // Three articles; the first and the last open a story each (a cluster.event at the article's time).
  const ingest = async (n: number, title: string, hoursAgo: number, opensStory: boolean) => {
    const at = NOW - hoursAgo * H;
    const { inserted } = await runPipeline({ store: t.store }, [
      { raw: { url: `https://wire.test/${n}`, title, published: at }, source, discoveredAt: at },
    ]);
    if (!opensStory) return;
    await t.store.events.append({
      ts: at,
      type: "cluster.event",
      clusterId: n,
      articleId: null,
      payload: (id) => ({
        type: "cluster.event",
        id,
        ts: at,
        data: {
          action: "create",
          cluster_id: n,
          detail: { headline: title, article_count: inserted.length },
        },
      }),
    });
  };
  await ingest(1, "Volcano erupts near Reykjavik", 5, true);
  await ingest(2, "Central bank holds rates", 4, true);
  await ingest(3, "Reykjavik volcano grounds flights", 3, false);
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
const bt = (q: string, key = pro) => GET(get(`/v1/backtest?${q}`, key));
const post = (body: unknown, key = pro) =>
  POST(
    new Request("http://lede.test/v1/backtest", {
      method: "POST",
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("GET /v1/backtest", () => {
  it("replays the logged events in time order with the stored payloads, ids and an empty embedding", async () => {
    const res = await bt(`from=${FROM}&to=${NOW}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("10");
    const body = await json(res);
    const events = body.events as Array<{
      id: number;
      ts: number;
      event_type: string;
      cluster_id: number;
      payload: Record<string, unknown>;
      embedding: number[];
    }>;
    const logged = (await t.store.events.after(0, 100)).filter((e) => e.type !== "clusters.ranked");
    expect(events.map((e) => e.id)).toEqual(
      logged.sort((a, b) => a.ts - b.ts || a.id - b.id).map((e) => e.id),
    );
    expect(events.map((e) => e.event_type)).toEqual([
      "item.new",
      "cluster.event",
      "item.new",
      "cluster.event",
      "item.new",
    ]);
    for (const e of events) {
      expect(e.payload).toEqual(logged.find((l) => l.id === e.id)?.payload);
      expect(e.embedding).toEqual([]);
    }
    expect(body).toMatchObject({
      ok: true,
      has_more: false,
      next_cursor: events[4]!.id,
      meta: { from: FROM, to: NOW, topics: ["articles", "stories"], filters_applied: {}, event_count: 5 },
    });
  });

  it("filters by keywords and types, and reports the filters applied", async () => {
    const kw = await json(await bt(`from=${FROM}&to=${NOW}&topics=articles&keywords=VOLCANO`));
    expect(
      (kw.events as Array<{ payload: { data: { title: string } } }>).map((e) => e.payload.data.title),
    ).toEqual(["Volcano erupts near Reykjavik", "Reykjavik volcano grounds flights"]);
    expect((kw.meta as Record<string, unknown>).filters_applied).toEqual({
      topics: ["articles"],
      keywords: ["VOLCANO"],
    });
    const ranked = await json(await bt(`from=${FROM}&to=${NOW}&types=cluster.event`));
    expect((ranked.meta as Record<string, unknown>).topics).toEqual(["stories"]);
    expect((ranked.events as unknown[]).length).toBe(2);
  });

  it("pages with a stable cursor", async () => {
    const first = await json(await bt(`from=${FROM}&to=${NOW}&limit=2`));
    expect(first).toMatchObject({ has_more: true, meta: { event_count: 2 } });
    const second = await json(await bt(`from=${FROM}&to=${NOW}&limit=2&cursor=${first.next_cursor}`));
    const third = await json(await bt(`from=${FROM}&to=${NOW}&limit=2&cursor=${second.next_cursor}`));
    expect(third).toMatchObject({ has_more: false, meta: { event_count: 1 } });
    const ids = [first, second, third].flatMap((p) => (p.events as Array<{ id: number }>).map((e) => e.id));
    expect(new Set(ids).size).toBe(5);
  });

  it("enforces the plan, the required window and its bounds", async () => {
    expect(
      ((await json(await bt(`from=${FROM}&to=${NOW}`, await t.key("starter")))).error as { code: string })
        .code,
    ).toBe("tier_required");
    expect((await json(await bt(`to=${NOW}`))).error).toMatchObject({
      code: "missing_parameter",
      details: { param: "from" },
    });
    expect(
      ((await json(await bt(`from=${NOW - 91 * 24 * H}&to=${NOW - 90 * 24 * H}`))).error as { code: string })
        .code,
    ).toBe("backtest_range_too_old");
    expect((await json(await bt(`from=${FROM - 7 * 24 * H}&to=${NOW}`))).error).toMatchObject({
      code: "backtest_window_too_large",
      details: { max: 604_800_000 },
    });
    expect((await json(await bt(`from=${NOW}&to=${FROM}`))).error).toMatchObject({
      code: "backtest_window_too_large",
      details: { reason: "to_not_after_from" },
    });
    expect(((await json(await bt(`from=${FROM}&to=${NOW}&limit=5001`))).error as { code: string }).code).toBe(
      "parameter_out_of_range",
    );
  });
});

describe("POST /v1/backtest", () => {
  it("answers like GET for the same filters", async () => {
    const viaPost = await json(
      await post({ from: FROM, to: NOW, topics: ["articles"], keywords: ["volcano"] }),
    );
    const viaGet = await json(await bt(`from=${FROM}&to=${NOW}&topics=articles&keywords=volcano`));
    expect(viaPost.events).toEqual(viaGet.events);
  });

  it("accepts at most one embedding filter, of 1536 numbers", async () => {
    const filter = { embedding: Array(1536).fill(0.01), threshold: 0.8 };
    expect(
      (
        (await json(await post({ from: FROM, to: NOW, embedding_filters: [filter, filter] }))).error as {
          code: string;
        }
      ).code,
    ).toBe("too_many_embedding_filters");
    expect(
      (
        (await json(await post({ from: FROM, to: NOW, embedding_filters: [{ embedding: [1, 2] }] })))
          .error as { code: string }
      ).code,
    ).toBe("invalid_embedding");
    const res = await post({ from: FROM, to: NOW, embedding_filters: [{ ...filter, label: "volcanoes" }] });
    expect(res.headers.get("X-Credits-Cost")).toBe("20");
    const body = await json(res);
    // Articles carry no vector yet, so none matches; story events are not affected by the filter.
    expect(
      (body.events as Array<{ event_type: string }>).every((e) => e.event_type === "cluster.event"),
    ).toBe(true);
    expect((body.meta as Record<string, unknown>).filters_applied).toEqual({
      embedding_filters: ["volcanoes"],
    });
  });

  it("gives each error of §7.7 its code on POST too, and accepts the bounds themselves", async () => {
    const code = async (body: unknown, key = pro) => {
      const res = await post(body, key);
      return res.status === 200 ? 200 : ((await json(res)).error as { code: string }).code;
    };
    const DAY = 24 * H;
    expect(await code({ from: FROM, to: NOW }, await t.key("starter"))).toBe("tier_required");
    expect(await code({ from: FROM, to: NOW }, await t.key("free"))).toBe("tier_required");
    expect(await code({ from: NOW - 90 * DAY - 1, to: NOW - 89 * DAY })).toBe("backtest_range_too_old");
    expect(await code({ from: NOW - 90 * DAY, to: NOW - 89 * DAY })).toBe(200);
    expect(await code({ from: NOW - 7 * DAY - 1, to: NOW })).toBe("backtest_window_too_large");
    expect(await code({ from: NOW - 7 * DAY, to: NOW })).toBe(200);
    expect(await code({ from: NOW, to: NOW })).toBe("backtest_window_too_large");
    expect(await code({ from: FROM, to: NOW, limit: 5001 })).toBe("parameter_out_of_range");
    expect(await code({ from: FROM, to: NOW, limit: 0 })).toBe("parameter_out_of_range");
    expect(await code({ from: FROM, to: NOW, limit: 5000 })).toBe(200);
    expect(await code({ to: NOW })).toBe("missing_parameter");
    const filter = { embedding: Array(1536).fill(0.01) };
    expect(await code({ from: FROM, to: NOW, embedding_filters: [filter, filter] })).toBe(
      "too_many_embedding_filters",
    );
    expect(await code({ from: FROM, to: NOW, embedding_filters: [{ threshold: 0.8 }] })).toBe(
      "invalid_embedding",
    );
    expect(await code({ from: FROM, to: NOW, embedding_filters: [{ ...filter, threshold: 1.5 }] })).toBe(
      "parameter_out_of_range",
    );
    // REST thresholds start at 0.0 (the live feed's at 0.5).
    expect(await code({ from: FROM, to: NOW, embedding_filters: [{ ...filter, threshold: 0 }] })).toBe(200);
  });

  it("checks the plan before the window: a starter key with a bad window gets tier_required", async () => {
    const res = await bt(`from=0&to=${NOW}&limit=9999`, await t.key("starter"));
    expect(res.status).toBe(403);
    expect(((await json(res)).error as { code: string }).code).toBe("tier_required");
  });

  it("rejects a body that is not JSON", async () => {
    const res = await POST(
      new Request("http://lede.test/v1/backtest", {
        method: "POST",
        headers: { Authorization: `Bearer ${pro}` },
        body: "{nope",
      }),
    );
    expect(res.status).toBe(400);
    expect(((await json(res)).error as { code: string }).code).toBe("invalid_body");
  });
});
