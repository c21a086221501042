import Link from "next/link";
import type { ReactNode } from "react";

import type { Plan } from "@/lib/db/types";

import { ThemeToggle } from "../theme/theme-toggle";
import { Badge } from "../ui/badge";
import { DemoBanner } from "./demo-banner";
import { Logo } from "./logo";
import { MobileNav } from "./mobile-nav";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

/** The signed-in frame: sidebar navigation on wide screens, a top bar with a menu on narrow ones. */
export function AppShell({
  email,
  plan,
  demo = false,
  children,
}: {
  email: string;
  plan: Plan;
  /** The server runs in demo mode: every story comes from the simulated newswire. */
  demo?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_1fr]">
      <aside className="border-line bg-surface hidden border-r lg:block">
        <div className="sticky top-0 flex h-dvh flex-col">
          <div className="flex h-14 items-center px-5">
            <Logo href="/dashboard" />
          </div>
          <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
            <NavLinks />
          </nav>
        </div>
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="border-line bg-surface/80 sticky top-0 z-30 border-b backdrop-blur">
          <div className="relative flex h-14 items-center gap-2 px-4 sm:px-6">
            <MobileNav />
            <div className="lg:hidden">
              <Logo href="/dashboard" />
            </div>
            <div className="ml-auto flex min-w-0 items-center gap-2">
              <Link
                href="/account"
                className="text-muted hover:text-fg hidden truncate text-sm underline-offset-4 hover:underline sm:inline"
                title={`${email}: account settings`}
              >
                {email}
              </Link>
              <Badge tone={plan === "free" ? "neutral" : "brand"} className="capitalize">
                {plan}
              </Badge>
              <ThemeToggle />
              <SignOutButton />
            </div>
          </div>
        </header>
        {demo ? <DemoBanner /> : null}
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
