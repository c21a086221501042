import { encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { internal, params, testSessionDeps } from "../session-testing";
import { POST as revoke } from "./[id]/revoke/route";
import { POST as rotate } from "./[id]/rotate/route";
import { GET, POST } from "./route";

let t: ReturnType<typeof testSessionDeps>;
beforeEach(() => {
  t = testSessionDeps();
});
afterEach(() => t.cleanup());

interface KeyJson {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: string;
  expiresAt: number | null;
}
const json = async <T = Record<string, unknown>>(res: Response) => (await res.json()) as T;

describe("withSession on /api/internal/keys", () => {
  it("answers 401 with the contract's error body without a session, or with a forged or foreign-secret one", async () => {
    const forged = await encode({ token: { uid: 1 }, secret: "another-secret".padEnd(64, "y") });
    for (const cookie of [
      undefined,
      "next-auth.session-token=garbage",
      `next-auth.session-token=${forged}`,
    ]) {
      const res = await GET(internal("/api/internal/keys", { cookie }));
      expect(res.status).toBe(401);
      const body = await json<{ error: Record<string, unknown> }>(res);
      expect(body.error).toMatchObject({ code: "unauthorized", status: 401 });
      expect(body.error.request_id).toBe(res.headers.get("X-Request-Id"));
    }
  });

  it("refuses writes from another site", async () => {
    const { cookie } = await t.signIn();
    const res = await POST(
      internal("/api/internal/keys", {
        cookie,
        body: { name: "x" },
        headers: { origin: "https://evil.test" },
      }),
    );
    expect(res.status).toBe(403);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe("cross_site_request");
    const fetchSite = await POST(
      internal("/api/internal/keys", {
        cookie,
        body: { name: "x" },
        headers: { "sec-fetch-site": "cross-site" },
      }),
    );
    expect(fetchSite.status).toBe(403);
    expect(
      (await json<{ keys: unknown[] }>(await GET(internal("/api/internal/keys", { cookie })))).keys,
    ).toEqual([]);
  });

  it("creates a key shown once, then lists it by name, prefix and scopes; never caches", async () => {
    const { cookie } = await t.signIn();
    const res = await POST(
      internal("/api/internal/keys", { cookie, body: { name: "ci", scopes: ["read"] } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const created = await json<{ secret: string; key: KeyJson }>(res);
    expect(created.secret).toMatch(/^lede_live_[0-9a-f]{64}$/);
    const list = await json<{ keys: KeyJson[] }>(await GET(internal("/api/internal/keys", { cookie })));
    expect(list.keys).toHaveLength(1);
    expect(list.keys[0]).toMatchObject({
      name: "ci",
      prefix: created.key.prefix,
      scopes: ["read"],
      status: "active",
    });
    expect(JSON.stringify(list)).not.toContain(created.secret);
  });

  it("answers 400 with the contract's codes for a bad body", async () => {
    const { cookie } = await t.signIn();
    const noName = await POST(internal("/api/internal/keys", { cookie, body: {} }));
    expect(noName.status).toBe(400);
    expect((await json<{ error: { code: string; details: unknown } }>(noName)).error).toMatchObject({
      code: "missing_parameter",
      details: { param: "name" },
    });
    const ws = await POST(
      internal("/api/internal/keys", { cookie, body: { name: "ws", scopes: ["ws:connect"] } }),
    );
    expect(ws.status).toBe(400);
    expect(await ws.text()).toContain("paid plan");
    const notJson = await POST(
      new Request("http://lede.test/api/internal/keys", {
        method: "POST",
        headers: { cookie },
        body: "{oops",
      }),
    );
    expect((await json<{ error: { code: string } }>(notJson)).error.code).toBe("invalid_body");
  });

  it("revokes and rotates only the signed-in account's keys; the API refuses a revoked key at once", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const mine = await json<{ secret: string; key: KeyJson }>(
      await POST(internal("/api/internal/keys", { cookie: me.cookie, body: { name: "mine" } })),
    );
    expect(await t.deps.keys.verify(mine.secret)).not.toBeNull();
    const foreign = await revoke(
      internal(`/api/internal/keys/${mine.key.id}/revoke`, { cookie: other.cookie, body: {} }),
      params({ id: mine.key.id }),
    );
    expect(foreign.status).toBe(404);
    const res = await revoke(
      internal(`/api/internal/keys/${mine.key.id}/revoke`, { cookie: me.cookie, body: {} }),
      params({ id: mine.key.id }),
    );
    expect((await json<{ key: KeyJson }>(res)).key.status).toBe("revoked");
    expect(await t.deps.keys.verify(mine.secret)).toBeNull();
  });

  it("rotates with a grace period and validates it", async () => {
    const { cookie } = await t.signIn();
    const first = await json<{ secret: string; key: KeyJson }>(
      await POST(internal("/api/internal/keys", { cookie, body: { name: "deploy" } })),
    );
    const url = `/api/internal/keys/${first.key.id}/rotate`;
    const tooLong = await rotate(
      internal(url, { cookie, body: { grace_seconds: 31 * 86_400 } }),
      params({ id: first.key.id }),
    );
    expect((await json<{ error: { code: string } }>(tooLong)).error.code).toBe("parameter_out_of_range");
    const res = await rotate(
      internal(url, { cookie, body: { grace_seconds: 600 } }),
      params({ id: first.key.id }),
    );
    const rotated = await json<{ secret: string; key: KeyJson; previous: KeyJson }>(res);
    expect(rotated.key.name).toBe("deploy");
    expect(rotated.previous.status).toBe("expiring");
    expect(await t.deps.keys.verify(first.secret)).not.toBeNull();
    expect(await t.deps.keys.verify(rotated.secret)).not.toBeNull();
    const badId = await rotate(
      internal("/api/internal/keys/nope/rotate", { cookie, body: { grace_seconds: 1 } }),
      params({ id: "nope" }),
    );
    expect((await json<{ error: { code: string } }>(badId)).error.code).toBe("invalid_parameter");
  });

  it("refuses write and admin scopes with 403 and the error body: the dashboard issues read and ws:connect only", async () => {
    const { cookie, account } = await t.signIn();
    for (const scopes of [["read", "write", "admin"], ["admin"], ["write"]]) {
      const res = await POST(internal("/api/internal/keys", { cookie, body: { name: "x", scopes } }));
      expect(res.status).toBe(403);
      const body = await json<{ error: Record<string, unknown> }>(res);
      expect(body.error).toMatchObject({
        code: "scope_not_allowed",
        status: 403,
        details: { param: "scopes", allowed: ["read", "ws:connect"] },
      });
      expect(body.error.request_id).toBe(res.headers.get("X-Request-Id"));
    }
    expect(await t.store.keys.list(account.id)).toEqual([]);
    // A paid account gets read + ws:connect, and still nothing more.
    await t.store.accounts.setPlan(account.id, "pro");
    const ws = await POST(
      internal("/api/internal/keys", { cookie, body: { name: "ws", scopes: ["ws:connect"] } }),
    );
    expect((await json<{ key: KeyJson }>(ws)).key.scopes).toEqual(["read", "ws:connect"]);
    const admin = await POST(
      internal("/api/internal/keys", { cookie, body: { name: "a", scopes: ["ws:connect", "admin"] } }),
    );
    expect(admin.status).toBe(403);
  });

  it("rotates a key into one with the same scopes, whatever the body asks for", async () => {
    const { cookie } = await t.signIn();
    const first = await json<{ secret: string; key: KeyJson }>(
      await POST(internal("/api/internal/keys", { cookie, body: { name: "deploy" } })),
    );
    const res = await rotate(
      internal(`/api/internal/keys/${first.key.id}/rotate`, {
        cookie,
        body: { grace_seconds: 0, scopes: ["read", "write", "admin"] },
      }),
      params({ id: first.key.id }),
    );
    const rotated = await json<{ secret: string; key: KeyJson }>(res);
    expect(rotated.key.scopes).toEqual(["read"]);
    expect((await t.deps.keys.verify(rotated.secret))?.scopes).toEqual(["read"]);
  });
});

describe("withSession bodies", () => {
  it("refuses a chunked 64 MiB body with 413 as it streams, without holding it in memory", async () => {
    const { cookie } = await t.signIn();
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    // 64 MiB with no Content-Length, produced only as fast as the route reads it.
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (pulled++ === 64) return c.close();
        c.enqueue(chunk);
      },
    });
    const before = process.memoryUsage().rss;
    const res = await POST(
      new Request("http://lede.test/api/internal/keys", {
        method: "POST",
        headers: { cookie, "content-type": "application/json", origin: "http://lede.test" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(res.status).toBe(413);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe("payload_too_large");
    expect(pulled).toBeLessThan(8);
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
  });
});
