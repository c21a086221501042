import type { Metadata } from "next";

import { ForgotPasswordForm } from "@/components/account/forgot-password-form";
import { Alert } from "@/components/ui/states";
import { signUpSettings } from "@/lib/auth/sign-up-settings";
import { getAppContext } from "@/lib/context";

export const metadata: Metadata = { title: "Forgot password" };

export default async function ForgotPasswordPage() {
  const { log } = await getAppContext();
  const mail = Boolean(signUpSettings(log).mail);
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Forgot your password?</h1>
      {mail ? (
        <>
          <p className="text-muted mt-1 mb-6 text-sm">We will email you a link to choose a new one.</p>
          <ForgotPasswordForm />
        </>
      ) : (
        <Alert tone="info" className="mt-4">
          This server sends no mail. Ask its operator for a reset link: they can make one with{" "}
          <code className="font-mono">lede accounts reset-link EMAIL</code>.
        </Alert>
      )}
    </>
  );
}
