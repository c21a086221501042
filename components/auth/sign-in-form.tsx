"use client";

import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";
import { Alert } from "../ui/states";
import { GitHubButton } from "./github-button";
import { signInErrorMessage } from "./sign-in-errors";

export function SignInForm({
  callbackUrl,
  initialError,
  github,
}: {
  callbackUrl: string;
  initialError: string | null;
  github: boolean;
}) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(signInErrorMessage(initialError));
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    try {
      const res = await signIn("credentials", {
        email: String(form.get("email") ?? ""),
        password: String(form.get("password") ?? ""),
        redirect: false,
        callbackUrl,
      });
      if (!res || res.error) {
        setError(signInErrorMessage(res?.error ?? "Unknown"));
        setPending(false);
        return;
      }
      router.replace(callbackUrl);
      router.refresh();
    } catch {
      setError("The server could not be reached. Check your connection and try again.");
      setPending(false);
    }
  }

  return (
    <div className="space-y-5">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
        <Field label="Email">
          {(ids) => <Input {...ids} name="email" type="email" autoComplete="email" required autoFocus />}
        </Field>
        <Field label="Password">
          {(ids) => (
            <Input {...ids} name="password" type="password" autoComplete="current-password" required />
          )}
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Signing in…" : "Sign in"}
        </Button>
        <p className="text-right text-sm">
          <Link href="/forgot-password" className="text-muted underline-offset-4 hover:underline">
            Forgot your password?
          </Link>
        </p>
      </form>
      {github ? <GitHubButton callbackUrl={callbackUrl} /> : null}
      <p className="text-muted text-center text-sm">
        New to Lede?{" "}
        <Link
          href="/sign-up"
          className="text-accent font-medium underline underline-offset-4 hover:decoration-2"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}
