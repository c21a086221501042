import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { z } from "zod";

import type { Store } from "../db/store";
import type { User } from "../db/types";
import { DomainError } from "../errors";
import { hashPassword, MAX_PASSWORD_LENGTH, NewPassword, verifyPassword, type ScryptCost } from "./password";

const MINUTE = 60_000;

/** Ends every session of the user, this one included (the session version moves on). */
export async function signOutEverywhere(store: Store, user: User): Promise<void> {
  await store.auth.bumpSessionVersion(user.id);
}

export const ChangePasswordBody = z.object({
  current_password: z.string().max(MAX_PASSWORD_LENGTH, "is too long"),
  new_password: NewPassword,
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/**
 * Changes a signed-in user's password: the current one must be given (a borrowed session alone cannot take the
 * account over), and its checks are limited like sign-ins (5 wrong, then waits from 1 min, doubling). The new
 * password follows the sign-up rules. Every session ends, this one included; open reset links stop working.
 */
export async function changePassword(
  store: Store,
  user: User,
  input: ChangePasswordBody,
  now: number,
  cost?: ScryptCost,
): Promise<void> {
  const rule = {
    key: `password-change:${user.id}`,
    limit: 5,
    baseMs: MINUTE,
    maxMs: 15 * MINUTE,
    forgetMs: 60 * MINUTE,
  };
  const wait = await store.auth.claimSignInAttempt([rule], now);
  if (wait > 0) {
    throw new DomainError("rate_limited", 429, `too many wrong passwords: try again in ${wait} s`, {
      retry_after: wait,
    });
  }
  if (!user.passwordHash || !(await verifyPassword(input.current_password, user.passwordHash))) {
    throw new DomainError("invalid_credentials", 403, "the current password is wrong", {
      param: "current_password",
    });
  }
  await store.auth.settleSignIn([rule.key], []);
  await store.auth.setPassword(user.id, await hashPassword(input.new_password, cost));
}

/** How long a reset link works. */
export const RESET_TTL_MS = 60 * MINUTE;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A single-use password reset token for the user with this email, valid for RESET_TTL_MS; null when there is no
 * such user. Only the token's SHA-256 is stored.
 */
export async function issuePasswordReset(
  store: Store,
  email: string,
  now: number,
): Promise<{ token: string; user: User; expiresAt: number } | null> {
  const user = await store.accounts.findUserByEmail(email.trim().toLowerCase());
  if (!user) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = now + RESET_TTL_MS;
  await store.auth.insertPasswordReset({
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt,
  });
  return { token, user, expiresAt };
}

/** The reset page's address for a token, under the site's public base URL. */
export function resetLink(baseUrl: string, token: string): string {
  const url = new URL("/reset-password", baseUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

export const ResetPasswordBody = z.object({
  token: z.string().min(1, "is required").max(200, "is too long"),
  password: NewPassword,
});
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/**
 * Sets a new password with a reset token: once, before it expires. Every session of the user ends and the user's
 * other reset tokens stop working.
 */
export async function resetPassword(
  store: Store,
  input: ResetPasswordBody,
  now: number,
  cost?: ScryptCost,
): Promise<void> {
  // The token is looked at before the costly hash (an unknown token costs a lookup), then spent atomically.
  const tokenHash = hashToken(input.token);
  const userId =
    (await store.auth.passwordResetUser(tokenHash, now)) === null
      ? null
      : await store.auth.consumePasswordReset(tokenHash, await hashPassword(input.password, cost), now);
  if (userId === null) {
    throw new DomainError(
      "invalid_reset_token",
      400,
      "this reset link is used up or expired: ask for a new one",
      {
        param: "token",
      },
    );
  }
}
