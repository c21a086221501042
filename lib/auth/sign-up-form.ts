import "server-only";

import type { Store } from "../db/store";
import { DomainError } from "../errors";
import { SIGN_UP_LIMIT, type AuthGuard } from "./auth-guard";
import { clientAddress, limitKey, type TrustedProxies } from "./client-address";
import type { ScryptCost } from "./password";
import { requestSignUp, signUp, type SignUpBody, type SignUpMail } from "./sign-up";

export interface SignUpSettings {
  trustedProxies: TrustedProxies;
  /** Set when mail is configured: sign-ups are confirmed by a link. */
  mail?: SignUpMail;
  /** Password hashing cost; the default outside tests. */
  scryptCost?: ScryptCost;
}

export type SignUpAnswer = { email: string; status: "created" | "check_email" };

/**
 * The sign-up form: one attempt per call is counted against the caller's address (trusted proxies aside, the
 * socket's peer), then the account is created, or, with mail configured, a confirmation link is sent.
 */
export async function submitSignUp(
  store: Store,
  guard: AuthGuard,
  req: Request,
  body: SignUpBody,
  now: number,
  settings: SignUpSettings,
): Promise<SignUpAnswer> {
  const ip = limitKey(clientAddress(req.headers, settings.trustedProxies));
  const counted = await guard.signUp.hit(ip, SIGN_UP_LIMIT, now);
  if (!counted.allowed) {
    const wait = counted.retryAfterSec;
    throw new DomainError(
      "rate_limited",
      429,
      `too many sign-ups from this address: try again in ${wait} s`,
      {
        retry_after: wait,
      },
    );
  }
  if (settings.mail) return requestSignUp(store, body, settings.mail, now, settings.scryptCost);
  const { user } = await signUp(store, body, settings.scryptCost);
  return { email: user.email, status: "created" };
}
