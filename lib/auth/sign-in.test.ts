import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Store } from "../db/store";
import { createKey } from "../keys/create-key";
import { tempStore, twoTempStores } from "../testing/temp-store";
import { verifyPassword } from "./password";
import { signInWithPassword } from "./sign-in";
import { signUp, SignUpBody } from "./sign-up";

const FAST = { N: 1024, r: 8, p: 1 };
const T0 = Date.UTC(2025, 0, 1);
let store: ReturnType<typeof tempStore>;
beforeEach(async () => {
  store = tempStore();
  await signUp(
    store,
    SignUpBody.parse({ email: " Ana@Example.com ", password: "s3cret-pass", name: "Ana" }),
    FAST,
  );
});
afterEach(() => store.cleanup());

const attempt = (email: string, password: string, ip = "10.0.0.1", now = T0) =>
  signInWithPassword(store, { email, password, ip }, now);
const MIN = 60_000;

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

  it("checks at most 5 of 30 parallel wrong passwords, and still accepts the right one from another address", async () => {
    let checks = 0;
    const verify = (pw: string, hash: string) => (checks++, verifyPassword(pw, hash));
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        signInWithPassword(store, { email: "ana@example.com", password: `guess-${i}`, ip: "10.6.6.6" }, T0, {
          verify,
        }),
      ),
    );
    expect(checks).toBeLessThanOrEqual(5);
    const codes = results.map((r) => (r.status === "rejected" ? (r.reason as { code: string }).code : "ok"));
    expect(codes.filter((c) => c === "invalid_credentials")).toHaveLength(checks);
    expect(codes.filter((c) => c === "rate_limited")).toHaveLength(30 - checks);
    // The guesser's address waits; the owner, elsewhere, signs in at once with the right password.
    await expect(attempt("ana@example.com", "s3cret-pass", "10.6.6.6", T0 + 1000)).rejects.toMatchObject({
      code: "rate_limited",
      status: 429,
    });
    expect((await attempt("ana@example.com", "s3cret-pass", "10.9.9.9", T0 + 1000)).email).toBe(
      "ana@example.com",
    );
  });

  it("backs off one (account, address) pair: one try per wait, the wait doubling up to 15 minutes", async () => {
    for (let i = 0; i < 5; i++) await expect(attempt("ana@example.com", "bad")).rejects.toThrow();
    await expect(attempt("ana@example.com", "bad", "10.0.0.1", T0 + 1000)).rejects.toMatchObject({
      code: "rate_limited",
      details: { retry_after: 59 },
    });
    let t = T0 + MIN;
    for (const wait of [2, 4, 8, 15, 15]) {
      await expect(attempt("ana@example.com", "bad", "10.0.0.1", t)).rejects.toMatchObject({
        code: "invalid_credentials",
      });
      await expect(attempt("ana@example.com", "s3cret-pass", "10.0.0.1", t + 1)).rejects.toMatchObject({
        code: "rate_limited",
      });
      t += wait * MIN;
    }
    expect((await attempt("ana@example.com", "s3cret-pass", "10.0.0.1", t)).email).toBe("ana@example.com");
    // A success forgets the pair's failures.
    for (let i = 0; i < 4; i++)
      await expect(attempt("ana@example.com", "bad", "10.0.0.1", t)).rejects.toMatchObject({
        code: "invalid_credentials",
      });
  });

  it("keeps the limits in the database: failures counted by one process hold in another", async () => {
    const two = twoTempStores();
    try {
      const [a, b] = two.stores;
      await signUp(a, SignUpBody.parse({ email: "bo@example.com", password: "bo-password" }), FAST);
      const tryOn = (s: Store, password: string) =>
        signInWithPassword(s, { email: "bo@example.com", password, ip: "10.1.1.1" }, T0);
      for (let i = 0; i < 5; i++) await expect(tryOn(i % 2 ? a : b, "bad")).rejects.toThrow();
      await expect(tryOn(a, "bo-password")).rejects.toMatchObject({ code: "rate_limited" });
      await expect(tryOn(b, "bo-password")).rejects.toMatchObject({ code: "rate_limited" });
    } finally {
      two.cleanup();
    }
  });

  it("slows guessing from many addresses, locking the owner out for 5 minutes at most", async () => {
    for (let i = 0; i < 50; i++)
      await expect(attempt("ana@example.com", "bad", `10.2.${i}.1`)).rejects.toMatchObject({
        code: "invalid_credentials",
      });
    const blocked = attempt("ana@example.com", "s3cret-pass", "10.9.9.9", T0 + 1000);
    await expect(blocked).rejects.toMatchObject({ code: "rate_limited" });
    const wait = (
      (await blocked.catch((e: { details: { retry_after: number } }) => e)) as {
        details: { retry_after: number };
      }
    ).details.retry_after;
    expect(wait).toBeLessThanOrEqual(5 * 60);
    expect((await attempt("ana@example.com", "s3cret-pass", "10.9.9.9", T0 + MIN)).email).toBe(
      "ana@example.com",
    );
  });

  it("blocks an address spraying many emails, not the others", async () => {
    for (let i = 0; i < 30; i++)
      await expect(attempt(`u${i}@example.com`, "guess", "10.6.6.6")).rejects.toMatchObject({
        code: "invalid_credentials",
      });
    await expect(attempt("ana@example.com", "s3cret-pass", "10.6.6.6")).rejects.toMatchObject({
      code: "rate_limited",
    });
    expect((await attempt("ana@example.com", "s3cret-pass", "10.7.7.7")).email).toBe("ana@example.com");
  });
});
