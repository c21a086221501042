import type { ReactNode } from "react";

import { SiteFooter, SiteHeader } from "./site-header";

/** The public pages' frame (home, docs for a signed-out reader): header, content, footer. */
export function PublicFrame({
  account,
  children,
}: {
  account: { email: string } | null;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader account={account} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
