// Reads LEDE_API_URL / LEDE_API_KEY where a process environment exists (Node, Deno, Bun); browsers have none.
// No Node import: `process` is looked up on globalThis.

export const DEFAULT_BASE_URL = "http://localhost:3000";

export function envVar(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  const value = proc?.env?.[name];
  return value === "" ? undefined : value;
}

export function resolveBaseUrl(explicit: string | undefined): string {
  return (explicit ?? envVar("LEDE_API_URL") ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
}

export function resolveApiKey(explicit: string | undefined): string | undefined {
  return explicit ?? envVar("LEDE_API_KEY");
}

/** True in Node (where the `ws` package provides WebSocket client features browsers lack). */
export function isNode(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof proc?.versions?.node === "string";
}
