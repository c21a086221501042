import { createHash } from "node:crypto";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setSignUpSettingsForTesting } from "@/lib/auth/sign-up-settings";
import { memoryMailer } from "@/lib/mail/mailer";

import { GET as listKeys } from "../../internal/keys/route";
import { internal, testSessionDeps } from "../../internal/session-testing";
import { POST as resetPassword } from "../reset-password/route";
import { POST as forgotPassword } from "./route";

let t: ReturnType<typeof testSessionDeps>;
let mailer: ReturnType<typeof memoryMailer>;
beforeEach(() => {
  t = testSessionDeps();
  mailer = memoryMailer();
  setSignUpSettingsForTesting({
    trustedProxies: [],
    mail: { mailer, baseUrl: "https://news.example.test", deliver: (sending) => void sending },
  });
});
afterEach(async () => {
  setSignUpSettingsForTesting(undefined);
  await t.cleanup();
});

const csrf = () => {
  const hash = createHash("sha256").update(`tok123${t.deps.secret}`).digest("hex");
  return `next-auth.csrf-token=${encodeURIComponent(`tok123|${hash}`)}`;
};
const post = (route: (r: Request) => Promise<Response>, path: string, body: Record<string, unknown>) =>
  route(internal(path, { cookie: csrf(), body: { ...body, csrfToken: "tok123" } }));
const forgot = (email: string) => post(forgotPassword, "/api/auth/forgot-password", { email });

describe("POST /api/auth/forgot-password", () => {
  it("mails a single-use reset link to an account's email, and answers an unknown email the same way", async () => {
    const me = await t.signIn();
    const known = await forgot(me.user.email.toUpperCase());
    const unknown = await forgot("nobody@example.test");
    expect([known.status, unknown.status]).toEqual([200, 200]);
    expect(await known.json()).toEqual(await unknown.json());
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({ to: me.user.email, subject: "Reset your Lede password" });
    const link = mailer.sent[0]!.text.match(/https:\/\/news\.example\.test\/reset-password\?token=\S+/)?.[0];
    const token = new URL(link!).searchParams.get("token")!;
    const reset = (password: string) => post(resetPassword, "/api/auth/reset-password", { token, password });
    expect((await reset("quiet-harbour-lights")).status).toBe(200);
    expect((await reset("another-quiet-phrase")).status).toBe(400);
    // The old session ended with the reset.
    expect((await listKeys(internal("/api/internal/keys", { cookie: me.cookie }))).status).toBe(401);
  });

  it("sends at most 3 links an hour to one email", async () => {
    const me = await t.signIn();
    for (let i = 0; i < 3; i++) expect((await forgot(me.user.email)).status).toBe(200);
    const fourth = await forgot(me.user.email);
    expect(fourth.status).toBe(429);
    expect(mailer.sent).toHaveLength(3);
  });

  it("answers 404 mail_not_configured when the server sends no mail", async () => {
    setSignUpSettingsForTesting({ trustedProxies: [] });
    const res = await forgot("nobody@example.test");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("mail_not_configured");
  });
});
