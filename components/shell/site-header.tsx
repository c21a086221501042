import Link from "next/link";

import { ThemeToggle } from "../theme/theme-toggle";
import { ButtonLink } from "../ui/button";
import { Logo } from "./logo";

/**
 * The public pages' header. It takes the signed-in account from the layout (null when signed out) rather than
 * looking it up itself: a signed-in reader sees their account and the way back to the dashboard, never "Sign in".
 * A signed-out visitor costs only a cookie check.
 */
export function SiteHeader({ account }: { account: { email: string } | null }) {
  return (
    <header className="border-line bg-surface/80 sticky top-0 z-30 border-b backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="text-muted ml-2 hidden items-center gap-1 text-sm sm:flex">
          <Link href="/docs" className="hover:text-fg rounded-md px-2 py-1">
            Docs
          </Link>
          <Link href="/#plans" className="hover:text-fg rounded-md px-2 py-1">
            Plans
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-1.5">
          <ThemeToggle />
          {account ? (
            <>
              <Link
                href="/account"
                data-testid="site-account"
                className="text-muted hover:text-fg hidden max-w-56 truncate px-2 text-sm underline-offset-4 hover:underline sm:inline"
                title={`${account.email}: account settings`}
              >
                {account.email}
              </Link>
              <ButtonLink href="/dashboard" size="sm">
                Dashboard
              </ButtonLink>
            </>
          ) : (
            <>
              <ButtonLink href="/sign-in" variant="ghost" size="sm">
                Sign in
              </ButtonLink>
              <ButtonLink href="/sign-up" size="sm">
                Get started
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-line text-muted mt-16 border-t">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-sm sm:px-6">
        <p>Lede: self-hosted news intelligence. Apache-2.0.</p>
        <nav aria-label="Footer" className="flex gap-4">
          <Link href="/docs" className="hover:text-fg">
            Docs
          </Link>
          <Link href="/v1/version" className="hover:text-fg" prefetch={false}>
            API version
          </Link>
        </nav>
      </div>
    </footer>
  );
}
