import "server-only";

import { createHash, randomBytes } from "node:crypto";

import { z } from "zod";

import type { Store } from "../db/store";
import type { User } from "../db/types";
import { DomainError } from "../errors";

/** The confirm button's request: the token from the link. */
export const VerifyEmailBody = z.object({ token: z.string().max(200) });

/** How long a verification link works. */
export const VERIFICATION_TTL_MS = 24 * 3_600_000;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export interface NewVerification {
  email: string;
  /** Set to verify an existing user; null for a pending sign-up. */
  userId: number | null;
  name?: string | null;
  passwordHash?: string | null;
}

/** Stores a single-use link token (only its hash) and returns the token itself, to be sent or printed once. */
export async function issueVerification(store: Store, input: NewVerification, now: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await store.verifications.insert({
    tokenHash: hashToken(token),
    email: input.email,
    userId: input.userId,
    name: input.name ?? null,
    passwordHash: input.passwordHash ?? null,
    createdAt: now,
    expiresAt: now + VERIFICATION_TTL_MS,
  });
  return token;
}

/** The page a link opens: it asks for a click, so mail scanners that fetch links do not use the token up. */
export function verificationLink(baseUrl: string, token: string): string {
  const url = new URL("/verify-email", baseUrl);
  url.searchParams.set("token", token);
  return url.toString();
}

/** Opens a link: verifies its user, or creates the pending sign-up's account. Throws for a bad link. */
export async function verifyEmail(store: Store, token: string, now: number): Promise<User> {
  const outcome = /^[\w-]{43}$/.test(token)
    ? await store.verifications.consume(hashToken(token), now)
    : ({ status: "invalid" } as const);
  if (outcome.status === "verified") return outcome.user;
  if (outcome.status === "email_taken") {
    throw new DomainError("email_taken", 409, "an account with this email exists already: sign in instead");
  }
  throw new DomainError(
    "invalid_token",
    400,
    "this link is invalid, already used or expired: sign up again for a new one",
  );
}

/** A link that verifies the user with this email, for the operator to pass on when no mail is configured. */
export async function issueVerificationForEmail(store: Store, email: string, now: number): Promise<string> {
  const user = await store.accounts.findUserByEmail(email.trim().toLowerCase());
  if (!user) throw new DomainError("not_found", 404, `no user with the email ${email}`);
  if (user.emailVerifiedAt)
    throw new DomainError("already_verified", 409, `${user.email} is verified already`);
  return issueVerification(store, { email: user.email, userId: user.id }, now);
}
