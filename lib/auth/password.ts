import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt setting with 32 MiB of memory (N=2^15, r=8, p=3): the same work as N=2^17 with a quarter of
 * the memory, so concurrent sign-ins cannot exhaust the server's RAM. Hashes record their own cost, so it can be
 * raised later without invalidating stored passwords.
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LEN = 64;
const SALT_LEN = 16;
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;
/** Fewer different characters than this ("aaaaaaaaaa", "1212121212") is a pattern, not a password. */
const MIN_DISTINCT_CHARS = 4;

let common: Set<string> | undefined;

/**
 * What is wrong with a new password, as a phrase that completes "password: …", or null when it may be used.
 * Length bounds, too few different characters, and the 49k most common passwords of public breach corpora
 * (zxcvbn's list), compared case-insensitively, also with a trailing run of digits and symbols removed
 * ("Welcome2024!" is "welcome").
 */
export function passwordProblem(password: string): string | null {
  const chars = [...password];
  if (chars.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (chars.length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (new Set(chars).size < MIN_DISTINCT_CHARS) return "repeats too few characters: choose a longer phrase";
  common ??= new Set(dictionary["passwords-common"]);
  const lower = password.normalize("NFKC").toLowerCase();
  const stem = lower.replace(/[\p{N}\p{P}\p{S}\s]+$/u, "");
  if (common.has(lower) || (stem.length >= 4 && common.has(stem)))
    return "is one of the most common passwords: choose another";
  return null;
}

/** A password someone chooses (sign-up, change, reset): the rules of `passwordProblem`. */
export const NewPassword = z.string().superRefine((pw, ctx) => {
  const problem = passwordProblem(pw);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const opts: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url parts), with a fresh random salt per password. */
export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(SALT_LEN);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Compares in constant time; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4] ?? "", "base64url");
  const expected = Buffer.from(parts[5] ?? "", "base64url");
  if (expected.length !== KEY_LEN) return false;
  const actual = await derive(password, salt, { N, r, p });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | undefined;

/**
 * Spends the time a real check takes, for sign-ins with an unknown email: the response time must not reveal
 * whether an account exists.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummy ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(password, await dummy);
}
