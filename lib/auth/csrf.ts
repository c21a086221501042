import { createHash, timingSafeEqual } from "node:crypto";

const NAMES = ["__Host-next-auth.csrf-token", "next-auth.csrf-token"];

/**
 * Checks next-auth's double-submit CSRF token: the cookie holds `token|sha256(token + secret)` and the form
 * must send the same token. Forms outside next-auth's own routes (sign-up) use it to get the same protection.
 */
export function verifyCsrfToken(
  cookies: ReadonlyMap<string, string>,
  submitted: unknown,
  secret: string,
): boolean {
  if (typeof submitted !== "string" || submitted.length === 0) return false;
  for (const name of NAMES) {
    const value = cookies.get(name);
    if (!value) continue;
    const [token = "", hash = ""] = value.split("|");
    const expected = createHash("sha256").update(`${token}${secret}`).digest("hex");
    return safeEqual(hash, expected) && safeEqual(token, submitted);
  }
  return false;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
