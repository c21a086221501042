import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";

import { parseCookieHeader, readSessionClaims } from "./session-token";

const SECRET = "s".repeat(64);

describe("readSessionClaims", () => {
  it("reads the user id and session version from a plain, a __Secure- and a chunked session cookie", async () => {
    const token = await encode({ token: { uid: 42, sv: 3 }, secret: SECRET });
    const claims = { userId: 42, version: 3 };
    expect(await readSessionClaims(new Map([["next-auth.session-token", token]]), SECRET)).toEqual(claims);
    expect(await readSessionClaims(new Map([["__Secure-next-auth.session-token", token]]), SECRET)).toEqual(
      claims,
    );
    const half = Math.floor(token.length / 2);
    const chunked = new Map([
      ["next-auth.session-token.0", token.slice(0, half)],
      ["next-auth.session-token.1", token.slice(half)],
    ]);
    expect(await readSessionClaims(chunked, SECRET)).toEqual(claims);
  });

  it("reads a token issued before session versions as version 0", async () => {
    const token = await encode({ token: { uid: 42 }, secret: SECRET });
    expect(await readSessionClaims(new Map([["next-auth.session-token", token]]), SECRET)).toEqual({
      userId: 42,
      version: 0,
    });
  });

  it("returns null for no cookie, another secret, an expired token, no user id or a malformed version", async () => {
    expect(await readSessionClaims(new Map(), SECRET)).toBeNull();
    const other = await encode({ token: { uid: 42 }, secret: "o".repeat(64) });
    expect(await readSessionClaims(new Map([["next-auth.session-token", other]]), SECRET)).toBeNull();
    const expired = await encode({ token: { uid: 42 }, secret: SECRET, maxAge: -60 });
    expect(await readSessionClaims(new Map([["next-auth.session-token", expired]]), SECRET)).toBeNull();
    const noUid = await encode({ token: { sub: "42" }, secret: SECRET });
    expect(await readSessionClaims(new Map([["next-auth.session-token", noUid]]), SECRET)).toBeNull();
    const badSv = await encode({ token: { uid: 42, sv: "1" }, secret: SECRET });
    expect(await readSessionClaims(new Map([["next-auth.session-token", badSv]]), SECRET)).toBeNull();
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
