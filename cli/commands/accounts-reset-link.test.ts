import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { resetPassword } from "@/lib/auth/account-sessions";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { createSqliteStore } from "@/lib/db/sqlite/sqlite-store";
import { tempDir } from "@/lib/testing/temp-store";

const BIN = fileURLToPath(new URL("../../bin/lede.mjs", import.meta.url));
let dir: string;
const lede = (...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    env: {
      ...process.env,
      LEDE_DATA_DIR: dir,
      LOG_LEVEL: "silent",
      NEXTAUTH_URL: "https://news.example.test",
    },
    encoding: "utf8",
  });

beforeAll(() => {
  dir = tempDir("lede-reset-link-");
  expect(lede("keys", "create", "--email", "ana@example.test").status).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("lede accounts reset-link", () => {
  it("prints a one-time link under NEXTAUTH_URL whose token sets a password once", async () => {
    const out = lede("accounts", "reset-link", "--email", "Ana@Example.test");
    expect(out.status).toBe(0);
    const link = new URL(out.stdout.trim());
    expect(`${link.origin}${link.pathname}`).toBe("https://news.example.test/reset-password");
    const token = link.searchParams.get("token") ?? "";
    const store = createSqliteStore(dir);
    try {
      await resetPassword(store, { token, password: "quiet-harbour-lights" }, Date.now());
      const user = await signInWithPassword(
        store,
        { email: "ana@example.test", password: "quiet-harbour-lights", ip: "10.0.0.1" },
        Date.now(),
      );
      expect(user.email).toBe("ana@example.test");
      await expect(
        resetPassword(store, { token, password: "another-quiet-phrase" }, Date.now()),
      ).rejects.toMatchObject({ code: "invalid_reset_token" });
    } finally {
      store.close();
    }
  });

  it("fails with a message for an unknown email", () => {
    const out = lede("accounts", "reset-link", "--email", "ghost@example.test");
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/no user with the email ghost@example.test/);
  });
});
