import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { tempStore } from "../testing/temp-store";
import { issueVerificationForEmail, verifyEmail } from "./email-verification";
import { findOrCreateOAuthUser } from "./oauth-user";
import { signUp, SignUpBody } from "./sign-up";

const FAST = { N: 1024, r: 8, p: 1 };
let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

describe("findOrCreateOAuthUser", () => {
  it("never links a GitHub sign-in to an account someone registered with that email but never confirmed", async () => {
    // Someone pre-registers the victim's address with a password they chose.
    const { user: squatter } = await signUp(
      store,
      SignUpBody.parse({ email: "victim@example.test", password: "attacker-pass-1" }),
      FAST,
    );
    expect(squatter.emailVerifiedAt).toBeNull();
    // The victim signs in with GitHub, which vouches for the address: refused, not linked.
    await expect(findOrCreateOAuthUser(store, "Victim@example.test", "Victim")).rejects.toMatchObject({
      code: "email_unverified",
      status: 403,
    });
    const after = await store.accounts.findUserByEmail("victim@example.test");
    expect(after).toEqual(squatter);
  });

  it("links to an account once its email is verified, and creates new users verified", async () => {
    await signUp(store, SignUpBody.parse({ email: "ana@example.test", password: "anas-long-pass" }), FAST);
    await verifyEmail(
      store,
      await issueVerificationForEmail(store, "ana@example.test", Date.now()),
      Date.now(),
    );
    const ana = await store.accounts.findUserByEmail("ana@example.test");
    expect((await findOrCreateOAuthUser(store, "ana@example.test", null)).id).toBe(ana!.id);

    const fresh = await findOrCreateOAuthUser(store, "New@example.test", "New", 1234);
    expect(fresh).toMatchObject({ email: "new@example.test", emailVerifiedAt: 1234, passwordHash: null });
  });
});
