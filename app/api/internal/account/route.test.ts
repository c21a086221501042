import { createHash } from "node:crypto";

import { encode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { issuePasswordReset, RESET_TTL_MS } from "@/lib/auth/account-sessions";
import { signInWithPassword } from "@/lib/auth/sign-in";

import { POST as resetPassword } from "../../auth/reset-password/route";
import { GET as listKeys } from "../keys/route";
import { internal, testSessionDeps } from "../session-testing";
import { POST as changePassword } from "./password/route";
import { POST as signOutEverywhere } from "./sign-out-everywhere/route";

let t: ReturnType<typeof testSessionDeps>;
beforeEach(() => {
  t = testSessionDeps();
});
afterEach(() => t.cleanup());

const PASSWORD = "tidal-basin-42"; // what t.signIn signs users up with
const status = async (cookie: string) => (await listKeys(internal("/api/internal/keys", { cookie }))).status;
const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error;
/** A second device's session of the same user, issued under the user's current session version. */
const newSession = async (userId: number) => {
  const sv = await t.store.auth.sessionVersion(userId);
  return `next-auth.session-token=${await encode({ token: { uid: userId, sv }, secret: t.deps.secret })}`;
};
const signIn = (email: string, password: string) =>
  signInWithPassword(t.store, { email, password, ip: "10.3.3.3" }, Date.now());

describe("POST /api/internal/account/sign-out-everywhere", () => {
  it("ends every session of the user, the one that asked included; other users keep theirs", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    const laptop = await newSession(me.user.id);
    expect(await status(me.cookie)).toBe(200);
    expect(await status(laptop)).toBe(200);
    const res = await signOutEverywhere(
      internal("/api/internal/account/sign-out-everywhere", { cookie: me.cookie, body: {} }),
    );
    expect(res.status).toBe(200);
    expect(await status(me.cookie)).toBe(401);
    expect(await status(laptop)).toBe(401);
    expect(await status(other.cookie)).toBe(200);
    // A session started afterwards works.
    expect(await status(await newSession(me.user.id))).toBe(200);
  });
});

describe("POST /api/internal/account/password", () => {
  const change = (cookie: string, body: Record<string, unknown>) =>
    changePassword(internal("/api/internal/account/password", { cookie, body }));

  it("changes the password with the current one, then refuses every older session and the old password", async () => {
    const me = await t.signIn();
    const laptop = await newSession(me.user.id);
    const res = await change(me.cookie, { current_password: PASSWORD, new_password: "quiet-harbour-lights" });
    expect(res.status).toBe(200);
    expect(await status(me.cookie)).toBe(401);
    expect(await status(laptop)).toBe(401);
    await expect(signIn(me.user.email, PASSWORD)).rejects.toMatchObject({ code: "invalid_credentials" });
    expect((await signIn(me.user.email, "quiet-harbour-lights")).id).toBe(me.user.id);
    expect(await status(await newSession(me.user.id))).toBe(200);
  });

  it("refuses a wrong current password (403) and a new one the sign-up rules refuse (400), changing nothing", async () => {
    const me = await t.signIn();
    const wrong = await change(me.cookie, {
      current_password: "not-my-password",
      new_password: "quiet-harbour-lights",
    });
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toMatchObject({
      code: "invalid_credentials",
      details: { param: "current_password" },
    });
    for (const weak of ["short", "password123", "aaaaaaaaaaaa"]) {
      const res = await change(me.cookie, { current_password: PASSWORD, new_password: weak });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ details: { param: "new_password" } });
    }
    expect(await status(me.cookie)).toBe(200);
    expect((await signIn(me.user.email, PASSWORD)).id).toBe(me.user.id);
  });

  it("limits guesses of the current password through a session: 5, then a wait", async () => {
    const me = await t.signIn();
    for (let i = 0; i < 5; i++)
      expect(
        (await change(me.cookie, { current_password: `guess-${i}`, new_password: "quiet-harbour-lights" }))
          .status,
      ).toBe(403);
    const blocked = await change(me.cookie, {
      current_password: PASSWORD,
      new_password: "quiet-harbour-lights",
    });
    expect(blocked.status).toBe(429);
    expect(await status(me.cookie)).toBe(200);
  });
});

describe("POST /api/auth/reset-password", () => {
  const csrf = () => {
    const hash = createHash("sha256").update(`tok123${t.deps.secret}`).digest("hex");
    return `next-auth.csrf-token=${encodeURIComponent(`tok123|${hash}`)}`;
  };
  const reset = (token: string, password: string) =>
    resetPassword(
      internal("/api/auth/reset-password", {
        cookie: csrf(),
        body: { token, password, csrfToken: "tok123" },
      }),
    );

  it("sets a new password once per token and ends the user's sessions; a used token is refused", async () => {
    const me = await t.signIn();
    const issued = await issuePasswordReset(t.store, me.user.email.toUpperCase(), Date.now());
    const spare = await issuePasswordReset(t.store, me.user.email, Date.now());
    expect(issued?.token).toMatch(/^[\w-]{43}$/);
    const ok = await reset(issued!.token, "quiet-harbour-lights");
    expect(ok.status).toBe(200);
    expect(await status(me.cookie)).toBe(401);
    expect((await signIn(me.user.email, "quiet-harbour-lights")).id).toBe(me.user.id);
    const again = await reset(issued!.token, "another-quiet-phrase");
    expect(again.status).toBe(400);
    expect(await errorOf(again)).toMatchObject({ code: "invalid_reset_token" });
    // The reset voids the user's other open tokens too.
    expect((await reset(spare!.token, "another-quiet-phrase")).status).toBe(400);
    expect((await signIn(me.user.email, "quiet-harbour-lights")).id).toBe(me.user.id);
  });

  it("refuses an expired or unknown token, a weak password and a missing CSRF token", async () => {
    const me = await t.signIn();
    const old = await issuePasswordReset(t.store, me.user.email, Date.now() - RESET_TTL_MS - 1000);
    expect(await errorOf(await reset(old!.token, "quiet-harbour-lights"))).toMatchObject({
      code: "invalid_reset_token",
    });
    expect((await reset("made-up-token", "quiet-harbour-lights")).status).toBe(400);
    const fresh = await issuePasswordReset(t.store, me.user.email, Date.now());
    expect((await reset(fresh!.token, "password123")).status).toBe(400);
    const noCsrf = await resetPassword(
      internal("/api/auth/reset-password", {
        body: { token: fresh!.token, password: "quiet-harbour-lights" },
      }),
    );
    expect(noCsrf.status).toBe(403);
    expect(await status(me.cookie)).toBe(200);
    // The token survived the refused attempts and still works once.
    expect((await reset(fresh!.token, "quiet-harbour-lights")).status).toBe(200);
    expect(await issuePasswordReset(t.store, "nobody@example.test", Date.now())).toBeNull();
  });
});
