import type { ReactNode } from "react";

import { QueryProvider } from "@/components/providers/query-provider";
import { AppShell } from "@/components/shell/app-shell";
import { SignInRedirect } from "@/components/shell/sign-in-redirect";
import { currentSession } from "@/lib/api/current-session";

// Signed out, the pages are never rendered: only a redirect to the sign-in page. Pages still call
// requireSession(path) for their data, which redirects on the server with the way back when it runs first.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  if (!session) return <SignInRedirect />;
  return (
    <QueryProvider>
      <AppShell
        email={session.user.email}
        plan={session.account.plan}
        demo={process.env.LEDE_DEMO === "true"}
      >
        {children}
      </AppShell>
    </QueryProvider>
  );
}
