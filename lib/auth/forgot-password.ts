import "server-only";

import { z } from "zod";

import type { Store } from "../db/store";
import { DomainError } from "../errors";
import type { Mailer, MailMessage } from "../mail/mailer";
import { issuePasswordReset, RESET_TTL_MS, resetLink } from "./account-sessions";
import { Email } from "./sign-up";

const MINUTE = 60_000;

/** What sending reset links needs: a mailer, the site's public URL, and how to send without waiting. */
export interface ResetMail {
  mailer: Mailer;
  baseUrl: string;
  /** Sends in the background (a slow mail server must not tell who has an account by the answer's timing). */
  deliver: (sending: Promise<void>) => void;
}

export const ForgotPasswordBody = z.object({ email: Email });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBody>;

/**
 * "Forgot password": mails a reset link when the email has an account with a password, and answers the same
 * either way, so the form never says whether an account exists. At most 3 links per email and 20 per client
 * address an hour.
 */
export async function requestPasswordReset(
  store: Store,
  input: ForgotPasswordBody,
  client: string,
  mail: ResetMail,
  now: number,
): Promise<{ sent: true }> {
  const hour = 60 * MINUTE;
  const wait = await store.auth.claimSignInAttempt(
    [
      { key: `reset-mail:${input.email}`, limit: 3, baseMs: hour, maxMs: hour, forgetMs: hour },
      { key: `reset-client:${client}`, limit: 20, baseMs: hour, maxMs: hour, forgetMs: hour },
    ],
    now,
  );
  if (wait > 0) {
    throw new DomainError("rate_limited", 429, `too many reset requests: try again in ${wait} s`, {
      retry_after: wait,
    });
  }
  const user = await store.accounts.findUserByEmail(input.email);
  if (user?.passwordHash) {
    const issued = await issuePasswordReset(store, user.email, now);
    if (issued)
      mail.deliver(mail.mailer.send(resetMessage(user.email, resetLink(mail.baseUrl, issued.token))));
  }
  return { sent: true };
}

function resetMessage(to: string, link: string): MailMessage {
  return {
    to,
    subject: "Reset your Lede password",
    text: [
      "Someone, hopefully you, asked to reset the password of the Lede account with this email address.",
      "",
      `To choose a new password, open this link within ${RESET_TTL_MS / MINUTE} minutes:`,
      link,
      "",
      "The link works once. Setting a new password signs the account out everywhere.",
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ].join("\n"),
  };
}
