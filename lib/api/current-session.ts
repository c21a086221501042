import "server-only";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";

import { getAuthRuntime } from "../auth/auth-runtime";
import { readSessionClaims } from "../auth/session-token";
import { loadSessionUser, type SessionUser } from "../auth/session-user";

const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

/** The signed-in user of the request a server component renders, or null (read once per request). */
export const currentSession = cache(async (): Promise<SessionUser | null> => {
  // cookies() first: it marks the page dynamic before anything touches the data directory (e.g. during a build).
  const jar = await cookies();
  const all = jar.getAll();
  if (!all.some((c) => SESSION_COOKIE.test(c.name))) return null;
  const rt = await getAuthRuntime();
  const map = new Map(all.map((c) => [c.name, c.value]));
  return loadSessionUser(rt.ctx.store, await readSessionClaims(map, rt.secret));
});

/** The signed-in user, or a redirect to the sign-in page that comes back to `path` afterwards. */
export async function requireSession(path: string): Promise<SessionUser> {
  const session = await currentSession();
  if (!session) redirect(`/sign-in?callbackUrl=${encodeURIComponent(path)}`);
  return session;
}

/** The time a server render treats as now: one value per request, so every part of a page agrees. */
export const requestTime = cache((): number => Date.now());
