import { withBodyLimit } from "@/lib/api/body-limit";
import { withCsrfForm } from "@/lib/api/with-session";
import { sharedAuthGuard } from "@/lib/auth/auth-guard";
import { SignUpBody } from "@/lib/auth/sign-up";
import { submitSignUp } from "@/lib/auth/sign-up-form";
import { signUpSettings } from "@/lib/auth/sign-up-settings";

/** A sign-up form is a few hundred bytes; anything past this is refused before it is read. */
const MAX_BODY_BYTES = 16 * 1024;

export const POST = withBodyLimit(
  MAX_BODY_BYTES,
  withCsrfForm({ body: SignUpBody }, async ({ req, body, deps, now }) =>
    submitSignUp(deps.store, sharedAuthGuard(), req, body, now, signUpSettings(deps.log)),
  ),
);
