import { describe, expect, it } from "vitest";

import { hashPassword, NewPassword, passwordProblem, verifyPassword } from "./password";

const FAST = { N: 1024, r: 8, p: 1 };

describe("password hashing", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const h = await hashPassword("correct horse battery", FAST);
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword("correct horse battery", h)).toBe(true);
    expect(await verifyPassword("correct horse batterY", h)).toBe(false);
  });

  it("salts each hash, so one password never hashes the same twice", async () => {
    const a = await hashPassword("same password", FAST);
    const b = await hashPassword("same password", FAST);
    expect(a).not.toBe(b);
    expect(a.split("$")[4]).not.toBe(b.split("$")[4]);
  });

  it("uses the default OWASP cost and keeps working with the cost a hash records", async () => {
    const h = await hashPassword("default cost pw");
    expect(h.startsWith("scrypt$32768$8$3$")).toBe(true);
    expect(await verifyPassword("default cost pw", h)).toBe(true);
  });

  it("never matches a malformed stored hash", async () => {
    const h = await hashPassword("pw-pw-pw-pw", FAST);
    expect(await verifyPassword("pw-pw-pw-pw", h.replace("scrypt", "bcrypt"))).toBe(false);
    expect(await verifyPassword("pw-pw-pw-pw", h.slice(0, -4))).toBe(false);
    expect(await verifyPassword("pw-pw-pw-pw", "")).toBe(false);
    expect(await verifyPassword("pw-pw-pw-pw", "scrypt$x$8$1$aa$bb")).toBe(false);
  });

  it("treats Unicode compositions of one password alike", async () => {
    const h = await hashPassword("caf\u00e9-password", FAST);
    expect(await verifyPassword("cafe\u0301-password", h)).toBe(true);
  });
});

describe("password policy", () => {
  it("refuses short, repetitive and common passwords with a message that says why", () => {
    expect(passwordProblem("12345678")).toBe("must be at least 10 characters");
    expect(passwordProblem("aaaaaaaa")).toBe("must be at least 10 characters");
    expect(passwordProblem("aaaaaaaaaaaa")).toMatch(/too few characters/);
    expect(passwordProblem("abababababab")).toMatch(/too few characters/);
    for (const common of [
      "password123",
      "1234567890",
      "qwertyuiop",
      "Password123",
      "Welcome2024!",
      "password-1",
    ])
      expect([common, passwordProblem(common)]).toEqual([common, expect.stringMatching(/most common/)]);
    expect(passwordProblem("x".repeat(257))).toMatch(/at most 256/);
  });

  it("accepts long, uncommon passwords", () => {
    for (const ok of ["correct horse battery staple", "s3cret-pass", "pw-of-user-12", "caf\u00e9-au-lait-9"])
      expect([ok, passwordProblem(ok)]).toEqual([ok, null]);
  });

  it("is the schema new passwords are parsed with", () => {
    const bad = NewPassword.safeParse("password123");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/most common/);
    expect(NewPassword.parse("correct horse battery staple")).toBe("correct horse battery staple");
  });
});
