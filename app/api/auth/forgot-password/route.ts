import { withCsrfForm } from "@/lib/api/with-session";
import { clientAddress, limitKey } from "@/lib/auth/client-address";
import { ForgotPasswordBody, requestPasswordReset } from "@/lib/auth/forgot-password";
import { signUpSettings } from "@/lib/auth/sign-up-settings";
import { DomainError } from "@/lib/errors";

export const POST = withCsrfForm({ body: ForgotPasswordBody }, async ({ req, body, deps, now }) => {
  const settings = signUpSettings(deps.log);
  if (!settings.mail) {
    throw new DomainError(
      "mail_not_configured",
      404,
      "this server sends no mail: ask its operator for a reset link (lede accounts reset-link)",
    );
  }
  const client = limitKey(clientAddress(req.headers, settings.trustedProxies));
  return requestPasswordReset(deps.store, body, client, settings.mail, now);
});
