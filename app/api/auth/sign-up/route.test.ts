import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { SMTPServer } from "smtp-server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createAuthGuard, sharedAuthGuard } from "@/lib/auth/auth-guard";
import { parseTrustedProxies, PEER_ADDRESS_HEADER, stampPeerAddress } from "@/lib/auth/client-address";
import { setSignUpSettingsForTesting } from "@/lib/auth/sign-up-settings";
import { smtpMailer } from "@/lib/mail/mailer";
import { sendChunked } from "@/lib/testing/chunked-upload";

import { internal, testSessionDeps } from "../../internal/session-testing";
import { POST as VERIFY } from "../verify-email/route";
import { POST } from "./route";

const FAST = { N: 1024, r: 8, p: 1 };
let t: ReturnType<typeof testSessionDeps>;
beforeEach(() => {
  t = testSessionDeps();
  // The guard is one per process: each test starts with fresh per-address counts.
  Object.assign(sharedAuthGuard(), createAuthGuard());
  setSignUpSettingsForTesting({ trustedProxies: [], scryptCost: FAST });
});
afterEach(async () => {
  setSignUpSettingsForTesting(undefined);
  await t.cleanup();
});

const csrf = (token: string) => {
  const hash = createHash("sha256").update(`${token}${t.deps.secret}`).digest("hex");
  return `next-auth.csrf-token=${encodeURIComponent(`${token}|${hash}`)}`;
};
/** A sign-up as the server hands it to the route: `peer` is the address the socket connected from. */
const signUp = (
  body: Record<string, unknown>,
  cookie = csrf("tok123"),
  peer = "10.1.1.1",
  headers: Record<string, string> = {},
) =>
  POST(internal("/api/auth/sign-up", { body, cookie, headers: { [PEER_ADDRESS_HEADER]: peer, ...headers } }));
const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("POST /api/auth/sign-up", () => {
  it("creates a user on the free plan when next-auth's CSRF token matches its cookie", async () => {
    const res = await signUp({ email: "New@Example.test", password: "long-password", csrfToken: "tok123" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: "new@example.test", status: "created" });
    const user = await t.store.accounts.findUserByEmail("new@example.test");
    expect((await t.store.accounts.get(user!.accountId))?.plan).toBe("free");
    // Without mail nobody confirmed the address: usable, but unverified.
    expect(user?.emailVerifiedAt).toBeNull();
  });

  it("refuses a missing or mismatched CSRF token and a forged cookie", async () => {
    const body = { email: "x@example.test", password: "long-password" };
    expect(await code(await signUp(body))).toBe("invalid_csrf_token");
    expect(await code(await signUp({ ...body, csrfToken: "other" }))).toBe("invalid_csrf_token");
    const forged = `next-auth.csrf-token=${encodeURIComponent("tok123|" + "0".repeat(64))}`;
    expect(await code(await signUp({ ...body, csrfToken: "tok123" }, forged))).toBe("invalid_csrf_token");
    expect(await t.store.accounts.findUserByEmail("x@example.test")).toBeNull();
  });

  it("answers 409 for a taken email when no mail is configured, and 400 for a short password", async () => {
    await signUp({ email: "a@example.test", password: "long-password", csrfToken: "tok123" });
    const again = await signUp(
      { email: "a@example.test", password: "long-password", csrfToken: "tok123" },
      undefined,
      "10.1.1.2",
    );
    expect(again.status).toBe(409);
    expect(await code(again)).toBe("email_taken");
    const short = await signUp(
      { email: "b@example.test", password: "short", csrfToken: "tok123" },
      undefined,
      "10.1.1.3",
    );
    expect(short.status).toBe(400);
  });

  it("refuses short, repetitive and common passwords with a message that says which rule", async () => {
    const cases: Array<[string, RegExp]> = [
      ["12345678", /at least 10 characters/],
      ["aaaaaaaa", /at least 10 characters/],
      ["aaaaaaaaaaaa", /too few characters/],
      ["password123", /most common passwords/],
    ];
    for (const [i, [password, message]] of cases.entries()) {
      const res = await signUp(
        { email: `weak${i}@example.test`, password, csrfToken: "tok123" },
        undefined,
        `10.4.4.${i}`,
      );
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { message: string; details: { param?: string } } };
      expect(body.error.message).toMatch(message);
      expect(body.error.details.param).toBe("password");
      expect(await t.store.accounts.findUserByEmail(`weak${i}@example.test`)).toBeNull();
    }
  });

  it("limits sign-ups per address, counting failed ones too", async () => {
    const body = { email: "taken@example.test", password: "long-password", csrfToken: "tok123" };
    for (let i = 0; i < 20; i++)
      expect((await signUp(body, undefined, "10.2.2.2")).status).toBe(i === 0 ? 200 : 409);
    const res = await signUp({ ...body, email: "late@example.test" }, undefined, "10.2.2.2");
    expect(res.status).toBe(429);
    expect(await code(res)).toBe("rate_limited");
    expect((await signUp({ ...body, email: "other@example.test" }, undefined, "10.3.3.3")).status).toBe(200);
  });

  it("counts by the connecting address: a fresh X-Forwarded-For per request does not reset the limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await signUp(
        { email: `spray${i}@example.test`, password: "long-password", csrfToken: "tok123" },
        undefined,
        "203.0.113.5",
        { "x-forwarded-for": `198.51.100.${i}` },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });

  it("believes X-Forwarded-For from a trusted proxy only, taking the right-most untrusted address", async () => {
    setSignUpSettingsForTesting({ trustedProxies: parseTrustedProxies("10.0.0.1"), scryptCost: FAST });
    const via = (i: number, xff: string) =>
      signUp(
        { email: `p${i}@example.test`, password: "long-password", csrfToken: "tok123" },
        undefined,
        "10.0.0.1",
        { "x-forwarded-for": xff },
      );
    // The client forges the left-most entry each time; the proxy appends the address it saw.
    for (let i = 0; i < 20; i++) expect((await via(i, `6.6.6.${i}, 198.51.100.7`)).status).toBe(200);
    expect((await via(20, "6.6.6.99, 198.51.100.7")).status).toBe(429);
    expect((await via(21, "198.51.100.8")).status).toBe(200);
  });
});

