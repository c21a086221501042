"use client";

import { signOut } from "next-auth/react";
import { useState, type FormEvent } from "react";

import { ApiClientError, apiFetch } from "../providers/api-fetch";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";
import { Alert } from "../ui/states";

type FieldName = "current_password" | "new_password";

/** Current password + new password. A change ends every session, this one too: the user signs in again. */
export function ChangePasswordForm({ minPasswordLength }: { minPasswordLength: number }) {
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setPending(true);
    setError(null);
    setFieldErrors({});
    try {
      await apiFetch("/api/internal/account/password", {
        body: {
          current_password: String(form.get("current_password") ?? ""),
          new_password: String(form.get("new_password") ?? ""),
        },
      });
      await signOut({ callbackUrl: "/sign-in" });
    } catch (err) {
      setPending(false);
      if (
        err instanceof ApiClientError &&
        (err.param === "current_password" || err.param === "new_password")
      ) {
        setFieldErrors({ [err.param]: sentence(err.message.replace(/^\w+: /, "")) });
      } else {
        setError(err instanceof Error ? sentence(err.message) : "Changing the password failed. Try again.");
      }
    }
  }

  return (
    <form onSubmit={onSubmit} className="max-w-sm space-y-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Field label="Current password" error={fieldErrors.current_password}>
        {(ids) => (
          <Input {...ids} name="current_password" type="password" autoComplete="current-password" required />
        )}
      </Field>
      <Field
        label="New password"
        hint={`At least ${minPasswordLength} characters; common passwords are refused.`}
        error={fieldErrors.new_password}
      >
        {(ids) => (
          <Input
            {...ids}
            name="new_password"
            type="password"
            autoComplete="new-password"
            minLength={minPasswordLength}
            required
          />
        )}
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? "Changing…" : "Change password"}
      </Button>
    </form>
  );
}

const sentence = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1).replace(/([^.])$/, "$1.") : s);
