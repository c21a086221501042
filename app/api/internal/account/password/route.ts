import { withSession } from "@/lib/api/with-session";
import { changePassword, ChangePasswordBody } from "@/lib/auth/account-sessions";

export const POST = withSession({ body: ChangePasswordBody }, async ({ deps, user, body, now }) => {
  await changePassword(deps.store, user, body, now);
  return { signed_out: true };
});
