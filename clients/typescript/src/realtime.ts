import { resolveApiKey, resolveBaseUrl } from "./env.js";
import { RealtimeError } from "./errors.js";
import type {
  EventMap,
  EventMessage,
  EventType,
  FeedErrorMessage,
  SubscribedMessage,
  SubscribeFilters,
} from "./types.js";
import { OPEN, resolveWebSocket, type SocketLike, type WebSocketConstructor } from "./websocket.js";

export interface RealtimeOptions {
  /** Default: LEDE_API_KEY. */
  apiKey?: string;
  /** The API origin (http/https; the feed is at {origin}/ws). Default: LEDE_API_URL, else http://localhost:3000. */
  baseUrl?: string;
  /** Sent as the subscription on every (re)connect. */
  filters?: SubscribeFilters;
  /** Resume after this event id on the first connection (later ones resume after the last event seen). */
  sinceId?: number;
  /** Reconnect after a drop (default true). */
  reconnect?: boolean;
  /** Give up after this many failed attempts in a row (default: never). */
  maxReconnectAttempts?: number;
  /** Backoff: base × 2^attempt, at most max, plus 0–25 % jitter (defaults 1 s and 30 s; ≥ 30 s after 4029). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Heartbeat interval (default 30 s): a ping frame (Node) or a `ping` message (browsers). */
  pingIntervalMs?: number;
  /** `query` (?token=, works everywhere) or `header` (Authorization: Bearer; Node's `ws` only). */
  auth?: "query" | "header";
  /** A WebSocket implementation to use instead of `ws` (Node) or the global one (browsers). */
  WebSocket?: WebSocketConstructor;
}

export interface CloseInfo {
  code: number;
  reason: string;
}

interface ControlEvents {
  subscribed: SubscribedMessage;
  error: FeedErrorMessage;
  open: { url: string };
  close: CloseInfo;
  reconnect: { attempt: number; sinceId: number | null };
  "*": EventMessage;
}
type Listener<T> = (message: T) => void;
type AllEvents = EventMap & ControlEvents;

/** Close codes after which reconnecting cannot help (contract §8.6). */
const FATAL_CLOSES: Record<number, string> = {
  4001: "authentication failed",
  4003: "forbidden",
  1009: "message too large",
};
/** Answers to a subscribe that mean it was not applied. */
const SUBSCRIBE_ERRORS = new Set(["invalid_filter", "tier_required", "invalid_message", "rate_limited"]);
const CONTROL_TYPES = new Set(["subscribed", "error", "pong"]);

/** `{ws_url}/ws` for an http(s) origin (contract §2). */
export function feedUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  url.protocol = url.protocol === "https:" ? "wss:" : url.protocol === "http:" ? "ws:" : url.protocol;
  url.pathname = `${url.pathname.replace(/\/+$/, "")}/ws`;
  url.search = "";
  return url.toString();
}

interface Consumer {
  queue: EventMessage[];
  waiting: Array<{ resolve: (r: IteratorResult<EventMessage>) => void; reject: (e: unknown) => void }>;
}

/**
 * A connection to the live feed that survives disconnects: typed filters, typed handlers (`on`) or an async
 * iterator (`for await (const e of feed)`), reconnect with backoff, re-subscribe, and resume from the last event id
 * (`since_id`), so missed events (up to 1,000) arrive first and none twice.
 */
export class LedeRealtime implements AsyncIterable<EventMessage> {
  /** The id of the last event received; a reconnect resumes after it. */
  lastEventId: number | null;
  /** How many times the connection was re-established. */
  reconnects = 0;
  /** The server's last `subscribed` answer. */
  subscription: SubscribedMessage | null = null;
  filters: SubscribeFilters | undefined;

  private readonly apiKey: string | undefined;
  private readonly baseUrl: string;
  private socket: SocketLike | null = null;
  private listeners = new Map<string, Set<Listener<never>>>();
  private consumers = new Set<Consumer>();
  private closing = false;
  private started = false;
  private failure: unknown = null;
  private attempt = 0;
  private lastClose: number | null = null;
  private lastError: FeedErrorMessage | null = null;
  private confirmed = false;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pendingTimer: ReturnType<typeof setTimeout> | null = null;
  private lastActivity = 0;
  private waitingSubscribe: Array<{ resolve: (m: SubscribedMessage) => void; reject: (e: unknown) => void }> =
    [];

  constructor(private readonly options: RealtimeOptions = {}) {
    this.apiKey = resolveApiKey(options.apiKey);
    this.baseUrl = resolveBaseUrl(options.baseUrl);
    this.filters = options.filters;
    this.lastEventId = options.sinceId ?? null;
  }

