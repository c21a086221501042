import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { AppContext } from "../context";
import { tempStore } from "../testing/temp-store";
import { createAuthGuard } from "./auth-guard";
import { buildAuthOptions, RATE_LIMITED_ERROR } from "./auth-options";
import type { AuthRuntime } from "./auth-runtime";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { signUp, SignUpBody } from "./sign-up";

let store: ReturnType<typeof tempStore>;
let rt: AuthRuntime;
beforeEach(async () => {
  store = tempStore();
  rt = {
    ctx: { store, log: pino({ level: "silent" }) } as unknown as AppContext,
    env: {},
    secret: "x".repeat(64),
    guard: createAuthGuard(),
  };
  await signUp(store, SignUpBody.parse({ email: "ana@example.test", password: "tidal-basin-41" }), {
    N: 1024,
    r: 8,
    p: 1,
  });
});
afterEach(() => store.cleanup());

type Authorize = (
  c: Record<string, string>,
  req: { headers: Record<string, string> },
) => Promise<{ id: string } | null>;
const authorize = (o: ReturnType<typeof buildAuthOptions>) =>
  (o.providers[0] as unknown as { options: { authorize: Authorize } }).options.authorize;

describe("buildAuthOptions", () => {
  it("offers email + password only, with JWT sessions and our own sign-in page, unless GitHub is configured", () => {
    const o = buildAuthOptions(rt);
    expect(o.providers.map((p) => p.id)).toEqual(["credentials"]);
    expect(o.session?.strategy).toBe("jwt");
    expect(o.pages?.signIn).toBe("/sign-in");
    expect(o.secret).toBe(rt.secret);
    const gh = buildAuthOptions({ ...rt, env: { GITHUB_ID: "id", GITHUB_SECRET: "secret" } });
    expect(gh.providers.map((p) => p.id)).toEqual(["credentials", "github"]);
  });

  it("authorizes the right password, refuses a wrong one, and reports a lockout as RateLimited", async () => {
    const auth = authorize(buildAuthOptions(rt));
    const req = { headers: { "x-forwarded-for": "10.0.0.9" } };
    expect(await auth({ email: "ana@example.test", password: "tidal-basin-41" }, req)).toMatchObject({
      email: "ana@example.test",
    });
    for (let i = 0; i < 5; i++)
      expect(await auth({ email: "ana@example.test", password: "nope" }, req)).toBeNull();
    await expect(auth({ email: "ana@example.test", password: "tidal-basin-41" }, req)).rejects.toThrow(
      RATE_LIMITED_ERROR,
    );
  });

  it("counts sign-in failures against the connecting address, whatever X-Forwarded-For says", async () => {
    const auth = authorize(buildAuthOptions(rt));
    const from = (peer: string, forwarded: string) => ({
      headers: { [PEER_ADDRESS_HEADER]: peer, "x-forwarded-for": forwarded },
    });
    for (let i = 0; i < 5; i++)
      expect(
        await auth({ email: "ana@example.test", password: "nope" }, from("10.0.0.9", `1.2.3.${i}`)),
      ).toBeNull();
    await expect(
      auth({ email: "ana@example.test", password: "tidal-basin-41" }, from("10.0.0.9", "1.2.3.99")),
    ).rejects.toThrow(RATE_LIMITED_ERROR);
    // The owner, connecting from elsewhere, is not locked out.
    expect(
      await auth({ email: "ana@example.test", password: "tidal-basin-41" }, from("10.0.0.10", "")),
    ).toMatchObject({
      email: "ana@example.test",
    });
  });

  it("puts our user id in the session token at sign-in", async () => {
    const o = buildAuthOptions(rt);
    const user = await store.accounts.findUserByEmail("ana@example.test");
    const token = await o.callbacks!.jwt!({
      token: {},
      user: { id: String(user!.id), email: user!.email },
      account: { provider: "credentials", type: "credentials", providerAccountId: String(user!.id) },
    } as Parameters<NonNullable<NonNullable<typeof o.callbacks>["jwt"]>>[0]);
    expect(token.uid).toBe(user!.id);
  });

  it("starts a session under the user's session version, and refuses it once the version moves on", async () => {
    const o = buildAuthOptions(rt);
    const jwt = o.callbacks!.jwt! as (a: unknown) => Promise<{ uid?: number; sv?: number }>;
    const user = await store.accounts.findUserByEmail("ana@example.test");
    await store.auth.bumpSessionVersion(user!.id);
    const token = await jwt({
      token: {},
      user: { id: String(user!.id), email: user!.email },
      account: { provider: "credentials", type: "credentials", providerAccountId: String(user!.id) },
    });
    expect(token).toMatchObject({ uid: user!.id, sv: 1 });
    // Reading the session later (next-auth calls jwt without an account) passes while the version holds...
    expect(await jwt({ token })).toMatchObject({ uid: user!.id, sv: 1 });
    // ...and throws once the user signs out everywhere: next-auth then clears the cookie and answers no session.
    await store.auth.bumpSessionVersion(user!.id);
    await expect(jwt({ token })).rejects.toThrow("session ended");
    await expect(jwt({ token: { uid: user!.id } })).rejects.toThrow("session ended");
  });

  it("signs a GitHub user in as the user with that email, creating one on the free plan when new", async () => {
    const o = buildAuthOptions({ ...rt, env: { GITHUB_ID: "id", GITHUB_SECRET: "secret" } });
    const jwt = o.callbacks!.jwt! as (a: unknown) => Promise<{ uid?: number }>;
    const gh = (email: string) => ({
      token: {},
      user: { id: "777", email, name: "GH" },
      account: { provider: "github", type: "oauth", providerAccountId: "777" },
    });
    const existing = await store.accounts.findUserByEmail("ana@example.test");
    // GitHub is linked only to an account whose email is verified (oauth-user.test.ts).
    await store.accounts.markEmailVerified(existing!.id, Date.now());
    expect((await jwt(gh("Ana@Example.test"))).uid).toBe(existing!.id);
    const fresh = await jwt(gh("new@example.test"));
    const created = await store.accounts.findUserByEmail("new@example.test");
    expect(fresh.uid).toBe(created!.id);
    expect((await store.accounts.get(created!.accountId))?.plan).toBe("free");
    expect(
      await o.callbacks!.signIn!({ user: { id: "1", email: null }, account: gh("x").account } as never),
    ).toBe(false);
  });
});
