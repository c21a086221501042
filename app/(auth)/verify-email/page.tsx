import type { Metadata } from "next";

import { VerifyEmailForm } from "@/components/auth/verify-email-form";

export const metadata: Metadata = { title: "Confirm your email" };

export default async function VerifyEmailPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  return (
    <>
      <h1 className="text-xl font-semibold tracking-tight">Confirm your email</h1>
      <p className="text-muted mt-1 mb-6 text-sm">One click and your email address is confirmed.</p>
      <VerifyEmailForm token={token} />
    </>
  );
}
