import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";

import type { Logger } from "pino";
import { WebSocket, WebSocketServer, type RawData } from "ws";

import type { Store } from "../db/store";
import type { KeyVerifier, VerifiedKey } from "../keys/verify-key";
import { planAtLeast } from "../plans";
import { attachVectors } from "./attach-vectors";
import type { EventBus, LiveEvent } from "./bus";
import { embeddingMatch } from "./embedding-filters";
import { EventFrames, WireFrame } from "./event-frames";
import { LIVE_ONLY_TYPES, matchesFilters, type CompiledFilters } from "./filters";
import {
  authorizeUpgrade,
  capRefusal,
  CLOSE,
  reauthorize,
  redactedUrl,
  upgradeToken,
  type WsAuthResult,
} from "./ws-auth";
import { parseSubscribe } from "./ws-subscribe";

export { CLOSE } from "./ws-auth";

export interface GatewayDeps {
  store: Store;
  keys: KeyVerifier;
  bus: EventBus;
  log: Logger;
}

export interface GatewayOptions {
  pingIntervalMs?: number;
  idleTimeoutMs?: number;
  /** Outbound messages a connection may have waiting before it is closed as a slow consumer (1008). */
  maxQueued?: number;
  /**
   * How often each open connection's key and plan are read again from the database, so a revocation, an ended
   * rotation grace period or a plan change made by any process (the CLI, another server) closes it.
   */
  recheckIntervalMs?: number;
}

const MAX_MESSAGE_BYTES = 1024 * 1024;

/** A purged event (payload null) is never sent; the check reads the logged text, so it parses nothing. */
const hasPayload = (e: LiveEvent) =>
  e.payloadJson !== undefined ? e.payloadJson !== null : e.payload !== null;
const GAP_FILL_MAX = 1000;

interface Conn {
  ws: WebSocket;
  key: VerifiedKey;
  filters: CompiledFilters | null;
  /** The current subscription uses pro-only fields (§8.3), so a downgrade below pro ends it. */
  needsPro: boolean;
  lastSeen: number;
  /** Messages handed to the socket and not yet written out. */
  queued: number;
  written: () => void;
  subscribes: number[];
  sinceId: number | null;
  /** Live events held back while the gap fill of a resume is sent, so the client sees them in order. */
  pending: Array<{ event: LiveEvent; remote: boolean }> | null;
}

/**
 * The live feed on /ws (contract §8): authenticates the upgrade, enforces scope, plan and the account's
 * connection cap, applies each connection's subscribe filters to the event bus, answers pings, reaps silent
 * connections and closes consumers that fall more than `maxQueued` messages behind. Each event is serialised
 * once for all subscribers (EventFrames).
 */