describe("POST /api/auth/sign-up with a large body", () => {
  let server: http.Server;
  let base: string;
  beforeEach(async () => {
    // What Next does with a request: headers as they are, the body streamed from the socket into a Request.
    server = http.createServer((req, res) => {
      stampPeerAddress(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`http://lede.test${req.url}`, {
        method: req.method,
        headers,
        body: req as unknown as ReadableStream,
        duplex: "half",
      } as RequestInit);
      void POST(request).then(async (response) => {
        res.writeHead(response.status, { "content-type": "application/json" });
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("refuses a chunked 64 MiB body with 413 as it streams, without holding it in memory", async () => {
    const send = () =>
      sendChunked(`${base}/api/auth/sign-up`, {
        headers: { "Content-Type": "application/json", Cookie: csrf("tok123") },
        first: '{"csrfToken":"tok123","email":"big@example.test","password":"',
        chunks: 64,
      });
    const before = process.memoryUsage().rss;
    const results = await Promise.all([send(), send(), send()]);
    for (const r of results) {
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body.toString())).toMatchObject({ error: { code: "payload_too_large" } });
      expect(r.sent).toBeLessThan(64);
    }
    expect(process.memoryUsage().rss - before).toBeLessThan(32 * 1024 * 1024);
    expect(await t.store.accounts.findUserByEmail("big@example.test")).toBeNull();
  });
});

describe("POST /api/auth/sign-up with mail configured", () => {
  let smtp: SMTPServer;
  let inbox: Array<{ to: string; raw: string }>;
  let delivered: Array<Promise<void>>;
  beforeEach(async () => {
    inbox = [];
    delivered = [];
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, session, done) {
        const parts: Buffer[] = [];
        stream.on("data", (c: Buffer) => parts.push(c));
        stream.on("end", () => {
          inbox.push({ to: session.envelope.rcptTo[0]?.address ?? "", raw: Buffer.concat(parts).toString() });
          done();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
    const port = (smtp.server.address() as AddressInfo).port;
    setSignUpSettingsForTesting({
      trustedProxies: [],
      scryptCost: FAST,
      mail: {
        mailer: smtpMailer(`smtp://127.0.0.1:${port}`, "Lede <no-reply@lede.test>"),
        baseUrl: "https://lede.test",
        deliver: (sending) => void delivered.push(sending),
      },
    });
  });
  afterEach(async () => {
    await Promise.allSettled(delivered);
    await new Promise<void>((r) => smtp.close(() => r()));
  });

  /** The message's text, undoing the quoted-printable or base64 transfer encoding nodemailer chose. */
  const text = (raw: string) => {
    const [head = "", ...rest] = raw.split("\r\n\r\n");
    const body = rest.join("\r\n\r\n");
    if (/content-transfer-encoding: base64/i.test(head)) return Buffer.from(body, "base64").toString();
    if (/content-transfer-encoding: quoted-printable/i.test(head))
      return body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return body;
  };
  const mailTo = async (to: string) => {
    await Promise.all(delivered);
    const mail = inbox.find((m) => m.to === to);
    expect(mail, `a message to ${to}`).toBeDefined();
    return text(mail!.raw);
  };
  const verify = (token: string) =>
    VERIFY(
      internal("/api/auth/verify-email", { body: { token, csrfToken: "tok123" }, cookie: csrf("tok123") }),
    );

  it("answers the same whether or not the email has an account, and creates nothing until the link is opened", async () => {
    const { user } = await t.signIn("owner@example.test");
    const taken = await signUp({
      email: "owner@example.test",
      password: "attacker-pass-1",
      csrfToken: "tok123",
    });
    const fresh = await signUp(
      { email: "new@example.test", password: "long-password", csrfToken: "tok123" },
      undefined,
      "10.1.1.9",
    );
    expect(taken.status).toBe(fresh.status);
    const bodies = [await taken.json(), await fresh.json()] as Array<{ email: string; status: string }>;
    expect(bodies.map((b) => b.status)).toEqual(["check_email", "check_email"]);
    expect(Object.keys(bodies[0]!).sort()).toEqual(Object.keys(bodies[1]!).sort());
    expect(await t.store.accounts.findUserByEmail("new@example.test")).toBeNull();

    // The owner hears that someone tried; the account is untouched.
    expect(await mailTo("owner@example.test")).toMatch(/already has one[\s\S]*https:\/\/lede\.test\/sign-in/);
    expect((await t.store.accounts.findUserByEmail("owner@example.test"))?.passwordHash).toBe(
      user.passwordHash,
    );

    // The new address gets a link; opening it creates the account, verified, once.
    const link = /https:\/\/lede\.test\/verify-email\?token=([\w-]+)/.exec(await mailTo("new@example.test"));
    expect(link).not.toBeNull();
    const ok = await verify(link![1]!);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ email: "new@example.test", verified: true });
    const created = await t.store.accounts.findUserByEmail("new@example.test");
    expect(created?.emailVerifiedAt).toEqual(expect.any(Number));
    const again = await verify(link![1]!);
    expect(again.status).toBe(400);
    expect(await code(again)).toBe("invalid_token");
  });

  it("lets the address owner's link win over an earlier sign-up someone else made with that address", async () => {
    await signUp({ email: "victim@example.test", password: "attacker-pass-1", csrfToken: "tok123" });
    await Promise.all(delivered); // so the inbox holds the two links in sign-up order
    await signUp(
      { email: "victim@example.test", password: "victims-own-pass", csrfToken: "tok123" },
      undefined,
      "10.1.1.8",
    );
    await Promise.all(delivered);
    const links = inbox
      .filter((m) => m.to === "victim@example.test")
      .map((m) => /verify-email\?token=([\w-]+)/.exec(text(m.raw))?.[1]);
    expect(links).toHaveLength(2);
    // The owner opens the link of their own sign-up; the other one is void from then on.
    expect((await verify(links[1]!)).status).toBe(200);
    expect(await code(await verify(links[0]!))).toBe("invalid_token");
    const { verifyPassword } = await import("@/lib/auth/password");
    const user = await t.store.accounts.findUserByEmail("victim@example.test");
    expect(await verifyPassword("victims-own-pass", user!.passwordHash!)).toBe(true);
    expect(await verifyPassword("attacker-pass-1", user!.passwordHash!)).toBe(false);
  });

  it("sends at most 3 links an hour to one address, answering the same", async () => {
    for (let i = 0; i < 5; i++) {
      const res = await signUp(
        { email: "flood@example.test", password: "long-password", csrfToken: "tok123" },
        undefined,
        `10.5.5.${i}`,
      );
      expect(await res.json()).toEqual({ email: "flood@example.test", status: "check_email" });
    }
    await Promise.all(delivered);
    expect(inbox.filter((m) => m.to === "flood@example.test")).toHaveLength(3);
  });
});
