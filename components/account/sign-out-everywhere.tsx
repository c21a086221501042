"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";

import { apiFetch } from "../providers/api-fetch";
import { Button } from "../ui/button";
import { Alert } from "../ui/states";

/** Ends every session of the user (other browsers, a lost laptop), then this one. */
export function SignOutEverywhere() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Button
        variant="danger"
        disabled={pending}
        onClick={async () => {
          setPending(true);
          setError(null);
          try {
            await apiFetch("/api/internal/account/sign-out-everywhere", { body: {} });
            await signOut({ callbackUrl: "/sign-in" });
          } catch (err) {
            setPending(false);
            setError(err instanceof Error ? err.message : "Signing out failed. Try again.");
          }
        }}
      >
        {pending ? "Signing out…" : "Sign out everywhere"}
      </Button>
    </div>
  );
}
