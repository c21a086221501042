"use client";

import { getCsrfToken } from "next-auth/react";
import Link from "next/link";
import { useState } from "react";

import { apiFetch } from "../providers/api-fetch";
import { Button } from "../ui/button";
import { Alert } from "../ui/states";

/** The button a verification link leads to: the token is used on a click, never by merely opening the page. */
export function VerifyEmailForm({ token }: { token: string }) {
  const [state, setState] = useState<"idle" | "pending" | "done">("idle");
  const [error, setError] = useState<string | null>(
    token ? null : "This link has no token: open the link from the email.",
  );

  async function confirm() {
    setState("pending");
    setError(null);
    try {
      const csrfToken = await getCsrfToken();
      await apiFetch("/api/auth/verify-email", { body: { token, csrfToken } });
      setState("done");
    } catch (err) {
      setState("idle");
      const message = err instanceof Error ? err.message : "Confirming failed. Try again.";
      setError(message[0]!.toUpperCase() + message.slice(1).replace(/([^.])$/, "$1."));
    }
  }

  if (state === "done") {
    return (
      <div className="space-y-5">
        <Alert tone="ok">Your email is confirmed.</Alert>
        <Link href="/sign-in" className="text-accent font-medium underline underline-offset-4">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <div className="space-y-5">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Button
        type="button"
        className="w-full"
        disabled={!token || state === "pending"}
        onClick={() => void confirm()}
      >
        {state === "pending" ? "Confirming…" : "Confirm email"}
      </Button>
    </div>
  );
}
