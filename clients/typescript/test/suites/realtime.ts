// The realtime client against the real server: typed filters, handlers and the async iterator, reconnect with
// backoff, re-subscribe and resume from the last event id without gap or repeat, and the closes that end it.
import { describe, expect, it } from "vitest";

import {
  Lede,
  LedeRealtime,
  RealtimeError,
  type EventMessage,
  type SubscribedMessage,
} from "../../src/index";
import { expectEventShape } from "../support/schemas";
import { Proxy, waitFor, type TestServer } from "../support/server";

const DAY = 86_400_000;

async function loggedIds(rest: Lede, type: "item.new"): Promise<number[]> {
  const now = Date.now();
  const ids: number[] = [];
  for await (const e of rest.iterBacktest({ from: now - 2 * DAY, to: now + 60_000, types: [type] }))
    ids.push(e.id);
  return ids;
}

export function realtimeSuite(server: () => TestServer): void {
  const rest = () => new Lede({ apiKey: server().keys.pro, baseUrl: server().baseUrl });

  describe("realtime", () => {
    it("subscribes with typed filters; events reach typed handlers and the async iterator", async () => {
      const feed = new LedeRealtime({
        apiKey: server().keys.starter,
        baseUrl: server().baseUrl,
        filters: { topics: ["articles", "stories"] },
      });
      const titles: string[] = [];
      const all: number[] = [];
      feed.on("item.new", (e) => titles.push(e.data.title));
      feed.on("*", (e) => all.push(e.id));
      const subscribed = await feed.connect();
      expect(subscribed).toEqual({ type: "subscribed", filters: { topics: ["articles", "stories"] } });
      const received: EventMessage[] = [];
      const iterating = (async () => {
        for await (const event of feed) {
          received.push(event);
          if (received.filter((e) => e.type === "item.enriched").length >= 5) break;
        }
      })();
      await server().importLive();
      await iterating;
      feed.close();
      for (const e of received) expectEventShape(e);
      const ids = received.map((e) => e.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
      // Handlers saw what the iterator saw (and whatever came before close()).
      expect(all.slice(0, ids.length)).toEqual(ids);
      expect(titles.length).toBeGreaterThanOrEqual(received.filter((e) => e.type === "item.new").length);
      expect(feed.lastEventId).toBe(all.at(-1));
    });

    it("reconnects with backoff, re-subscribes and resumes without gap or repeat", async () => {
      const proxy = new Proxy(server().port);
      const baseUrl = await proxy.listen();
      const feed = new LedeRealtime({
        apiKey: server().keys.starter,
        baseUrl,
        filters: { types: ["item.new"] },
        backoffBaseMs: 200,
      });
      const events: EventMessage[] = [];
      const subscribed: SubscribedMessage[] = [];
      const reconnects: Array<{ sinceId: number | null }> = [];
      feed.on("*", (e) => events.push(e));
      feed.on("subscribed", (m) => subscribed.push(m));
      feed.on("reconnect", (r) => reconnects.push(r));
      await feed.connect();
      await server().importLive();
      await waitFor(() => events.length > 0);
      await new Promise((r) => setTimeout(r, 1000));
      const before = events.length;
      const lastBefore = events[before - 1]!.id;
      // The network fails; while the client cannot reach the server, more news arrives.
      proxy.refusing = true;
      proxy.cut();
      await server().importLive();
      proxy.refusing = false;
      await waitFor(() => reconnects.length > 0 && subscribed.length >= 2, 30_000);
      const logged = (await loggedIds(rest(), "item.new")).filter((id) => id > lastBefore);
      expect(logged.length).toBeGreaterThan(0);
      await waitFor(() => events.length - before >= logged.length, 30_000);
      await new Promise((r) => setTimeout(r, 500));
      feed.close();
      await proxy.close();
      expect(reconnects[0]!.sinceId).toBe(lastBefore);
      expect(feed.reconnects).toBeGreaterThanOrEqual(1);
      expect(proxy.connections).toBeGreaterThanOrEqual(2);
      // Attempts while the server was unreachable were refused, and the client kept trying (with backoff).
      expect(proxy.refused).toBeGreaterThanOrEqual(1);
      expect(events.slice(before).map((e) => e.id)).toEqual(logged);
      const ids = events.map((e) => e.id);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    });

    it("refused keys end the feed without reconnecting (4001, 4003)", async () => {
      const bad = new LedeRealtime({
        apiKey: `lede_live_${"0".repeat(64)}`,
        baseUrl: server().baseUrl,
        backoffBaseMs: 50,
      });
      const badError = await bad.connect().catch((e: unknown) => e);
      expect(badError).toBeInstanceOf(RealtimeError);
      expect(badError).toMatchObject({ code: "invalid_api_key", closeCode: 4001 });
      expect(bad.reconnects).toBe(0);
      const free = new LedeRealtime({
        apiKey: server().keys.free,
        baseUrl: server().baseUrl,
        backoffBaseMs: 50,
      });
      const iterator = free.events();
      const freeError = await iterator.next().catch((e: unknown) => e);
      expect(freeError).toMatchObject({ code: "tier_required", closeCode: 4003 });
    });

    it("a rejected subscribe rejects its promise, or goes to the error handler", async () => {
      const feed = new LedeRealtime({ apiKey: server().keys.starter, baseUrl: server().baseUrl });
      await feed.connect();
      const rejected = await feed.subscribe({ tickers: ["AAPL"] }).catch((e: unknown) => e);
      expect(rejected).toBeInstanceOf(RealtimeError);
      expect(rejected).toMatchObject({ code: "tier_required" });
      const errors: string[] = [];
      feed.on("error", (m) => errors.push(m.code));
      // A filter outside the typed ones is refused by the server with invalid_filter.
      await feed.subscribe({ topics: ["galaxies"] } as never).catch(() => undefined);
      expect(errors).toEqual(["invalid_filter"]);
      const ok = await feed.subscribe({ categories: ["Politics"] });
      expect(ok.filters).toEqual({ categories: ["politics"] });
      feed.close();
    });

    it("resumes from a given id, with the key in the Authorization header", async () => {
      const logged = await loggedIds(rest(), "item.new");
      const feed = new LedeRealtime({
        apiKey: server().keys.pro,
        baseUrl: server().baseUrl,
        filters: { types: ["item.new"] },
        sinceId: logged.at(-4),
        auth: "header",
      });
      const got: number[] = [];
      for await (const e of feed) {
        got.push(e.id);
        if (got.length === 3) break;
      }
      feed.close();
      expect(got).toEqual(logged.slice(-3));
    });
  });
}
