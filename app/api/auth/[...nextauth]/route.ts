import NextAuth from "next-auth/next";
import type { NextRequest } from "next/server";

import { buildAuthOptions } from "@/lib/auth/auth-options";
import { getAuthRuntime } from "@/lib/auth/auth-runtime";

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Options are built on the first request, not at import: the secret may be generated into the data directory,
// which must not happen while `next build` collects routes.
async function handler(req: NextRequest, ctx: Ctx): Promise<Response> {
  return NextAuth(req, ctx, buildAuthOptions(await getAuthRuntime())) as Promise<Response>;
}

export { handler as GET, handler as POST };
