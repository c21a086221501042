import { withBodyLimit } from "@/lib/api/body-limit";
import { withCsrfForm } from "@/lib/api/with-session";
import { verifyEmail, VerifyEmailBody } from "@/lib/auth/email-verification";

export const POST = withBodyLimit(
  4096,
  withCsrfForm({ body: VerifyEmailBody }, async ({ body, deps, now }) => {
    const user = await verifyEmail(deps.store, body.token, now);
    return { email: user.email, verified: true };
  }),
);
