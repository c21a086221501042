import "server-only";

import { z } from "zod";

import type { Store } from "../db/store";
import type { Account, User } from "../db/types";
import { DomainError } from "../errors";
import type { Mailer } from "../mail/mailer";
import { accountExistsMessage, signUpLinkMessage } from "../mail/messages";
import { issueVerification, VERIFICATION_TTL_MS, verificationLink } from "./email-verification";
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

/**
 * Creates a user with a password and its own account on the free plan, at once: how sign-up works when no mail is
 * configured. The email stays unverified (no OAuth identity is ever linked to it) until the operator's link
 * (`lede accounts verify-link`) is opened.
 */
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

/** How sign-up confirms emails when mail is configured. */
export interface SignUpMail {
  mailer: Mailer;
  /** The public origin links point to (NEXTAUTH_URL). */
  baseUrl: string;
  /** Takes the sending of a message, which the answer does not wait for (its time would tell what was sent). */
  deliver: (sending: Promise<void>) => void;
}

/** Links sent to one address per hour, at most; past that sign-up still answers the same, and sends nothing. */
export const LINKS_PER_ADDRESS_PER_HOUR = 3;
const HOUR = 3_600_000;
const lastNotice = new Map<string, number>();

/**
 * Sign-up when mail is configured. Nothing is created yet: a new email gets a link whose opening creates the
 * account (with this password), and an email that has an account gets a notice instead. The caller learns
 * nothing either way, by answer or by time: the password is hashed in both cases and mail goes out afterwards.
 */
export async function requestSignUp(
  store: Store,
  input: SignUpBody,
  mail: SignUpMail,
  now: number,
  cost?: ScryptCost,
): Promise<{ email: string; status: "check_email" }> {
  const passwordHash = await hashPassword(input.password, cost);
  const existing = await store.accounts.findUserByEmail(input.email);
  if (existing) {
    const last = lastNotice.get(existing.email) ?? 0;
    if (now - last >= HOUR) {
      lastNotice.set(existing.email, now);
      if (lastNotice.size > 10_000) lastNotice.clear();
      const signIn = new URL("/sign-in", mail.baseUrl).toString();
      mail.deliver(mail.mailer.send(accountExistsMessage(existing.email, signIn)));
    }
  } else if ((await store.verifications.countSince(input.email, now - HOUR)) < LINKS_PER_ADDRESS_PER_HOUR) {
    const token = await issueVerification(
      store,
      { email: input.email, userId: null, name: input.name || null, passwordHash },
      now,
    );
    const link = verificationLink(mail.baseUrl, token);
    mail.deliver(mail.mailer.send(signUpLinkMessage(input.email, link, VERIFICATION_TTL_MS / HOUR)));
  }
  return { email: input.email, status: "check_email" };
}
