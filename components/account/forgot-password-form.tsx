"use client";

import { getCsrfToken } from "next-auth/react";
import { useState, type FormEvent } from "react";

import { apiFetch } from "../providers/api-fetch";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/form";
import { Alert } from "../ui/states";

/** Asks for a reset link by email; the answer is the same whether or not the email has an account. */
export function ForgotPasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get("email") ?? "");
    setPending(true);
    setError(null);
    try {
      const csrfToken = await getCsrfToken();
      await apiFetch("/api/auth/forgot-password", { body: { email, csrfToken } });
      setSentTo(email);
    } catch (err) {
      setPending(false);
      setError(err instanceof Error ? err.message : "Sending the link failed. Try again.");
    }
  }

  if (sentTo) {
    return (
      <Alert tone="ok">
        If {sentTo} has an account with a password, a reset link is on its way. It works once, for an hour.
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Field label="Email">
        {(ids) => <Input {...ids} name="email" type="email" autoComplete="email" required autoFocus />}
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Sending…" : "Send reset link"}
      </Button>
    </form>
  );
}
