"use client";

import { getCsrfToken } from "next-auth/react";
import Link from "next/link";
import { useState, type FormEvent } from "react";

import { ApiClientError, apiFetch } from "../providers/api-fetch";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";
import { Alert } from "../ui/states";

/** Sets a new password with the token of a reset link. */
export function ResetPasswordForm({
  token,
  minPasswordLength,
}: {
  token: string;
  minPasswordLength: number;
}) {
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get("password") ?? "");
    setPending(true);
    setError(null);
    setPasswordError(null);
    try {
      const csrfToken = await getCsrfToken();
      await apiFetch("/api/auth/reset-password", { body: { token, password, csrfToken } });
      setDone(true);
    } catch (err) {
      setPending(false);
      if (err instanceof ApiClientError && err.param === "password") {
        setPasswordError(sentence(err.message.replace(/^\w+: /, "")));
      } else {
        setError(err instanceof Error ? sentence(err.message) : "Resetting the password failed. Try again.");
      }
    }
  }

  if (done) {
    return (
      <div className="space-y-4">
        <Alert tone="ok">Your password is changed, and every session of your account has ended.</Alert>
        <Link href="/sign-in" className="text-accent font-medium underline underline-offset-4">
          Sign in with the new password
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Field
        label="New password"
        hint={`At least ${minPasswordLength} characters; common passwords are refused.`}
        error={passwordError ?? undefined}
      >
        {(ids) => (
          <Input
            {...ids}
            name="password"
            type="password"
            autoComplete="new-password"
            minLength={minPasswordLength}
            required
            autoFocus
          />
        )}
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving…" : "Set new password"}
      </Button>
    </form>
  );
}

const sentence = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1).replace(/([^.])$/, "$1.") : s);
