import "server-only";

import { z } from "zod";

import type { Store } from "../db/store";
import type { Account, User } from "../db/types";
import { DomainError } from "../errors";
import { hashPassword, NewPassword, type ScryptCost } from "./password";

export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, "is too long")
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an email address");

export const SignUpBody = z.object({
  email: Email,
  password: NewPassword,
  name: z.string().trim().max(100, "is too long").optional(),
});
export type SignUpBody = z.infer<typeof SignUpBody>;

/** Creates a user with a password and its own account on the free plan. */
export async function signUp(
  store: Store,
  input: SignUpBody,
  cost?: ScryptCost,
): Promise<{ user: User; account: Account }> {
  if (await store.accounts.findUserByEmail(input.email)) throw emailTaken();
  const passwordHash = await hashPassword(input.password, cost);
  try {
    return await store.accounts.createWithUser({
      email: input.email,
      name: input.name || null,
      plan: "free",
      passwordHash,
    });
  } catch (e) {
    // Two sign-ups with one email at once: the unique index lets one through.
    if (await store.accounts.findUserByEmail(input.email)) throw emailTaken();
    throw e;
  }
}

const emailTaken = () =>
  new DomainError("email_taken", 409, "an account with this email already exists: sign in instead", {
    param: "email",
  });
