import { createHash } from "node:crypto";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { internal, testSessionDeps } from "../../internal/session-testing";
import { POST } from "./route";

let t: ReturnType<typeof testSessionDeps>;
beforeEach(() => {
  t = testSessionDeps();
});
afterEach(() => t.cleanup());

const csrf = (token: string) => {
  const hash = createHash("sha256").update(`${token}${t.deps.secret}`).digest("hex");
  return `next-auth.csrf-token=${encodeURIComponent(`${token}|${hash}`)}`;
};
const signUp = (body: Record<string, unknown>, cookie = csrf("tok123"), ip = "10.1.1.1") =>
  POST(internal("/api/auth/sign-up", { body, cookie, headers: { "x-forwarded-for": ip } }));
const code = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe("POST /api/auth/sign-up", () => {
  it("creates a user on the free plan when next-auth's CSRF token matches its cookie", async () => {
    const res = await signUp({ email: "New@Example.test", password: "long-password", csrfToken: "tok123" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: "new@example.test" });
    const user = await t.store.accounts.findUserByEmail("new@example.test");
    expect((await t.store.accounts.get(user!.accountId))?.plan).toBe("free");
  });

  it("refuses a missing or mismatched CSRF token and a forged cookie", async () => {
    const body = { email: "x@example.test", password: "long-password" };
    expect(await code(await signUp(body))).toBe("invalid_csrf_token");
    expect(await code(await signUp({ ...body, csrfToken: "other" }))).toBe("invalid_csrf_token");
    const forged = `next-auth.csrf-token=${encodeURIComponent("tok123|" + "0".repeat(64))}`;
    expect(await code(await signUp({ ...body, csrfToken: "tok123" }, forged))).toBe("invalid_csrf_token");
    expect(await t.store.accounts.findUserByEmail("x@example.test")).toBeNull();
  });

  it("answers 409 for a taken email and 400 for a short password", async () => {
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
});
