"use client";

import { getCsrfToken, signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { ApiClientError, apiFetch } from "../providers/api-fetch";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";
import { Alert } from "../ui/states";
import { GitHubButton } from "./github-button";

type FieldName = "email" | "password" | "name";

export function SignUpForm({ github, minPasswordLength }: { github: boolean; minPasswordLength: number }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const email = String(form.get("email") ?? "");
    const password = String(form.get("password") ?? "");
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      const csrfToken = await getCsrfToken();
      const answer = await apiFetch<{ email: string; status: "created" | "check_email" }>(
        "/api/auth/sign-up",
        {
          body: { email, password, name: String(form.get("name") ?? "") || undefined, csrfToken },
        },
      );
      if (answer.status === "check_email") {
        setSentTo(answer.email);
        return;
      }
      const res = await signIn("credentials", { email, password, redirect: false });
      if (!res || res.error)
        throw new ApiClientError("Your account is ready: sign in to continue.", "signin", 0);
      router.replace("/keys?welcome=1");
      router.refresh();
    } catch (err) {
      setPending(false);
      if (
        err instanceof ApiClientError &&
        (err.param === "email" || err.param === "password" || err.param === "name")
      ) {
        setFieldErrors({ [err.param]: sentence(err.message.replace(/^\w+: /, "")) });
      } else {
        setError(err instanceof Error ? sentence(err.message) : "Signing up failed. Try again.");
      }
    }
  }

  if (sentTo) {
    return (
      <Alert tone="ok">
        Check your inbox: if {sentTo} can be used for a new account, a link to confirm it is on its way. Open
        it within 24 hours to finish.
      </Alert>
    );
  }

  return (
    <div className="space-y-5">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <form onSubmit={onSubmit} className="space-y-4">
        <Field label="Name (optional)" error={fieldErrors.name}>
          {(ids) => <Input {...ids} name="name" autoComplete="name" maxLength={100} />}
        </Field>
        <Field label="Email" error={fieldErrors.email}>
          {(ids) => <Input {...ids} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field
          label="Password"
          hint={`At least ${minPasswordLength} characters; common passwords are refused.`}
          error={fieldErrors.password}
        >
          {(ids) => (
            <Input
              {...ids}
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={minPasswordLength}
              required
            />
          )}
        </Field>
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Creating your account…" : "Create account"}
        </Button>
        <p className="text-muted text-xs">New accounts start on the free plan: 1,000 credits a month.</p>
      </form>
      {github ? <GitHubButton callbackUrl="/keys?welcome=1" /> : null}
      <p className="text-muted text-center text-sm">
        Already have an account?{" "}
        <Link
          href="/sign-in"
          className="text-accent font-medium underline underline-offset-4 hover:decoration-2"
        >
          Sign in
        </Link>
      </p>
    </div>
  );
}

const sentence = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1).replace(/([^.])$/, "$1.") : s);
