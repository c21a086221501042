/**
 * Where to go after signing in: only a path on this site. Anything else (an absolute URL, `//host`, `/\host`)
 * could send a freshly signed-in user to a look-alike site.
 */
export function safeCallbackPath(raw: string | string[] | null | undefined, fallback = "/dashboard"): string {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  if (value.startsWith("/sign-in") || value.startsWith("/sign-up") || value.startsWith("/api/"))
    return fallback;
  return value;
}
