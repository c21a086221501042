import type { Metadata } from "next";
import { redirect } from "next/navigation";

import { SignUpForm } from "@/components/auth/sign-up-form";
import { currentSession } from "@/lib/api/current-session";
import { githubEnabled, loadAuthEnv } from "@/lib/auth/auth-env";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  if (await currentSession()) redirect("/dashboard");
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Create your account</h1>
      <p className="text-muted mt-1 mb-6 text-sm">Get an API key in under a minute. No card needed.</p>
      <SignUpForm github={githubEnabled(loadAuthEnv())} minPasswordLength={MIN_PASSWORD_LENGTH} />
    </>
  );
}
