import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createKey } from "../keys/create-key";
import { tempStore } from "../testing/temp-store";
import { createAuthGuard, type AuthGuard } from "./auth-guard";
import { signInWithPassword } from "./sign-in";
import { signUp, SignUpBody } from "./sign-up";

const FAST = { N: 1024, r: 8, p: 1 };
const T0 = Date.UTC(2025, 0, 1);
let store: ReturnType<typeof tempStore>;
let guard: AuthGuard;
beforeEach(async () => {
  store = tempStore();
  guard = createAuthGuard();
  await signUp(
    store,
    SignUpBody.parse({ email: " Ana@Example.com ", password: "s3cret-pass", name: "Ana" }),
    FAST,
  );
});
afterEach(() => store.cleanup());

const attempt = (email: string, password: string, ip = "10.0.0.1", now = T0) =>
  signInWithPassword(store, guard, { email, password, ip }, now);

describe("signUp", () => {
  it("creates the user on a new account on the free plan, storing only a scrypt hash", async () => {
    const user = await store.accounts.findUserByEmail("ana@example.com");
    expect(user).toMatchObject({ email: "ana@example.com", name: "Ana" });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain("s3cret-pass");
    expect((await store.accounts.get(user!.accountId))?.plan).toBe("free");
  });

  it("refuses an email that is taken, whatever its case", async () => {
    await expect(
      signUp(store, SignUpBody.parse({ email: "ANA@example.com", password: "another-pass" }), FAST),
    ).rejects.toMatchObject({ code: "email_taken", status: 409 });
  });

  it("validates email and password length", () => {
    expect(SignUpBody.safeParse({ email: "nope", password: "long-enough" }).success).toBe(false);
    expect(SignUpBody.safeParse({ email: "a@b.co", password: "short" }).success).toBe(false);
    expect(SignUpBody.safeParse({ email: "a@b.co", password: "x".repeat(257) }).success).toBe(false);
  });
});

describe("signInWithPassword", () => {
  it("returns the user for the right password, with the email in any case", async () => {
    expect((await attempt("ANA@example.com", "s3cret-pass")).email).toBe("ana@example.com");
  });

  it("fails the same way for a wrong password, an unknown email and a user without a password", async () => {
    await createKey(store, { email: "cli-made@example.com" });
    for (const [email, pw] of [
      ["ana@example.com", "wrong-pass"],
      ["nobody@example.com", "s3cret-pass"],
      ["cli-made@example.com", ""],
    ] as const) {
      await expect(attempt(email, pw)).rejects.toMatchObject({ code: "invalid_credentials", status: 401 });
    }
  });

  it("blocks an email after 5 failures, even with the right password, until the window passes", async () => {
    for (let i = 0; i < 5; i++)
      await expect(attempt("ana@example.com", "bad", `10.0.0.${i}`)).rejects.toThrow();
    await expect(attempt("ana@example.com", "s3cret-pass", "10.9.9.9")).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
      details: { retry_after: 900 },
    });
    expect((await attempt("ana@example.com", "s3cret-pass", "10.9.9.9", T0 + 15 * 60_000 + 1)).email).toBe(
      "ana@example.com",
    );
  });

  it("blocks an address spraying many emails", async () => {
    for (let i = 0; i < 30; i++) {
      await signUp(
        store,
        SignUpBody.parse({ email: `u${i}@example.com`, password: `pw-of-user-${i}` }),
        FAST,
      );
    }
    for (let i = 0; i < 30; i++)
      await expect(attempt(`u${i}@example.com`, "guess", "10.6.6.6")).rejects.toThrow();
    await expect(attempt("ana@example.com", "s3cret-pass", "10.6.6.6")).rejects.toMatchObject({
      code: "rate_limited",
    });
    expect((await attempt("ana@example.com", "s3cret-pass", "10.7.7.7")).email).toBe("ana@example.com");
  });

  it("clears an email's failures once it signs in", async () => {
    for (let i = 0; i < 4; i++) await expect(attempt("ana@example.com", "bad")).rejects.toThrow();
    await attempt("ana@example.com", "s3cret-pass");
    for (let i = 0; i < 4; i++)
      await expect(attempt("ana@example.com", "bad")).rejects.toMatchObject({ code: "invalid_credentials" });
  });
});
