"use client";

export interface TryResult {
  status: number;
  ms: number;
  headers: Array<[string, string]>;
  body: string;
  truncated: boolean;
}

const SHOWN_HEADERS = /^(x-ratelimit-|x-credits-|x-request-id|retry-after|deprecation|content-type)/i;
const MAX_BODY = 40_000;

/** Sends the request from the browser (same origin), as a client would, and keeps what is worth showing. */
export async function tryRequest(opts: {
  method: "GET" | "POST";
  path: string;
  key: string | null;
  body: string | null;
}): Promise<TryResult> {
  const headers: Record<string, string> = {};
  if (opts.key) headers.Authorization = `Bearer ${opts.key}`;
  if (opts.method === "POST") headers["Content-Type"] = "application/json";
  const t0 = performance.now();
  const res = await fetch(opts.path, {
    method: opts.method,
    headers,
    body: opts.method === "POST" ? (opts.body ?? "{}") : undefined,
    credentials: "omit",
    cache: "no-store",
  });
  const text = await res.text();
  const ms = Math.round(performance.now() - t0);
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // not JSON: shown as it came
  }
  return {
    status: res.status,
    ms,
    headers: [...res.headers.entries()].filter(([k]) => SHOWN_HEADERS.test(k)),
    body: body.length > MAX_BODY ? `${body.slice(0, MAX_BODY)}\n…` : body,
    truncated: body.length > MAX_BODY,
  };
}
