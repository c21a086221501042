import { withSession } from "@/lib/api/with-session";
import { signOutEverywhere } from "@/lib/auth/account-sessions";

export const POST = withSession({}, async ({ deps, user }) => {
  await signOutEverywhere(deps.store, user);
  return { signed_out: true };
});
