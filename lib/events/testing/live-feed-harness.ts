import http from "node:http";
import type { AddressInfo } from "node:net";

import pino, { type Logger } from "pino";
import WebSocket from "ws";

import { createSqliteStore } from "../../db/sqlite/sqlite-store";
import type { Plan } from "../../db/types";
import { createKey } from "../../keys/create-key";
import { KeyVerifier } from "../../keys/verify-key";
import { tempStore } from "../../testing/temp-store";
import { EventBus } from "../bus";
import { LogTailer } from "../log-tailer";
import { startRealtime, type Realtime, type RealtimeDeps } from "../realtime";

export type Message = Record<string, unknown> & { type: string };

/** A WebSocket client that records every message and the close code. */
export interface FeedClient {
  ws: WebSocket;
  messages: Message[];
  opened: Promise<void>;
  closed: Promise<{ code: number; reason: string }>;
  send(msg: unknown): void;
  /** Sends a subscribe and waits for its `subscribed` (or `error`) answer. */
  subscribe(filters?: unknown): Promise<Message>;
  /** Messages of event types (not subscribed, error or pong). */
  events(): Message[];
  waitFor<T>(fn: (c: FeedClient) => T | undefined | false, timeoutMs?: number): Promise<T>;
}

export async function waitUntil<T>(fn: () => T | undefined | false, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function feedClient(url: string, headers: Record<string, string> = {}): FeedClient {
  const ws = new WebSocket(url, { headers });
  const messages: Message[] = [];
  ws.on("message", (data) => messages.push(JSON.parse(data.toString()) as Message));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const opened = new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  const client: FeedClient = {
    ws,
    messages,
    opened,
    closed,
    send: (msg) => ws.send(typeof msg === "string" ? msg : JSON.stringify(msg)),
    async subscribe(filters) {
      await opened;
      const from = messages.length;
      client.send({ type: "subscribe", ...(filters === undefined ? {} : { filters }) });
      return client.waitFor(() =>
        messages.slice(from).find((m) => m.type === "subscribed" || m.type === "error"),
      );
    },
    events: () => messages.filter((m) => !["subscribed", "error", "pong"].includes(m.type)),
    waitFor: (fn, timeoutMs) => waitUntil(() => fn(client), timeoutMs),
  };
  return client;
}

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
