import { describe, expect, it } from "vitest";

import { isUsableCallbackUrl, sameOriginRedirect, withoutBadCallbackUrl } from "./auth-request-guard";

const base = "http://localhost:3000";

describe("callback URLs next-auth would refuse", () => {
  it("accepts paths and http(s) URLs, and nothing else", () => {
    for (const ok of ["/keys", "/", "http://localhost:3000/usage", "https://other.test/x"]) {
      expect([ok, isUsableCallbackUrl(ok, base)]).toEqual([ok, true]);
    }
    for (const bad of ["http://[", "%", "http://[::1", "javascript:alert(1)", "", "keys"]) {
      expect([bad, isUsableCallbackUrl(bad, base)]).toEqual([bad, false]);
    }
  });

  it("drops a bad callbackUrl from the query and from its cookie, and keeps everything else", () => {
    const url = new URL(`${base}/api/auth/session?callbackUrl=http%3A%2F%2F%5B&x=1`);
    const cookie = "a=1; next-auth.callback-url=http%3A%2F%2F%5B; next-auth.session-token=tok";
    const out = withoutBadCallbackUrl(url, cookie);
    expect(out.changed).toBe(true);
    expect(out.url.search).toBe("?x=1");
    expect(out.cookie).toBe("a=1; next-auth.session-token=tok");
    const secure = withoutBadCallbackUrl(new URL(`${base}/x`), "__Secure-next-auth.callback-url=%25");
    expect(secure).toMatchObject({ changed: true, cookie: null });
  });

  it("leaves a request with good values as it is", () => {
    const url = new URL(`${base}/api/auth/signin?callbackUrl=%2Fkeys`);
    const cookie = "next-auth.callback-url=http%3A%2F%2Flocalhost%3A3000%2Fkeys";
    expect(withoutBadCallbackUrl(url, cookie)).toEqual({ url, cookie, changed: false });
    expect(withoutBadCallbackUrl(url, null).changed).toBe(false);
  });

  it("redirects only within the site, and never throws", () => {
    expect(sameOriginRedirect("/keys", base)).toBe(`${base}/keys`);
    expect(sameOriginRedirect(`${base}/usage?d=7`, base)).toBe(`${base}/usage?d=7`);
    expect(sameOriginRedirect("https://evil.test/", base)).toBe(base);
    expect(sameOriginRedirect("http://[", base)).toBe(base);
  });
});