export class WsGateway {
  private wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
  });
  private conns = new Set<Conn>();
  private perAccount = new Map<number, number>();
  private unsubscribe: () => void;
  private timer: NodeJS.Timeout;
  private recheckTimer: NodeJS.Timeout;
  private rechecking = false;
  private closing = false;
  private readonly maxQueued: number;
  private readonly idleTimeoutMs: number;

  constructor(
    private readonly deps: GatewayDeps,
    opts: GatewayOptions = {},
  ) {
    this.maxQueued = opts.maxQueued ?? 1000;
    this.idleTimeoutMs = opts.idleTimeoutMs ?? 90_000;
    this.unsubscribe = deps.bus.subscribe((e, remote) => this.broadcast(e, remote));
    this.timer = setInterval(() => this.heartbeat(), opts.pingIntervalMs ?? 30_000);
    this.timer.unref();
    this.recheckTimer = setInterval(() => void this.recheck(), opts.recheckIntervalMs ?? 1_000);
    this.recheckTimer.unref();
  }

  get size(): number {
    return this.conns.size;
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    this.wss.handleUpgrade(req, socket, head, (ws) => void this.accept(ws, req));
  }

  private async accept(ws: WebSocket, req: IncomingMessage): Promise<void> {
    this.deps.log.debug({ url: redactedUrl(req.url) }, "websocket upgrade");
    if (this.closing) return void ws.close(CLOSE.goingAway, "server shutting down");
    // Nothing is read until the handlers are attached, so a subscribe sent right after opening is not lost.
    ws.pause();
    const auth = await authorizeUpgrade(this.deps.keys, upgradeToken(req));
    // Failures are reported after accepting the upgrade, so browsers can read the reason (contract §8.1).
    if (!auth.ok) return this.refuse(ws, auth.close, auth.code, auth.message);
    const { key } = auth;
    // The cap is checked and the slot taken in one synchronous step, so concurrent upgrades cannot overshoot.
    const open = this.perAccount.get(key.account.id) ?? 0;
    const full = capRefusal(key, open);
    if (full && !full.ok) return this.refuse(ws, full.close, full.code, full.message);
    const since = new URL(req.url ?? "/ws", "http://localhost").searchParams.get("since_id");
    const conn: Conn = {
      ws,
      key,
      filters: null,
      needsPro: false,
      lastSeen: Date.now(),
      queued: 0,
      subscribes: [],
      sinceId: since && /^\d+$/.test(since) ? Number(since) : null,
      pending: null,
      written: () => void conn.queued--,
    };
    this.conns.add(conn);
    this.perAccount.set(key.account.id, open + 1);
    const seen = () => (conn.lastSeen = Date.now());
    ws.on("pong", seen);
    ws.on("ping", seen);
    ws.on("message", (data, isBinary) => {
      seen();
      void this.onMessage(conn, data, isBinary).catch((err: unknown) => {
        this.deps.log.error({ err }, "websocket message handling failed");
        this.error(conn, "internal_error", "the message could not be handled");
      });
    });
    ws.on("close", () => this.drop(conn));
    ws.on("error", (err) => this.deps.log.debug({ err: err.message }, "websocket error"));
    if (ws.readyState !== WebSocket.OPEN) this.drop(conn);
    ws.resume();
  }

  private refuse(ws: WebSocket, code: number, errorCode: string, message: string): void {
    ws.resume();
    ws.send(JSON.stringify({ type: "error", code: errorCode, error: message }));
    ws.close(code, errorCode);
  }

  private drop(conn: Conn): void {
    if (!this.conns.delete(conn)) return;
    const n = (this.perAccount.get(conn.key.account.id) ?? 1) - 1;
    if (n <= 0) this.perAccount.delete(conn.key.account.id);
    else this.perAccount.set(conn.key.account.id, n);
  }

  private send(conn: Conn, data: WireFrame | string): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    if (conn.queued >= this.maxQueued) return this.closeSlow(conn);
    conn.queued++;
    // A shared event frame goes straight to the socket: one write of bytes framed once for every subscriber.
    // This is safe because the server never compresses (perMessageDeflate: false), so ws itself never holds
    // frames back, and each write is a whole frame that cannot interleave with ws's own pings or close frame.
    if (data instanceof WireFrame)
      (conn.ws as unknown as { _socket: Socket })._socket.write(data.bytes, conn.written);
    else conn.ws.send(data, conn.written);
  }

  /** Contract §8.6: past the queue bound the connection is closed (1008) and forgotten; its queue is freed when
   *  the socket goes (at the latest when ws's close timeout destroys a socket whose peer never reads). */
  private closeSlow(conn: Conn): void {
    this.deps.log.info({ key_id: conn.key.id, queued: conn.queued }, "closing slow websocket consumer");
    conn.ws.close(CLOSE.policy, "slow consumer");
    conn.pending = null;
    this.drop(conn);
  }

  private error(conn: Conn, code: string, error: string): void {
    this.send(conn, JSON.stringify({ type: "error", code, error }));
  }

  private async onMessage(conn: Conn, data: RawData, isBinary: boolean): Promise<void> {
    let msg: unknown;
    try {
      msg = isBinary ? undefined : JSON.parse(data.toString());
    } catch {
      msg = undefined;
    }
    const type = typeof msg === "object" && msg !== null ? (msg as { type?: unknown }).type : undefined;
    if (type === "ping") return this.send(conn, JSON.stringify({ type: "pong", ts: Date.now() }));
    if (type !== "subscribe")
      return this.error(conn, "invalid_message", "expected a JSON message of type subscribe or ping");
    const now = Date.now();
    conn.subscribes = conn.subscribes.filter((t) => t > now - 60_000);
    if (conn.subscribes.length >= 10)
      return this.error(conn, "rate_limited", "at most 10 subscribe messages per minute");
    conn.subscribes.push(now);
    // The plan is the one the database holds now, not the one cached when the connection opened.
    const current = await this.reauthorized(conn);
    if (!current) return;
    const outcome = await parseSubscribe(
      this.deps.store,
      current.account.plan,
      (msg as { filters?: unknown }).filters,
    );
    if (!outcome.ok) return this.error(conn, outcome.code, outcome.error);
    conn.filters = outcome.filters;
    conn.needsPro = outcome.needsPro;
    this.send(conn, JSON.stringify(outcome.reply));
    if (conn.sinceId !== null) {
      const since = conn.sinceId;
      conn.sinceId = null;
      await this.fillGap(conn, since);
    }
  }

  /**
   * Sends the logged events after `sinceId` that match, then the live ones that arrived meanwhile
   * (contract §8.1 "Gap filling").
   */
  private async fillGap(conn: Conn, sinceId: number): Promise<void> {
    conn.pending = [];
    try {
      const upTo = this.deps.bus.lastPublishedId;
      const missed: LiveEvent[] = (await this.deps.store.events.after(sinceId, GAP_FILL_MAX + 1)).filter(
        (e) => e.id <= upTo && !LIVE_ONLY_TYPES.has(e.type),
      );
      if (missed.length > GAP_FILL_MAX) {
        this.error(
          conn,
          "resume_gap_too_large",
          `more than ${GAP_FILL_MAX} events were missed; use backtest or REST`,
        );
      } else {
        await attachVectors(this.deps.store.events, missed);
        for (const e of missed) this.deliver(conn, new EventFrames(e));
      }
      const held = conn.pending ?? [];
      conn.pending = null;
      for (const { event, remote } of held)
        if (remote || event.id > upTo) this.deliver(conn, new EventFrames(event));
    } finally {
      conn.pending = null;
    }
  }

  private deliver(conn: Conn, frames: EventFrames): void {
    const f = conn.filters;
    const e = frames.event;
    if (!f || !hasPayload(e) || !matchesFilters(f, e)) return;
    const match = embeddingMatch(f.embeddingFilters, e, e.vector?.vector);
    if (match === null) return;
    this.send(conn, frames.frame(f.includeEmbeddings, match));
  }

  private broadcast(e: LiveEvent, remote: boolean): void {
    if (!hasPayload(e)) return;
    const frames = new EventFrames(e);
    for (const conn of this.conns) {
      if (conn.pending) {
        conn.pending.push({ event: e, remote });
        if (conn.pending.length > this.maxQueued) this.closeSlow(conn);
      } else this.deliver(conn, frames);
    }
  }

  /**
   * Reads the connection's key again (bypassing the key cache) and closes the connection when it no longer
   * passes: revoked, expired or rotated out → 4001; free plan or scope removed → 4003; a pro-only subscription
   * on a plan below pro → 4003. Returns the current key when the connection stays.
   */
  private async reauthorized(conn: Conn): Promise<VerifiedKey | null> {
    return this.judge(conn, await this.deps.keys.refresh(conn.key.keyHash));
  }

  private judge(conn: Conn, fresh: VerifiedKey | null): VerifiedKey | null {
    let verdict: WsAuthResult = reauthorize(fresh);
    if (verdict.ok && conn.needsPro && !planAtLeast(verdict.key.account.plan, "pro")) {
      verdict = {
        ok: false,
        close: CLOSE.forbidden,
        code: "tier_required",
        message: "the subscription uses pro-only fields and the account is no longer on the pro plan",
      };
    }
    if (!this.conns.has(conn)) return null;
    if (!verdict.ok) {
      this.deps.log.info(
        { key_id: conn.key.id, code: verdict.code },
        "closing websocket: key no longer allowed",
      );
      this.refuse(conn.ws, verdict.close, verdict.code, verdict.message);
      conn.pending = null;
      this.drop(conn);
      return null;
    }
    conn.key = verdict.key;
    return verdict.key;
  }

  /** One pass of `reauthorized` over every open connection, one database read per distinct key. */
  private async recheck(): Promise<void> {
    if (this.rechecking || this.closing) return;
    this.rechecking = true;
    try {
      const byKey = new Map<string, Conn[]>();
      for (const conn of this.conns) {
        const list = byKey.get(conn.key.keyHash);
        if (list) list.push(conn);
        else byKey.set(conn.key.keyHash, [conn]);
      }
      for (const [hash, conns] of byKey) {
        const fresh = await this.deps.keys.refresh(hash);
        for (const conn of conns) this.judge(conn, fresh);
      }
    } catch (err) {
      this.deps.log.error({ err }, "websocket key re-check failed");
    } finally {
      this.rechecking = false;
    }
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

  /** Refuses new connections from now on (1001), as the first step of a shutdown. */
  stopAccepting(): void {
    this.closing = true;
  }

  /** Closes every connection with 1001 (going away) and stops. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    clearInterval(this.recheckTimer);
    this.unsubscribe();
    for (const conn of this.conns) conn.ws.close(CLOSE.goingAway, "server shutting down");
    this.conns.clear();
    this.perAccount.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
