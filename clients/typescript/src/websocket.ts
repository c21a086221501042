import { isNode } from "./env.js";

/** What the realtime client needs of a WebSocket: the browser API, which the `ws` package implements too. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number; reason: string }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  /** `ws` only: a ping frame (browsers cannot send one; the client sends a `ping` message instead). */
  ping?: () => void;
  /** `ws` only. */
  on?: (event: "pong", listener: () => void) => void;
  /** `ws` only: drops the connection at once. */
  terminate?: () => void;
}

export type WebSocketConstructor = new (url: string, protocolsOrOptions?: unknown) => SocketLike;

export const OPEN = 1;

/**
 * The WebSocket implementation: the one given, else `ws` in Node (ping frames, headers), else the global one
 * (browsers). `ws` is loaded lazily and mapped away in browser bundles (package.json `browser` field).
 */
export async function resolveWebSocket(given?: WebSocketConstructor): Promise<WebSocketConstructor> {
  if (given) return given;
  if (isNode()) {
    const mod = (await import("ws")) as unknown as {
      WebSocket?: WebSocketConstructor;
      default?: WebSocketConstructor;
    };
    const ctor = mod.WebSocket ?? mod.default;
    if (ctor) return ctor;
  }
  const global = (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (typeof global === "function") return global;
  throw new Error("no WebSocket implementation found: pass options.WebSocket");
}
