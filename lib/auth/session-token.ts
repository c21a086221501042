import { decode } from "next-auth/jwt";

// next-auth names the cookie with the __Secure- prefix when the site is served over https, and splits a large
// token into `.0`, `.1`, … chunks.
const NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/** What a session token says: the user, and the session version of that user it was issued under. */
export interface SessionClaims {
  userId: number;
  /** Tokens issued before session versions existed carry none: they count as version 0. */
  version: number;
}

/** The claims of next-auth's session cookie, or null when it is absent, forged, expired or names no user. */
export async function readSessionClaims(
  cookies: ReadonlyMap<string, string>,
  secret: string,
): Promise<SessionClaims | null> {
  for (const name of NAMES) {
    const token = cookies.get(name) ?? joinChunks(cookies, name);
    if (!token) continue;
    try {
      return claimsOf(await decode({ token, secret }));
    } catch {
      return null;
    }
  }
  return null;
}

/** The claims of a decoded token (as next-auth's callbacks see it), or null when it names no user. */
export function claimsOf(payload: Record<string, unknown> | null): SessionClaims | null {
  const uid = payload?.uid;
  if (typeof uid !== "number" || !Number.isInteger(uid)) return null;
  const sv = payload?.sv ?? 0;
  return typeof sv === "number" && Number.isInteger(sv) ? { userId: uid, version: sv } : null;
}

function joinChunks(cookies: ReadonlyMap<string, string>, name: string): string | undefined {
  const parts: string[] = [];
  for (let i = 0; cookies.has(`${name}.${i}`); i++) parts.push(cookies.get(`${name}.${i}`) ?? "");
  return parts.length ? parts.join("") : undefined;
}

/** Parses a Cookie header into a name → value map (values URL-decoded, the first of duplicates kept). */
export function parseCookieHeader(header: string | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || map.has(name)) continue;
    const raw = part
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1");
    try {
      map.set(name, decodeURIComponent(raw));
    } catch {
      map.set(name, raw);
    }
  }
  return map;
}
