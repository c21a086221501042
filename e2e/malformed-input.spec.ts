import http from "node:http";

import { expect, test } from "@playwright/test";

import { startLede, type LedeServer } from "./support/lede-server";

let lede: LedeServer;
test.beforeAll(async () => {
  lede = await startLede();
});
test.afterAll(async () => lede.stop());

/** A raw request, so the path and headers go on the wire exactly as written. */
function send(path: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const req = http.request(
        `${lede.baseUrl}${path}`,
        { method: opts.method ?? "GET", headers: opts.headers },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }));
        },
      );
      req.on("error", reject);
      req.end(opts.body);
    },
  );
}

test("paths with malformed percent-escapes get 400, with the contract's error body on /v1", async () => {
  for (const path of ["/v1/stories/%ff", "/v1/entities/%c0", "/v1/version%ff"]) {
    const res = await send(path);
    expect([path, res.status]).toEqual([path, 400]);
    expect(JSON.parse(res.body).error.code).toBe("invalid_parameter");
  }
  const page = await send("/stories/%ff");
  expect(page.status).toBe(400);
  const revoke = await send("/api/internal/keys/%ff/revoke", { method: "POST" });
  expect(revoke.status).toBe(400);
});

test("a callback URL that is not a URL is dropped, not answered with 500", async () => {
  for (const value of ["http%3A%2F%2F%5B", "%25", "http%3A%2F%2F%5B%3A%3A1"]) {
    const session = await send("/api/auth/session", {
      headers: { Cookie: `next-auth.callback-url=${value}` },
    });
    expect([value, session.status]).toEqual([value, 200]);
    expect(JSON.parse(session.body)).toEqual({});
  }
  const query = await send("/api/auth/signin?callbackUrl=http%3A%2F%2F%5B");
  expect(query.status).toBeLessThan(500);

  const csrf = await send("/api/auth/csrf");
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const cookie = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const form = new URLSearchParams({
    csrfToken,
    email: "nobody@example.test",
    password: "not-the-password",
    callbackUrl: "http://[",
    json: "true",
  });
  const posted = await send("/api/auth/callback/credentials?callbackUrl=http%3A%2F%2F%5B", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: lede.baseUrl },
    body: form.toString(),
  });
  expect(posted.status).toBeLessThan(500);
  const bodyOnly = await send("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie, Origin: lede.baseUrl },
    body: form.toString(),
  });
  expect(bodyOnly.status).toBeLessThan(500);
});

test("a sign-in body past 16 KiB is refused with 413 as it streams", async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = http.request(`${lede.baseUrl}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: lede.baseUrl },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", (err) => (answered ? undefined : reject(err)));
    const chunk = Buffer.alloc(256 * 1024, "a");
    let sent = 0;
    // 64 MiB without Content-Length, until the answer comes.
    const pump = () => {
      while (sent < 256 && !answered && !req.destroyed) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    req.write("email=");
    pump();
  });
  expect(status).toBe(413);
});
