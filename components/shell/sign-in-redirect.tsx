"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** Sends a signed-out visitor of a dashboard page to the sign-in page, with the way back to where they were. */
export function SignInRedirect() {
  const router = useRouter();
  useEffect(() => {
    const back = `${window.location.pathname}${window.location.search}`;
    const target = `/sign-in?callbackUrl=${encodeURIComponent(back)}`;
    router.replace(target);
  }, [router]);
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center p-6">
      <p role="status" className="text-muted text-sm">
        Your session has ended.{" "}
        <Link
          href="/sign-in"
          className="text-accent font-medium underline underline-offset-4 hover:decoration-2"
        >
          Sign in to continue
        </Link>
      </p>
    </main>
  );
}
