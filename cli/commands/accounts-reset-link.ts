import { issuePasswordReset, RESET_TTL_MS, resetLink } from "../../lib/auth/account-sessions";
import { loadAuthEnv } from "../../lib/auth/auth-env";
import { loadEnv } from "../../lib/env";
import { withStore } from "../store";

/**
 * Prints a one-time password reset link for a user, for the operator to pass on to its owner (with mail
 * configured, the sign-in page's "Forgot your password?" sends such links itself). It works once, for an hour;
 * using it signs the account out everywhere.
 */
export async function accountsResetLinkCommand(opts: { email: string }): Promise<void> {
  const base = loadAuthEnv().NEXTAUTH_URL ?? `http://localhost:${loadEnv().PORT}`;
  const issued = await withStore((store) => issuePasswordReset(store, opts.email, Date.now()));
  if (!issued) throw new Error(`no user with the email ${opts.email.trim().toLowerCase()}`);
  console.log(resetLink(base, issued.token));
  process.stderr.write(
    `open it within ${RESET_TTL_MS / 60_000} minutes to set a new password for ${issued.user.email}; it works once.\n`,
  );
}
