import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { verifyEmail } from "@/lib/auth/email-verification";
import { signUp, SignUpBody } from "@/lib/auth/sign-up";
import { createSqliteStore } from "@/lib/db/sqlite/sqlite-store";
import { tempDir } from "@/lib/testing/temp-store";

const BIN = fileURLToPath(new URL("../../bin/lede.mjs", import.meta.url));
let dir: string;
const lede = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, LEDE_DATA_DIR: dir, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });

beforeAll(() => {
  dir = tempDir("lede-accounts-");
  expect(lede("keys", "create", "--email", "ana@example.test").status).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("lede accounts", () => {
  it("set-tier moves an account to another plan and list shows it", () => {
    const set = lede("accounts", "set-tier", "--email", "ana@example.test", "--tier", "pro");
    expect(set.status).toBe(0);
    expect(set.stdout).toMatch(/free → pro/);
    const list = lede("accounts", "list", "--json");
    expect(list.status).toBe(0);
    const rows = list.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toContainEqual(
      expect.objectContaining({ plan: "pro", emails: ["ana@example.test"], active_keys: 1, demo: false }),
    );
  });

  it("set-tier fails with a message for an unknown tier or email", () => {
    const bad = lede("accounts", "set-tier", "--email", "ana@example.test", "--tier", "gold");
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/tier must be one of free, starter, pro, business/);
    const ghost = lede("accounts", "set-tier", "--email", "ghost@example.test", "--tier", "pro");
    expect(ghost.status).toBe(1);
    expect(ghost.stderr).toMatch(/ghost@example.test not found/);
  });

  it("verify-link prints a one-time link that verifies a signed-up user's email", async () => {
    const store = createSqliteStore(dir);
    try {
      await signUp(store, SignUpBody.parse({ email: "bo@example.test", password: "bos-long-pass" }), {
        N: 1024,
        r: 8,
        p: 1,
      });
      const out = lede("accounts", "verify-link", "--email", "bo@example.test");
      expect(out.status).toBe(0);
      const token = /^http:\/\/localhost:\d+\/verify-email\?token=([\w-]{43})$/m.exec(out.stdout)?.[1];
      expect(token).toBeDefined();
      expect((await store.accounts.findUserByEmail("bo@example.test"))?.emailVerifiedAt).toBeNull();
      expect((await verifyEmail(store, token!, Date.now())).emailVerifiedAt).toEqual(expect.any(Number));
    } finally {
      store.close();
    }
    // Users the operator created with a key count as verified already.
    const known = lede("accounts", "verify-link", "--email", "ana@example.test");
    expect(known.status).toBe(1);
    expect(known.stderr).toMatch(/verified already/);
  });
});
