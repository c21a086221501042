import type { ReactNode } from "react";

import { PublicFrame } from "@/components/shell/public-frame";
import { currentSession } from "@/lib/api/current-session";

// A signed-in reader of the public pages sees their account in the header. Reading the session makes these pages
// render per request; without a session cookie that is a cookie check and nothing more.
export default async function MarketingLayout({ children }: { children: ReactNode }) {
  const session = await currentSession();
  return <PublicFrame account={session ? { email: session.user.email } : null}>{children}</PublicFrame>;
}
