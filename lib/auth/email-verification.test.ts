import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { tempStore } from "../testing/temp-store";
import {
  issueVerification,
  issueVerificationForEmail,
  VERIFICATION_TTL_MS,
  verificationLink,
  verifyEmail,
} from "./email-verification";
import { signUp, SignUpBody } from "./sign-up";

const FAST = { N: 1024, r: 8, p: 1 };
let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

describe("email verification links", () => {
  it("verify an existing user once, and only within their lifetime", async () => {
    await signUp(store, SignUpBody.parse({ email: "ana@example.test", password: "anas-long-pass" }), FAST);
    const t0 = 1_000_000;
    const late = await issueVerificationForEmail(store, "ana@example.test", t0);
    await expect(verifyEmail(store, late, t0 + VERIFICATION_TTL_MS)).rejects.toMatchObject({
      code: "invalid_token",
    });
    const token = await issueVerificationForEmail(store, "ANA@example.test", t0);
    const user = await verifyEmail(store, token, t0 + 1);
    expect(user.emailVerifiedAt).toBe(t0 + 1);
    await expect(verifyEmail(store, token, t0 + 2)).rejects.toMatchObject({ code: "invalid_token" });
    await expect(issueVerificationForEmail(store, "ana@example.test", t0)).rejects.toMatchObject({
      code: "already_verified",
    });
    await expect(issueVerificationForEmail(store, "ghost@example.test", t0)).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("store only the token's hash, and refuse made-up tokens", async () => {
    const token = await issueVerification(
      store,
      { email: "p@example.test", userId: null, passwordHash: "h" },
      5,
    );
    const rows = store.db.prepare("SELECT token_hash FROM email_verifications").all() as Array<{
      token_hash: string;
    }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    await expect(verifyEmail(store, "x".repeat(43), 6)).rejects.toMatchObject({ code: "invalid_token" });
    await expect(verifyEmail(store, "", 6)).rejects.toMatchObject({ code: "invalid_token" });
  });

  it("do not create a pending sign-up's account when the email got one meanwhile", async () => {
    const token = await issueVerification(
      store,
      { email: "gh@example.test", userId: null, passwordHash: "h" },
      5,
    );
    await store.accounts.createWithUser({ email: "gh@example.test", plan: "free", emailVerifiedAt: 5 });
    await expect(verifyEmail(store, token, 6)).rejects.toMatchObject({ code: "email_taken" });
  });

  it("point at the confirm page of the public origin", () => {
    expect(verificationLink("https://lede.example/base", "abc")).toBe(
      "https://lede.example/verify-email?token=abc",
    );
  });
});
