import { negotiateEncoding, type PreparedJson } from "../serving/prepared-json";

export { PreparedJson } from "../serving/prepared-json";

/** A 2xx JSON response of `body`, compressed as the request accepts. `Vary` tells caches the body depends on it. */
export function jsonResponse(
  body: PreparedJson,
  acceptEncoding: string | null,
  init?: ResponseInit,
): Response {
  const { bytes, encoding } = body.body(negotiateEncoding(acceptEncoding));
  const headers = new Headers(init?.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Vary", "Accept-Encoding");
  if (encoding !== "identity") headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(bytes.length));
  return new Response(bytes as unknown as BodyInit, { ...init, headers });
}
