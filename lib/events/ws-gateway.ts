import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

import type { Logger } from "pino";
import { WebSocket, WebSocketServer, type RawData } from "ws";

import type { Store } from "../db/store";
import type { StoredEvent } from "../db/types";
import type { KeyVerifier, VerifiedKey } from "../keys/verify-key";
import { PLAN_LIMITS, planAtLeast } from "../plans";
import type { EventBus } from "./bus";
import {
  compileFilters,
  echoFilters,
  matchesFilters,
  sourceResolver,
  SubscribeFilters,
  type CompiledFilters,
} from "./filters";

export interface GatewayDeps {
  store: Store;
  keys: KeyVerifier;
  bus: EventBus;
  log: Logger;
}

export interface GatewayOptions {
  pingIntervalMs?: number;
  idleTimeoutMs?: number;
  maxQueued?: number;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;
const GAP_FILL_MAX = 1000;

/** Close codes of contract §8.6. */
export const CLOSE = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  internal: 1011,
  auth: 4001,
  forbidden: 4003,
  heartbeat: 4008,
  tooMany: 4029,
} as const;

interface Conn {
  ws: WebSocket;
  key: VerifiedKey;
  filters: CompiledFilters | null;
  lastSeen: number;
  queued: number;
  subscribes: number[];
  sinceId: number | null;
}

/**
 * The live feed on /ws (contract §8): authenticates the upgrade, enforces scope, plan and the account's
 * connection cap, applies each connection's subscribe filters to the event bus, answers pings, reaps silent
 * connections and closes consumers that fall more than `maxQueued` messages behind.
 */
export class WsGateway {
  private wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  private conns = new Set<Conn>();
  private perAccount = new Map<number, number>();
  private unsubscribe: () => void;
  private timer: NodeJS.Timeout;
  private readonly maxQueued: number;
  private readonly idleTimeoutMs: number;

  constructor(
    private readonly deps: GatewayDeps,
    opts: GatewayOptions = {},
  ) {
    this.maxQueued = opts.maxQueued ?? 1000;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 90_000;
    this.unsubscribe = deps.bus.subscribe((e) => this.broadcast(e));
    this.timer = setInterval(() => this.heartbeat(), opts.pingIntervalMs ?? 30_000);
    this.timer.unref();
  }

