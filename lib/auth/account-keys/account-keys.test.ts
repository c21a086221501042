import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { KeyVerifier } from "../../keys/verify-key";
import { tempStore } from "../../testing/temp-store";
import { signUp, SignUpBody } from "../sign-up";
import type { AccountContext } from "./context";
import { createAccountKey, CreateKeyBody, MAX_LIVE_KEYS } from "./create-key";
import { listAccountKeys } from "./list-keys";
import { revokeAccountKey } from "./revoke-key";
import { rotateAccountKey } from "./rotate-key";

const FAST = { N: 1024, r: 8, p: 1 };
const T0 = Date.UTC(2025, 0, 1);
let store: ReturnType<typeof tempStore>;
let clock = T0;
let verifier: KeyVerifier;
let ctx: () => AccountContext;

beforeEach(async () => {
  store = tempStore();
  clock = T0;
  verifier = new KeyVerifier(store, () => clock);
  const { user, account } = await signUp(
    store,
    SignUpBody.parse({ email: "dev@example.test", password: "tidal-basin-41" }),
    FAST,
  );
  ctx = () => ({ store, user, account, keyCache: verifier, now: clock });
});
afterEach(() => store.cleanup());

const create = (name: string, scopes?: string[]) =>
  createAccountKey(ctx(), CreateKeyBody.parse({ name, ...(scopes ? { scopes } : {}) }));

describe("account keys", () => {
  it("creates a key with read always included, shows the secret once and lists it without the hash", async () => {
    const issued = await create("ci");
    expect(issued.secret).toMatch(/^lede_live_[0-9a-f]{64}$/);
    expect(issued.key).toMatchObject({ name: "ci", scopes: ["read"], status: "active", lastUsedAt: null });
    expect(issued.key.prefix).toBe(`${issued.secret.slice(0, 14)}…${issued.secret.slice(-4)}`);
    const list = await listAccountKeys(ctx());
    expect(list.map((k) => k.id)).toEqual([issued.key.id]);
    expect(JSON.stringify(list)).not.toContain(issued.secret.slice(14, -4));
    expect(Object.keys(list[0] ?? {})).not.toContain("keyHash");
  });

  it("refuses ws:connect on the free plan and allows it on a paid one", async () => {
    await expect(create("live", ["read", "ws:connect"])).rejects.toMatchObject({ code: "invalid_parameter" });
    await store.accounts.setPlan(ctx().account.id, "starter");
    const starter = { ...ctx(), account: { ...ctx().account, plan: "starter" as const } };
    const issued = await createAccountKey(
      starter,
      CreateKeyBody.parse({ name: "ws", scopes: ["ws:connect"] }),
    );
    expect(issued.key.scopes).toEqual(["read", "ws:connect"]);
  });

  it("revokes a key so the verifier refuses it on the next request, despite its cache", async () => {
    const issued = await create("prod");
    expect(await verifier.verify(issued.secret)).not.toBeNull();
    const revoked = await revokeAccountKey(ctx(), issued.key.id);
    expect(revoked.status).toBe("revoked");
    expect(await verifier.verify(issued.secret)).toBeNull();
  });

  it("never touches another account's keys", async () => {
    const other = await signUp(
      store,
      SignUpBody.parse({ email: "o@example.test", password: "tidal-basin-43" }),
      FAST,
    );
    const theirs = await createAccountKey(
      { ...ctx(), user: other.user, account: other.account },
      CreateKeyBody.parse({ name: "theirs" }),
    );
    await expect(revokeAccountKey(ctx(), theirs.key.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(rotateAccountKey(ctx(), theirs.key.id, { grace_seconds: 0 })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await verifier.verify(theirs.secret)).not.toBeNull();
    expect(await listAccountKeys(ctx())).toEqual([]);
  });

  it("rotates: the new key works at once, the old one until the grace period ends", async () => {
    const issued = await create("deploy");
    await verifier.verify(issued.secret); // cached as valid with no expiry
    const rotated = await rotateAccountKey(ctx(), issued.key.id, { grace_seconds: 3600 });
    expect(rotated.key).toMatchObject({ name: "deploy", scopes: ["read"], status: "active" });
    expect(rotated.previous).toMatchObject({ status: "expiring", expiresAt: T0 + 3_600_000 });
    expect(await verifier.verify(rotated.secret)).not.toBeNull();
    clock = T0 + 3_599_999;
    expect(await verifier.verify(issued.secret)).not.toBeNull();
    clock = T0 + 3_600_000;
    expect(await verifier.verify(issued.secret)).toBeNull();
    expect(await verifier.verify(rotated.secret)).not.toBeNull();
    const list = await listAccountKeys(ctx());
    expect(list.map((k) => [k.id, k.status])).toEqual([
      [rotated.key.id, "active"],
      [issued.key.id, "expired"],
    ]);
  });

  it("rotates with no grace period, retiring the old key at once", async () => {
    const issued = await create("now");
    await verifier.verify(issued.secret);
    await rotateAccountKey(ctx(), issued.key.id, { grace_seconds: 0 });
    expect(await verifier.verify(issued.secret)).toBeNull();
  });

  it("refuses to rotate a revoked key or to rotate a key twice into a longer grace", async () => {
    const a = await create("a");
    await revokeAccountKey(ctx(), a.key.id);
    await expect(rotateAccountKey(ctx(), a.key.id, { grace_seconds: 60 })).rejects.toMatchObject({
      code: "key_not_active",
    });
    const b = await create("b");
    await rotateAccountKey(ctx(), b.key.id, { grace_seconds: 60 });
    const again = await rotateAccountKey(ctx(), b.key.id, { grace_seconds: 86_400 });
    expect(again.previous.expiresAt).toBe(T0 + 60_000);
  });

  it("caps the number of live keys", async () => {
    for (let i = 0; i < MAX_LIVE_KEYS; i++) await create(`k${i}`);
    await expect(create("one too many")).rejects.toMatchObject({ code: "key_limit_reached", status: 409 });
  });
});
