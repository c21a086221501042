import type { Metadata } from "next";
import Link from "next/link";

import { ResetPasswordForm } from "@/components/account/reset-password-form";
import { Alert } from "@/components/ui/states";
import { MIN_PASSWORD_LENGTH } from "@/lib/auth/password";

export const metadata: Metadata = { title: "Choose a new password" };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Choose a new password</h1>
      <p className="text-muted mt-1 mb-6 text-sm">Setting it signs your account out everywhere.</p>
      {typeof token === "string" && token ? (
        <ResetPasswordForm token={token} minPasswordLength={MIN_PASSWORD_LENGTH} />
      ) : (
        <Alert tone="danger">
          This link has no reset token. <Link href="/forgot-password">Ask for a new link</Link>.
        </Alert>
      )}
    </>
  );
}
