import type { ReactNode } from "react";

import { AppShell } from "@/components/shell/app-shell";
import { PublicFrame } from "@/components/shell/public-frame";
import { currentSession } from "@/lib/api/current-session";

// The docs are public, and also a page of the dashboard: a signed-in reader (who reaches them from the sidebar)
// stays in the app's frame; anyone else gets the public one.
export default async function DocsLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  if (session)
    return (
      <AppShell
        email={session.user.email}
        plan={session.account.plan}
        demo={process.env.LEDE_DEMO === "true"}
      >
        {children}
      </AppShell>
    );
  return (
    <PublicFrame account={null}>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">{children}</div>
    </PublicFrame>
  );
}
