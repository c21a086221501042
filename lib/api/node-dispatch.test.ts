import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { runPipeline } from "../ingestion/pipeline";
import { testApiDeps } from "../testing/api-deps";
import { sendChunked } from "../testing/chunked-upload";
import { testSource } from "../testing/temp-store";
import { setApiDepsForTesting } from "./deps";
import { v1Dispatcher } from "./node-dispatch";

let t: ReturnType<typeof testApiDeps>;
let server: http.Server;
let base: string;
let key: string;
const errors: unknown[] = [];

beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key("pro");
  const source = await testSource(t.store);
  for (let i = 0; i < 60; i++) {
    await runPipeline({ store: t.store }, [
      {
        raw: {
          url: `https://wire.test/${i}`,
          title: `Harbour strike day ${i} closes the port of Lisbon again`,
        },
        source,
        discoveredAt: Date.now() - i * 60_000,
      },
    ]);
  }
  const v1 = v1Dispatcher((err) => errors.push(err));
  // Whatever the dispatcher leaves is answered here, as Next would answer it in server.ts.
  server = http.createServer((req, res) => {
    if (!v1(req, res)) res.writeHead(299, { "X-Fallback": "next" }).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await new Promise((r) => server.close(r));
  setApiDepsForTesting(undefined);
  await t.cleanup();
  expect(errors).toEqual([]);
});

const auth = () => ({ Authorization: `Bearer ${key}` });

/** A raw node:http GET, so the bytes and headers on the wire are seen as sent (fetch would decode them). */
function raw(path: string, headers: Record<string, string>, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .request(`${base}${path}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on("error", reject)
        .end();
    },
  );
}

describe("/v1 on node:http", () => {
  it("serves an operation through its route module, with the contract's headers", async () => {
    const res = await fetch(`${base}/v1/items?limit=3`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.headers.get("x-ratelimit-limit")).not.toBeNull();
    expect(res.headers.get("x-credits-cost")).toBe("1");
    expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(3);
  });

  it("fills path parameters, and answers the route's own errors", async () => {
    const items = (await (await fetch(`${base}/v1/items?limit=1`, { headers: auth() })).json()) as {
      items: Array<{ url_hash: string }>;
    };
    const hash = items.items[0]!.url_hash;
    const item = await fetch(`${base}/v1/item?url_hash=${hash}`, { headers: auth() });
    expect(item.status).toBe(200);
    const missing = await fetch(`${base}/v1/stories/999999`, { headers: auth() });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe("not_found");
    const noKey = await fetch(`${base}/v1/items`);
    expect(noKey.status).toBe(401);
  });

  it("compresses large bodies as the client asks", async () => {
    const br = await raw("/v1/items?limit=50", { ...auth(), "Accept-Encoding": "gzip, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    const items = JSON.parse(zlib.brotliDecompressSync(br.body).toString()) as { items: unknown[] };
    expect(items.items).toHaveLength(50);
    const plain = await raw("/v1/items?limit=50", auth());
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(items);
  });

  it("reads POST bodies, and answers methods a route does not serve with its 405", async () => {
    const vector = new Array<number>(1536).fill(0);
    vector[0] = 1;
    const post = await fetch(`${base}/v1/search/vector`, {
      method: "POST",
      headers: { ...auth(), "Content-Type": "application/json" },
      body: JSON.stringify({ embedding: vector, limit: 3 }),
    });
    expect(post.status).toBe(200);
    expect(await post.json()).toMatchObject({ ok: true });
    const wrong = await fetch(`${base}/v1/items`, { method: "POST", headers: auth(), body: "{}" });
    expect(wrong.status).toBe(405);
    const preflight = await fetch(`${base}/v1/items`, { method: "OPTIONS" });
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("refuses a chunked body past 1 MiB as it streams, and reads no body for a key the route refuses", async () => {
    const free = await t.key("free");
    // 64 MiB in 1 MiB chunks with no Content-Length; the answer comes before the upload ends.
    const send = (k: string) =>
      sendChunked(`${base}/v1/search/vector`, {
        headers: { Authorization: `Bearer ${k}`, "Content-Type": "application/json" },
        first: "{",
        chunks: 64,
      });
    const before = process.memoryUsage().rss;
    const big = await send(key);
    expect(big.status).toBe(413);
    expect(big.sent).toBeLessThan(64);
    const refused = await send(free);
    expect(refused.status).toBe(403);
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });

  it("leaves other paths, unknown /v1 paths and HEAD to the next handler", async () => {
    for (const [path, method] of [
      ["/stories", "GET"],
      ["/v1/nothing-here", "GET"],
      ["/v1/items/extra", "GET"],
      ["/v1/items", "HEAD"],
    ] as const) {
      const res = await raw(path, auth(), method);
      expect([path, res.status, res.headers["x-fallback"]]).toEqual([path, 299, "next"]);
    }
  });

  it("answers a path whose percent-escapes do not decode with 400, on /v1 with the contract's error body", async () => {
    for (const path of [
      "/v1/stories/%ff",
      "/v1/entities/%c0",
      "/v1/version%ff",
      "/v1/stories/%E0%A4%A",
      "/v1/items%",
    ]) {
      const res = await raw(path, auth());
      expect([path, res.status, res.headers["access-control-allow-origin"]]).toEqual([path, 400, "*"]);
      const body = JSON.parse(res.body.toString()) as { error: { code: string; request_id: string } };
      expect(body.error.code).toBe("invalid_parameter");
      expect(body.error.request_id).toBe(res.headers["x-request-id"]);
    }
    for (const path of ["/stories/%ff", "/api/internal/keys/%ff/revoke", "/entities/%c0?x=1"]) {
      const res = await raw(path, {}, path.includes("revoke") ? "POST" : "GET");
      expect([path, res.status, res.headers["x-fallback"]]).toEqual([path, 400, undefined]);
    }
  });
});
