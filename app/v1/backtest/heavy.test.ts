import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { v1Dispatcher } from "@/lib/api/node-dispatch";
import { backtestJson, BacktestQuery, runBacktest } from "@/lib/events/backtest";
import { HEAVY_BACKTESTS_PER_ACCOUNT } from "@/lib/events/backtest-reply";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { queryObject } from "@/lib/validation/query";

import { GET } from "./route";

// Pages of several MB: 3,000 events of about 600 bytes, logged in the last hour.
const EVENTS = 3000;
let t: ReturnType<typeof testApiDeps>;
let now: number;
beforeEach(() => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  now = Date.now();
  const insert = t.store.db.prepare(
    "INSERT INTO events (ts, type, cluster_id, article_id, payload) VALUES (?, 'item.new', 0, NULL, ?)",
  );
  const excerpt = "Harbour workers extended the strike for another week, port officials said. ".repeat(6);
  t.store.db.transaction(() => {
    for (let i = 0; i < EVENTS; i++) {
      const ts = now - 3_600_000 + i;
      const data = { id: i, title: `Port strike day ${i} — «quai» closed`, category: "world", excerpt };
      insert.run(ts, JSON.stringify({ type: "item.new", id: i + 1, ts, data }));
    }
  })();
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

const window = () => `from=${now - 2 * 3_600_000}&to=${now}`;
const heavy = () => `/v1/backtest?${window()}&limit=5000`;

/** The page as one buffer, built without streaming, for comparison. */
async function unstreamed(path: string): Promise<Buffer> {
  const query = BacktestQuery.parse(queryObject(new URL(`http://lede.test${path}`)));
  return backtestJson(await runBacktest(t.store, query, Date.now()));
}

describe("large backtest pages", () => {
  it("are streamed in chunks over node:http, with the same bytes as the whole body, in every encoding", async () => {
    const key = await t.key("pro");
    const reply = await GET.reply(get(heavy(), key) as unknown as Parameters<typeof GET.reply>[0]);
    expect(reply.status).toBe(200);
    expect(reply.stream).toBeDefined();
    expect(reply.body.length).toBe(0);
    reply.stream?.close();

    const errors: unknown[] = [];
    const v1 = v1Dispatcher((err) => errors.push(err));
    const server = http.createServer((req, res) => void (v1(req, res) || res.writeHead(404).end()));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    try {
      const whole = await unstreamed(heavy());
      expect(whole.length).toBeGreaterThan(1024 * 1024);
      for (const encoding of ["identity", "gzip", "br"] as const) {
        const res = await rawGet(port, heavy(), {
          Authorization: `Bearer ${key}`,
          "Accept-Encoding": encoding,
        });
        expect(res.status).toBe(200);
        const decoded =
          encoding === "br"
            ? zlib.brotliDecompressSync(res.body)
            : encoding === "gzip"
              ? zlib.gunzipSync(res.body)
              : res.body;
        expect(res.headers["content-encoding"]).toBe(encoding === "identity" ? undefined : encoding);
        expect(decoded.equals(whole)).toBe(true);
        expect((JSON.parse(decoded.toString()) as { events: unknown[] }).events).toHaveLength(EVENTS);
      }
      expect(errors).toEqual([]);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("let the event loop serve other work while a page is built", async () => {
    const key = await t.key("pro");
    let ticks = 0;
    let building = true;
    const tick = () => {
      ticks++;
      if (building) setImmediate(tick);
    };
    setImmediate(tick);
    const res = await GET(get(heavy(), key));
    building = false;
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    // The page takes tens of ms to build; it yields at least every few ms, so the loop turned while it was built.
    expect(ticks).toBeGreaterThan(2);
  });

  it(`are served ${HEAVY_BACKTESTS_PER_ACCOUNT} at a time per account: one more gets 429 rate_limited with Retry-After`, async () => {
    const key = await t.key("pro");
    // A streamed page holds its slot until its body has been read.
    const first = await GET(get(heavy(), key));
    const second = await GET(get(heavy(), key));
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await GET(get(heavy(), key));
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBe("1");
    const body = (await third.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("rate_limited");
    expect(body.error.message).toMatch(/at most 2 large backtest pages/);
    // A refused page costs no credits.
    expect(third.headers.get("x-credits-cost")).toBe("0");
    // Small pages and other accounts are not held back.
    expect((await GET(get(`/v1/backtest?${window()}&limit=100`, key))).status).toBe(200);
    const other = await GET(get(heavy(), await t.key("pro")));
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    // Once a body has been read, its slot is free again.
    expect(Buffer.from(await first.arrayBuffer()).equals(await unstreamed(heavy()))).toBe(true);
    const fourth = await GET(get(heavy(), key));
    expect(fourth.status).toBe(200);
    await Promise.all([second.arrayBuffer(), fourth.arrayBuffer()]);
  });
});

/** A raw node:http GET, so the bytes on the wire are seen as sent (fetch would decode them). */
function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .request({ host: "127.0.0.1", port, path, headers }, (res) => {
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
