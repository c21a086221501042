import { SiteFooter, SiteHeader } from "@/components/shell/site-header";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { currentSession } from "@/lib/api/current-session";

export default async function NotFound() {
  const session = await currentSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader account={session ? { email: session.user.email } : null} />
      <main id="main" className="mx-auto w-full max-w-3xl flex-1 px-4 py-16">
        <EmptyState
          title="Page not found"
          action={
            <>
              <ButtonLink href="/">Home</ButtonLink>
              <ButtonLink href="/docs" variant="secondary">
                Docs
              </ButtonLink>
            </>
          }
        >
          There is nothing at this address. API endpoints live under /v1.
        </EmptyState>
      </main>
      <SiteFooter />
    </div>
  );
}
