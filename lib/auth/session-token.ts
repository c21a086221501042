import { decode } from "next-auth/jwt";

// next-auth names the cookie with the __Secure- prefix when the site is served over https, and splits a large
// token into `.0`, `.1`, … chunks.
const NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/** The signed-in user's id from next-auth's session cookie, or null when it is absent, forged or expired. */
export async function readSessionUserId(
  cookies: ReadonlyMap<string, string>,
  secret: string,
): Promise<number | null> {
  for (const name of NAMES) {
    const token = cookies.get(name) ?? joinChunks(cookies, name);
    if (!token) continue;
    try {
      const payload = await decode({ token, secret });
      const uid = payload?.uid;
      return typeof uid === "number" && Number.isInteger(uid) ? uid : null;
    } catch {
      return null;
    }
  }
  return null;
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
