import NextAuth from "next-auth/next";
import { NextRequest } from "next/server";

import { readBodyCapped } from "@/lib/api/body-limit";
import { errorResponse, newRequestId } from "@/lib/api/errors";
import { buildAuthOptions } from "@/lib/auth/auth-options";
import { withoutBadCallbackUrl } from "@/lib/auth/auth-request-guard";
import { getAuthRuntime } from "@/lib/auth/auth-runtime";
import { isDomainError } from "@/lib/errors";

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** Sign-in, sign-out and CSRF forms are a few hundred bytes; next-auth itself would read any body whole. */
const MAX_AUTH_BODY = 16 * 1024;

/**
 * The request with its body read under MAX_AUTH_BODY, and without a callback URL next-auth would answer with a 500
 * (see auth-request-guard).
 */
async function guarded(req: NextRequest): Promise<NextRequest> {
  const clean = withoutBadCallbackUrl(new URL(req.url), req.headers.get("cookie"));
  const body =
    req.method === "GET" || req.method === "HEAD" ? undefined : await readBodyCapped(req, MAX_AUTH_BODY);
  const headers = new Headers(req.headers);
  if (clean.cookie) headers.set("cookie", clean.cookie);
  else headers.delete("cookie");
  return new NextRequest(clean.url, { method: req.method, headers, body });
}

// Options are built on the first request, not at import: the secret may be generated into the data directory,
// which must not happen while `next build` collects routes.
async function handler(req: NextRequest, ctx: Ctx): Promise<Response> {
  let request: NextRequest;
  try {
    request = await guarded(req);
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return errorResponse(e.code, e.status, e.message, newRequestId(), e.details);
  }
  return NextAuth(request, ctx, buildAuthOptions(await getAuthRuntime())) as Promise<Response>;
}

export { handler as GET, handler as POST };