  get size(): number {
    return this.conns.size;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => void this.accept(ws, req));
  }

  private async accept(ws: WebSocket, req: IncomingMessage): Promise<void> {
    const url = new URL(req.url ?? "/ws", "http://localhost");
    const header = req.headers.authorization;
    const token =
      url.searchParams.get("token") ?? (header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined) ?? null;
    // Failures are reported after accepting the upgrade, so browsers can read the reason (contract §8.1).
    const key = token ? await this.deps.keys.verify(token) : null;
    if (!key)
      return this.refuse(
        ws,
        CLOSE.auth,
        token ? "invalid_api_key" : "missing_api_key",
        "the API key is missing, malformed, unknown or revoked",
      );
    if (key.isDemo || !planAtLeast(key.account.plan, "starter")) {
      return this.refuse(
        ws,
        CLOSE.forbidden,
        "tier_required",
        "the live feed needs a paid plan (starter or above)",
      );
    }
    if (!key.scopes.includes("ws:connect") && !key.scopes.includes("admin")) {
      return this.refuse(ws, CLOSE.forbidden, "insufficient_scope", "this key lacks the 'ws:connect' scope");
    }
    const open = this.perAccount.get(key.account.id) ?? 0;
    if (open >= PLAN_LIMITS[key.account.plan].wsConnections) {
      return this.refuse(
        ws,
        CLOSE.tooMany,
        "too_many_connections",
        "the account's concurrent connection limit is reached",
      );
    }
    const sinceParam = url.searchParams.get("since_id");
    const conn: Conn = {
      ws,
      key,
      filters: null,
      lastSeen: Date.now(),
      queued: 0,
      subscribes: [],
      sinceId: sinceParam && /^\d+$/.test(sinceParam) ? Number(sinceParam) : null,
    };
    this.conns.add(conn);
    this.perAccount.set(key.account.id, open + 1);
    const seen = () => (conn.lastSeen = Date.now());
    ws.on("pong", seen);
    ws.on("ping", seen);
    ws.on("message", (data, isBinary) => {
      seen();
      void this.onMessage(conn, data, isBinary);
    });
    ws.on("close", () => this.drop(conn));
    ws.on("error", (err) => this.deps.log.debug({ err }, "websocket error"));
  }

  private refuse(ws: WebSocket, code: number, errorCode: string, message: string): void {
    ws.send(JSON.stringify({ type: "error", code: errorCode, error: message }));
    ws.close(code, errorCode);
  }

  private drop(conn: Conn): void {
    if (!this.conns.delete(conn)) return;
    const n = (this.perAccount.get(conn.key.account.id) ?? 1) - 1;
    if (n <= 0) this.perAccount.delete(conn.key.account.id);
    else this.perAccount.set(conn.key.account.id, n);
  }

  private send(conn: Conn, message: unknown): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.queued >= this.maxQueued) {
      conn.ws.close(CLOSE.policy, "slow consumer");
      this.drop(conn);
      return;
    }
    conn.queued++;
    conn.ws.send(JSON.stringify(message), () => conn.queued--);
  }

  private error(conn: Conn, code: string, error: string): void {
    this.send(conn, { type: "error", code, error });
  }

  private async onMessage(conn: Conn, data: RawData, isBinary: boolean): Promise<void> {
    let msg: unknown;
    try {
      msg = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      msg = undefined;
    }
    const type = typeof msg === "object" && msg !== null ? (msg as { type?: unknown }).type : undefined;
    if (type === "ping") return this.send(conn, { type: "pong", ts: Date.now() });
    if (type !== "subscribe")
      return this.error(conn, "invalid_message", "expected a JSON message of type subscribe or ping");
    const now = Date.now();
    conn.subscribes = conn.subscribes.filter((t) => t > now - 60_000);
    if (conn.subscribes.length >= 10)
      return this.error(conn, "rate_limited", "at most 10 subscribe messages per minute");
    conn.subscribes.push(now);
    const parsed = SubscribeFilters.safeParse((msg as { filters?: unknown }).filters ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return this.error(conn, "invalid_filter", `${issue?.path.join(".") || "filters"}: ${issue?.message}`);
    }
    const f = parsed.data;
    const proOnly =
      f.include_embeddings || (f.embedding_filters?.length ?? 0) > 0 || (f.tickers?.length ?? 0) > 0;
    if (proOnly && !planAtLeast(conn.key.account.plan, "pro")) {
      return this.error(
        conn,
        "tier_required",
        "include_embeddings, embedding_filters and tickers need the pro plan",
      );
    }
    conn.filters = await compileFilters(f, sourceResolver(this.deps.store));
    const count = f.embedding_filters?.length ?? 0;
    this.send(conn, {
      type: "subscribed",
      ...(count > 0 ? { embedding_filters: count } : {}),
      filters: echoFilters(f),
    });
    if (conn.sinceId !== null) {
      const since = conn.sinceId;
      conn.sinceId = null;
      await this.fillGap(conn, since);
    }
  }

  /** Sends logged events after `sinceId` that match, before live ones (contract §8.1 "Gap filling"). */
  private async fillGap(conn: Conn, sinceId: number): Promise<void> {
    const upTo = this.deps.bus.lastPublishedId;
    const missed = (await this.deps.store.events.after(sinceId, GAP_FILL_MAX + 1)).filter(
      (e) => e.id <= upTo,
    );
    if (missed.length > GAP_FILL_MAX) {
      return this.error(
        conn,
        "resume_gap_too_large",
        `more than ${GAP_FILL_MAX} events were missed; use backtest or REST`,
      );
    }
    for (const e of missed) if (conn.filters && matchesFilters(conn.filters, e)) this.send(conn, e.payload);
  }

  private broadcast(e: StoredEvent): void {
    if (!e.payload) return;
    for (const conn of this.conns)
      if (conn.filters && matchesFilters(conn.filters, e)) this.send(conn, e.payload);
  }

  private heartbeat(): void {
    const cutoff = Date.now() - this.idleTimeoutMs;
    for (const conn of this.conns) {
      if (conn.lastSeen < cutoff) {
        conn.ws.close(CLOSE.heartbeat, "heartbeat timeout");
        this.drop(conn);
      } else if (conn.ws.readyState === WebSocket.OPEN) conn.ws.ping();
    }
  }

  /** Closes every connection with 1001 (going away) and stops. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const conn of this.conns) conn.ws.close(CLOSE.goingAway, "server shutting down");
    this.conns.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
