/**
 * next-auth refuses a `callbackUrl` that does not parse as an http(s) URL (in the query or in its cookie) by
 * answering 500, and its default redirect throws on one posted in a form. A bad value there is a client's mistake
 * or a probe: it is dropped, and the request goes on as if it had none.
 */

const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** Whether next-auth would accept `value` as a callback URL: an http(s) URL, or a path on `base`. */
export function isUsableCallbackUrl(value: string, base: string): boolean {
  try {
    const url = value.startsWith("/") ? new URL(value, base) : new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Where a redirect may go: a URL on `baseUrl`'s origin, else `baseUrl` itself. Never throws. */
export function sameOriginRedirect(url: string, baseUrl: string): string {
  try {
    const target = new URL(url, baseUrl);
    if (target.origin === new URL(baseUrl).origin) return target.href;
  } catch {
    // not a URL: go home
  }
  return baseUrl;
}

const decoded = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/**
 * The request's URL and Cookie header without a callback URL next-auth would refuse; `changed` says whether
 * anything was dropped.
 */
export function withoutBadCallbackUrl(
  url: URL,
  cookieHeader: string | null,
): { url: URL; cookie: string | null; changed: boolean } {
  const base = url.origin;
  let changed = false;
  const next = new URL(url);
  const param = next.searchParams.get("callbackUrl");
  if (param !== null && !isUsableCallbackUrl(param, base)) {
    next.searchParams.delete("callbackUrl");
    changed = true;
  }
  let cookie = cookieHeader;
  if (cookieHeader) {
    const kept = cookieHeader.split(";").filter((part) => {
      const eq = part.indexOf("=");
      const name = part.slice(0, eq < 0 ? undefined : eq).trim();
      if (!CALLBACK_COOKIES.includes(name) || eq < 0) return true;
      return isUsableCallbackUrl(decoded(part.slice(eq + 1).trim()), base);
    });
    if (kept.length !== cookieHeader.split(";").length) {
      changed = true;
      cookie = kept.map((p) => p.trim()).join("; ") || null;
    }
  }
  return { url: next, cookie, changed };
}
