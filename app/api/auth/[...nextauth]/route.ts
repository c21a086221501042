import NextAuth from "next-auth/next";
import { NextRequest } from "next/server";

import { buildAuthOptions } from "@/lib/auth/auth-options";
import { withoutBadCallbackUrl } from "@/lib/auth/auth-request-guard";
import { getAuthRuntime } from "@/lib/auth/auth-runtime";

type Ctx = { params: Promise<{ nextauth: string[] }> };

/** The request without a callback URL next-auth would answer with a 500 (see auth-request-guard). */
function guarded(req: NextRequest): NextRequest {
  const clean = withoutBadCallbackUrl(new URL(req.url), req.headers.get("cookie"));
  if (!clean.changed) return req;
  const headers = new Headers(req.headers);
  if (clean.cookie) headers.set("cookie", clean.cookie);
  else headers.delete("cookie");
  return new NextRequest(clean.url, {
    method: req.method,
    headers,
    ...(req.body ? { body: req.body, duplex: "half" } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
}

// Options are built on the first request, not at import: the secret may be generated into the data directory,
// which must not happen while `next build` collects routes.
async function handler(req: NextRequest, ctx: Ctx): Promise<Response> {
  return NextAuth(guarded(req), ctx, buildAuthOptions(await getAuthRuntime())) as Promise<Response>;
}

export { handler as GET, handler as POST };
