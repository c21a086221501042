import "server-only";

import { cookies } from "next/headers";

import { getAuthRuntime } from "../auth/auth-runtime";
import { readSessionUserId } from "../auth/session-token";
import { loadSessionUser, type SessionUser } from "../auth/session-user";

/** The signed-in user of the request a server component renders, or null. */
export async function currentSession(): Promise<SessionUser | null> {
  const rt = await getAuthRuntime();
  const jar = await cookies();
  const map = new Map(jar.getAll().map((c) => [c.name, c.value]));
  return loadSessionUser(rt.ctx.store, await readSessionUserId(map, rt.secret));
}
