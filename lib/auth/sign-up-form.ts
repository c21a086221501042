import "server-only";

import type { Store } from "../db/store";
import { DomainError } from "../errors";
import { clientAddress, type AuthGuard } from "./auth-guard";
import { signUp, type SignUpBody } from "./sign-up";

/** The sign-up form: one attempt per call is counted against the caller's address, then the account is created. */
export async function submitSignUp(
  store: Store,
  guard: AuthGuard,
  req: Request,
  body: SignUpBody,
  now: number,
): Promise<{ email: string }> {
  const ip = clientAddress(Object.fromEntries(req.headers));
  const wait = guard.signUp.blockedFor(ip, now);
  if (wait > 0) {
    throw new DomainError(
      "rate_limited",
      429,
      `too many sign-ups from this address: try again in ${wait} s`,
      {
        retry_after: wait,
      },
    );
  }
  guard.signUp.fail(ip, now);
  const { user } = await signUp(store, body);
  return { email: user.email };
}
