import { withCsrfForm } from "@/lib/api/with-session";
import { resetPassword, ResetPasswordBody } from "@/lib/auth/account-sessions";

export const POST = withCsrfForm({ body: ResetPasswordBody }, async ({ body, deps, now }) => {
  await resetPassword(deps.store, body, now);
  return { reset: true };
});
