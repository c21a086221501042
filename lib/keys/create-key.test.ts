import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { tempStore } from "../testing/temp-store";
import { createKey } from "./create-key";
import { hashKey } from "./key-format";
import { ensureDemoKey, KeyVerifier } from "./verify-key";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

describe("createKey", () => {
  it("creates the user and account and returns a live key stored only as its SHA-256", async () => {
    const created = await createKey(store, {
      email: "Ana@Example.com",
      plan: "starter",
      scopes: ["read", "ws:connect"],
    });
    expect(created.key).toMatch(/^lede_live_[0-9a-f]{64}$/);
    expect(created.keyId).toMatch(/^key_[0-9a-f]{16}$/);
    expect(created).toMatchObject({ plan: "starter", scopes: ["read", "ws:connect"], createdAccount: true });
    const rows = store.db.prepare("SELECT * FROM api_keys").all() as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).toBe(hashKey(created.key));
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(10));
  });

  it("reuses the account of an existing user", async () => {
    const a = await createKey(store, { email: "ana@example.com" });
    const b = await createKey(store, { email: "ana@example.com", name: "second" });
    expect(b.accountId).toBe(a.accountId);
    expect(b.createdAccount).toBe(false);
    expect(await store.keys.list(a.accountId)).toHaveLength(2);
  });

  it("refuses ws:connect on the free plan and unknown scopes", async () => {
    await expect(createKey(store, { email: "a@b.test", scopes: ["ws:connect"] })).rejects.toThrow(
      /paid plan/,
    );
    await expect(createKey(store, { email: "a@b.test", scopes: ["root"] })).rejects.toThrow(/unknown scope/);
  });
});

describe("KeyVerifier", () => {
  it("verifies a key and stops accepting it once revoked and invalidated", async () => {
    const created = await createKey(store, { email: "a@b.test" });
    const verifier = new KeyVerifier(store);
    expect((await verifier.verify(created.key))?.id).toBe(created.keyId);
    await store.keys.revoke(created.accountId, created.keyId, Date.now());
    verifier.invalidate(hashKey(created.key));
    expect(await verifier.verify(created.key)).toBeNull();
  });

  it("rejects malformed and unknown keys", async () => {
    const verifier = new KeyVerifier(store);
    expect(await verifier.verify("lede_live_xyz")).toBeNull();
    expect(await verifier.verify(`lede_live_${"0".repeat(64)}`)).toBeNull();
  });

  it("provisions the sandbox demo key once, on a demo account", async () => {
    const demo = `lede_test_${"a".repeat(64)}`;
    await ensureDemoKey(store, demo);
    await ensureDemoKey(store, demo);
    const key = await new KeyVerifier(store).verify(demo);
    expect(key).toMatchObject({ isDemo: true, scopes: ["read"] });
    expect(key?.account.plan).toBe("free");
  });
});