  /** Calls `listener` for an event type, `"*"` (every event), or `subscribed`, `error`, `open`, `close`,
   * `reconnect`. Registering an `error` listener stops subscribe errors from failing the iterators. Returns a
   * function that removes the listener. */
  on<K extends keyof AllEvents>(type: K, listener: Listener<AllEvents[K]>): () => void {
    let set = this.listeners.get(type);
    if (!set) this.listeners.set(type, (set = new Set()));
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  /** Connects (once) and resolves with the first `subscribed` answer. */
  connect(): Promise<SubscribedMessage> {
    const confirmed = this.nextSubscribed();
    this.start();
    return confirmed;
  }

  /** Replaces the subscription (kept for reconnects); resolves with the server's `subscribed` answer. */
  subscribe(filters?: SubscribeFilters): Promise<SubscribedMessage> {
    this.filters = filters;
    const confirmed = this.nextSubscribed();
    if (this.socket?.readyState === OPEN) this.sendSubscribe(this.socket);
    else this.start();
    return confirmed;
  }

  /** Closes the connection (1000) and ends every iterator. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= OPEN) socket.close(1000, "client closing");
    this.finish();
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Events as an async iterator; connects on first use. Breaking out of the loop does not close the feed. */
  events(): AsyncIterableIterator<EventMessage> {
    const consumer: Consumer = { queue: [], waiting: [] };
    this.consumers.add(consumer);
    this.start();
    const done = (): IteratorResult<EventMessage> => ({ done: true, value: undefined });
    return {
      next: () => {
        const queued = consumer.queue.shift();
        if (queued) return Promise.resolve({ done: false, value: queued });
        if (this.failure) return Promise.reject(this.failure);
        if (this.closing) return Promise.resolve(done());
        return new Promise((resolve, reject) => consumer.waiting.push({ resolve, reject }));
      },
      return: () => {
        this.consumers.delete(consumer);
        for (const w of consumer.waiting) w.resolve(done());
        consumer.waiting = [];
        return Promise.resolve(done());
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  [Symbol.asyncIterator](): AsyncIterator<EventMessage> {
    return this.events();
  }

  // Connection

  private start(): void {
    if (this.started || this.closing) return;
    this.started = true;
    void this.open();
  }

  private url(): string {
    const url = new URL(feedUrl(this.baseUrl));
    if (this.apiKey && this.options.auth !== "header") url.searchParams.set("token", this.apiKey);
    if (this.lastEventId !== null) url.searchParams.set("since_id", String(this.lastEventId));
    return url.toString();
  }

  private async open(): Promise<void> {
    let Ctor: WebSocketConstructor;
    try {
      Ctor = await resolveWebSocket(this.options.WebSocket);
    } catch (err) {
      return this.fail(err);
    }
    if (this.closing) return;
    this.attempt++;
    const headerAuth = this.options.auth === "header" && this.apiKey;
    let socket: SocketLike;
    try {
      socket = headerAuth
        ? new Ctor(this.url(), { headers: { Authorization: `Bearer ${this.apiKey}` } })
        : new Ctor(this.url());
    } catch (err) {
      return this.fail(err);
    }
    this.socket = socket;
    this.confirmed = false;
    this.lastError = null;
    const reconnecting = this.lastClose !== null;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastActivity = Date.now();
      this.sendSubscribe(socket);
      this.startHeartbeat(socket);
      this.emit("open", { url: feedUrl(this.baseUrl) });
      if (reconnecting) {
        this.reconnects++;
        this.emit("reconnect", { attempt: this.attempt, sinceId: this.lastEventId });
      }
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.lastActivity = Date.now();
      if (typeof ev.data === "string") this.handle(JSON.parse(ev.data) as Record<string, unknown>);
    };
    socket.on?.("pong", () => (this.lastActivity = Date.now()));
    socket.onerror = () => undefined; // a close event follows, with its code
    socket.onclose = (ev) => {
      if (this.socket === socket) this.closed(ev.code, ev.reason);
    };
  }

  private sendSubscribe(socket: SocketLike): void {
    const message =
      this.filters === undefined ? { type: "subscribe" } : { type: "subscribe", filters: this.filters };
    socket.send(JSON.stringify(message));
  }

  private startHeartbeat(socket: SocketLike): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    const interval = this.options.pingIntervalMs ?? 30_000;
    this.heartbeat = setInterval(() => {
      if (this.socket !== socket || socket.readyState !== OPEN) return;
      if (Date.now() - this.lastActivity > 3 * interval) {
        // Nothing from the server, not even its pings: the connection is dead.
        if (socket.terminate) socket.terminate();
        else socket.close(4000, "heartbeat timeout");
        this.closed(1006, "no frame from the server");
        return;
      }
      if (socket.ping) socket.ping();
      else socket.send(JSON.stringify({ type: "ping" }));
    }, interval);
    (this.heartbeat as { unref?: () => void }).unref?.();
  }

  private closed(code: number, reason: string): void {
    this.socket = null;
    this.lastClose = code;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.pendingTimer) clearTimeout(this.pendingTimer);
    this.emit("close", { code, reason });
    if (this.closing) return;
    if (code === 1000) return this.finishClosed();
    if (code in FATAL_CLOSES || this.options.reconnect === false) {
      const error = this.lastError;
      return this.fail(
        new RealtimeError(
          error?.code ?? "closed",
          error?.error ?? FATAL_CLOSES[code] ?? `closed with ${code}`,
          code,
        ),
      );
    }
    const max = this.options.maxReconnectAttempts;
    if (max !== undefined && this.attempt > max)
      return this.fail(
        new RealtimeError("reconnect_failed", `gave up after ${max} reconnect attempts`, code),
      );
    this.retryTimer = setTimeout(() => void this.open(), this.backoff(code));
  }

  private backoff(code: number): number {
    const base = this.options.backoffBaseMs ?? 1000;
    let delay = Math.min(this.options.backoffMaxMs ?? 30_000, base * 2 ** Math.max(this.attempt - 1, 0));
    if (code === 4029) delay = Math.max(delay, 30_000);
    return delay + Math.random() * delay * 0.25;
  }

  // Messages

  private handle(message: Record<string, unknown>): void {
    const type = String(message.type);
    if (type === "subscribed") {
      const m = message as unknown as SubscribedMessage;
      this.subscription = m;
      this.confirmed = true;
      this.attempt = 0;
      this.lastClose = null;
      if (this.pendingTimer) clearTimeout(this.pendingTimer);
      for (const w of this.waitingSubscribe.splice(0)) w.resolve(m);
      return this.emit("subscribed", m);
    }
    if (type === "error") return this.handleError(message as unknown as FeedErrorMessage);
    if (CONTROL_TYPES.has(type)) return;
    const id = message.id;
    if (typeof id === "number") {
      // A resume may overlap what was already seen: never deliver an event twice.
      if (this.lastEventId !== null && id <= this.lastEventId) return;
      this.lastEventId = id;
    }
    const event = message as unknown as EventMessage;
    this.emit(type as EventType, event as never);
    this.emit("*", event);
    for (const c of this.consumers) {
      const w = c.waiting.shift();
      if (w) w.resolve({ done: false, value: event });
      else c.queue.push(event);
    }
  }

  private handleError(message: FeedErrorMessage): void {
    this.lastError = message;
    this.emit("error", message);
    if (!SUBSCRIBE_ERRORS.has(message.code)) return;
    const error = new RealtimeError(message.code, message.error);
    const waiting = this.waitingSubscribe.splice(0);
    for (const w of waiting) w.reject(error);
    if (waiting.length || this.listeners.get("error")?.size) return;
    if (this.confirmed) return this.fail(error);
    // Before any `subscribed`, this may be the refusal of the connection itself, which a close code follows at
    // once; it fails the iterators only if no close comes.
    this.pendingTimer = setTimeout(() => this.fail(error), 1000);
  }

  private nextSubscribed(): Promise<SubscribedMessage> {
    return new Promise((resolve, reject) => this.waitingSubscribe.push({ resolve, reject }));
  }

  private emit<K extends keyof AllEvents>(type: K, message: AllEvents[K]): void {
    for (const l of this.listeners.get(type) ?? []) (l as Listener<AllEvents[K]>)(message);
  }

  // Ending

  private fail(error: unknown): void {
    if (this.failure) return;
    this.failure = error;
    this.closing = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= OPEN) socket.close(1000, "client giving up");
    for (const w of this.waitingSubscribe.splice(0)) w.reject(error);
    for (const c of this.consumers) for (const w of c.waiting.splice(0)) w.reject(error);
  }

  private finishClosed(): void {
    this.closing = true;
    this.clearTimers();
    this.finish();
  }

  private finish(): void {
    const error = new RealtimeError("closed", "the feed was closed");
    for (const w of this.waitingSubscribe.splice(0)) w.reject(error);
    for (const c of this.consumers)
      for (const w of c.waiting.splice(0)) w.resolve({ done: true, value: undefined });
  }

  private clearTimers(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pendingTimer) clearTimeout(this.pendingTimer);
    this.heartbeat = this.retryTimer = this.pendingTimer = null;
  }
}
