import WebSocket from "ws";

// A WebSocket client for tests of the live feed; it depends on nothing but ws, so e2e specs can use it too.

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
