import { withCsrfForm } from "@/lib/api/with-session";
import { sharedAuthGuard } from "@/lib/auth/auth-guard";
import { SignUpBody } from "@/lib/auth/sign-up";
import { submitSignUp } from "@/lib/auth/sign-up-form";

export const POST = withCsrfForm({ body: SignUpBody }, async ({ req, body, deps, now }) =>
  submitSignUp(deps.store, sharedAuthGuard(), req, body, now),
);
