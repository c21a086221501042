import { loadAuthEnv } from "../../lib/auth/auth-env";
import { issueVerificationForEmail, verificationLink } from "../../lib/auth/email-verification";
import { setAccountPlanByEmail } from "../../lib/auth/set-account-plan";
import { loadEnv } from "../../lib/env";
import { PLAN_LIMITS } from "../../lib/plans";
import { withStore } from "../store";

export async function accountsSetTierCommand(opts: { email: string; tier: string }): Promise<void> {
  const r = await withStore((store) => setAccountPlanByEmail(store, opts.email, opts.tier));
  console.log(`account ${r.accountId} (${opts.email}): ${r.from} → ${r.to}`);
  // A running server caches each key's account for up to 30 s.
  process.stderr.write(
    `${PLAN_LIMITS[r.to].monthlyCredits} credits a month, ${PLAN_LIMITS[r.to].requestsPerMinute} requests a minute; ` +
      "a running server applies the change within 30 s.\n",
  );
}

export async function accountsListCommand(opts: { json?: boolean }): Promise<void> {
  const rows = await withStore((store) => store.accounts.listAccounts());
  for (const { account, emails, activeKeys } of rows) {
    if (opts.json) {
      console.log(
        JSON.stringify({
          id: account.id,
          name: account.name,
          plan: account.plan,
          demo: account.isDemo,
          emails,
          active_keys: activeKeys,
          created_at: account.createdAt,
        }),
      );
    } else {
      const who = account.isDemo ? "(sandbox demo)" : emails.join(", ") || "(no users)";
      const created = new Date(account.createdAt).toISOString().slice(0, 10);
      console.log(
        `${String(account.id).padStart(5)}  ${account.plan.padEnd(9)} ${String(activeKeys).padStart(3)} keys  ${created}  ${who}`,
      );
    }
  }
}

/**
 * Prints a link that verifies a user's email, for the operator to pass on to its owner (with mail configured,
 * sign-up sends such links itself). It works once, for 24 hours.
 */
export async function accountsVerifyLinkCommand(opts: { email: string }): Promise<void> {
  const base = loadAuthEnv().NEXTAUTH_URL ?? `http://localhost:${loadEnv().PORT}`;
  const token = await withStore((store) => issueVerificationForEmail(store, opts.email, Date.now()));
  console.log(verificationLink(base, token));
  process.stderr.write(
    `open it within 24 hours to verify ${opts.email.trim().toLowerCase()}; it works once.\n`,
  );
}
