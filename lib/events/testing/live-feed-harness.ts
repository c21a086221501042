import http from "node:http";
import type { AddressInfo } from "node:net";

import pino, { type Logger } from "pino";

import { createSqliteStore } from "../../db/sqlite/sqlite-store";
import type { Plan } from "../../db/types";
import { createKey } from "../../keys/create-key";
import { KeyVerifier } from "../../keys/verify-key";
import { tempStore } from "../../testing/temp-store";
import { EventBus } from "../bus";
import { LogTailer } from "../log-tailer";
import { startRealtime, type Realtime, type RealtimeDeps } from "../realtime";
import { feedClient, type FeedClient } from "./feed-client";

export { feedClient, waitUntil, type FeedClient, type Message } from "./feed-client";

export interface LiveFeedHarness {
  store: ReturnType<typeof tempStore>;
  bus: EventBus;
  tailer: LogTailer;
  realtime: Realtime;
  keys: KeyVerifier;
  /** ws://127.0.0.1:port/ws */
  url: string;
  key(plan?: Plan, scopes?: string[], email?: string): Promise<string>;
  connect(query?: string, headers?: Record<string, string>): FeedClient;
  close(): Promise<void>;
}

export interface HarnessOptions extends Partial<Pick<RealtimeDeps, "redisUrl" | "gateway">> {
  /** Share another harness's data directory (a second instance on the same log). */
  dataDir?: string;
  log?: Logger;
  /** Tailer poll interval; tests that append and then call `tailer.poke()` themselves can make it long. */
  tailIntervalMs?: number;
}

/**
 * The live side of a server instance, without Next: a real store, key verifier, log tailer, optional Redis relay
 * and the /ws gateway on a loopback HTTP server.
 */
export async function liveFeedHarness(opts: HarnessOptions = {}): Promise<LiveFeedHarness> {
  const store = opts.dataDir ? storeAt(opts.dataDir) : tempStore();
  const log = opts.log ?? pino({ level: "silent" });
  const keys = new KeyVerifier(store);
  const bus = new EventBus();
  const tailer = new LogTailer({ events: store.events, bus, intervalMs: opts.tailIntervalMs ?? 50 });
  const realtime = await startRealtime({
    store,
    keys,
    bus,
    tailer,
    log,
    redisUrl: opts.redisUrl,
    gateway: opts.gateway,
    pruner: { intervalMs: 3_600_000 },
  });
  const server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  const clients: FeedClient[] = [];
  return {
    store,
    bus,
    tailer,
    realtime,
    keys,
    url,
    async key(plan = "pro", scopes = ["read", "ws:connect"], email) {
      const s = plan === "free" ? scopes.filter((x) => x !== "ws:connect") : scopes;
      const created = await createKey(store, {
        email: email ?? `${plan}-${Math.random()}@example.test`,
        plan,
        scopes: s,
      });
      return created.key;
    },
    connect(query = "", headers) {
      const c = feedClient(`${url}${query ? `?${query}` : ""}`, headers);
      clients.push(c);
      return c;
    },
    async close() {
      for (const c of clients) c.ws.terminate();
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      store.cleanup();
    },
  };
}

/** A store on an existing data directory that must outlive this handle (its owner removes it). */
function storeAt(dir: string): ReturnType<typeof tempStore> {
  const store = createSqliteStore(dir);
  return { ...store, dir, cleanup: () => store.close() };
}
