import type { Store } from "../db/store";
import { PLANS, type Plan } from "../db/types";
import { NotFoundError, ValidationError } from "../errors";

/**
 * Operator action (`lede accounts set-tier`): moves the account of the user with this email to another plan.
 * There is no payment processing; plan changes happen only here.
 */
export async function setAccountPlanByEmail(
  store: Store,
  email: string,
  plan: string,
): Promise<{ accountId: number; from: Plan; to: Plan }> {
  if (!(PLANS as readonly string[]).includes(plan)) {
    throw new ValidationError("invalid_parameter", `tier must be one of ${PLANS.join(", ")}`, {
      param: "tier",
    });
  }
  const user = await store.accounts.findUserByEmail(email.trim().toLowerCase());
  if (!user) throw new NotFoundError("user", email);
  const account = await store.accounts.get(user.accountId);
  if (!account) throw new NotFoundError("account", user.accountId);
  await store.accounts.setPlan(account.id, plan as Plan);
  return { accountId: account.id, from: account.plan, to: plan as Plan };
}
