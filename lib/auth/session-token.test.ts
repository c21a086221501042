import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";

import { parseCookieHeader, readSessionUserId } from "./session-token";

const SECRET = "s".repeat(64);

describe("readSessionUserId", () => {
  it("reads the user id from a plain, a __Secure- and a chunked session cookie", async () => {
    const token = await encode({ token: { uid: 42 }, secret: SECRET });
    expect(await readSessionUserId(new Map([["next-auth.session-token", token]]), SECRET)).toBe(42);
    expect(await readSessionUserId(new Map([["__Secure-next-auth.session-token", token]]), SECRET)).toBe(42);
    const half = Math.floor(token.length / 2);
    const chunked = new Map([
      ["next-auth.session-token.0", token.slice(0, half)],
      ["next-auth.session-token.1", token.slice(half)],
    ]);
    expect(await readSessionUserId(chunked, SECRET)).toBe(42);
  });

  it("returns null for no cookie, another secret, an expired token or a token without a user id", async () => {
    expect(await readSessionUserId(new Map(), SECRET)).toBeNull();
    const other = await encode({ token: { uid: 42 }, secret: "o".repeat(64) });
    expect(await readSessionUserId(new Map([["next-auth.session-token", other]]), SECRET)).toBeNull();
    const expired = await encode({ token: { uid: 42 }, secret: SECRET, maxAge: -60 });
    expect(await readSessionUserId(new Map([["next-auth.session-token", expired]]), SECRET)).toBeNull();
    const noUid = await encode({ token: { sub: "42" }, secret: SECRET });
    expect(await readSessionUserId(new Map([["next-auth.session-token", noUid]]), SECRET)).toBeNull();
  });
});

describe("parseCookieHeader", () => {
  it("decodes values and keeps the first of duplicate names", () => {
    const m = parseCookieHeader('a=1; b=x%7Cy; a=2; junk; c="q"');
    expect([...m]).toEqual([
      ["a", "1"],
      ["b", "x|y"],
      ["c", "q"],
    ]);
  });
});
