import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { SignInForm } from "@/components/auth/sign-in-form";
import { currentSession } from "@/lib/api/current-session";
import { githubEnabled, loadAuthEnv } from "@/lib/auth/auth-env";
import { safeCallbackPath } from "@/lib/auth/safe-callback";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeCallbackPath(params.callbackUrl);
  if (await currentSession()) redirect(callbackUrl);
  const error = typeof params.error === "string" ? params.error : null;
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Sign in to Lede</h1>
      <p className="text-muted mt-1 mb-6 text-sm">Manage your API keys and watch your usage.</p>
      <SignInForm callbackUrl={callbackUrl} initialError={error} github={githubEnabled(loadAuthEnv())} />
    </>
  );
}
