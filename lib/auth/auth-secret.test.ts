import fs from "node:fs";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { tempDir } from "../testing/temp-store";
import { loadAuthSecret } from "./auth-secret";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const dir = () => {
  const d = tempDir();
  dirs.push(d);
  return d;
};

describe("loadAuthSecret", () => {
  it("generates a secret once, private to the owner, and returns the same one afterwards", () => {
    const d = dir();
    const first = loadAuthSecret(d);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadAuthSecret(d)).toBe(first);
    expect(fs.statSync(path.join(d, "auth-secret")).mode & 0o777).toBe(0o600);
  });

  it("prefers NEXTAUTH_SECRET and writes nothing then", () => {
    const d = dir();
    expect(loadAuthSecret(d, "s".repeat(40))).toBe("s".repeat(40));
    expect(fs.existsSync(path.join(d, "auth-secret"))).toBe(false);
  });

  it("refuses a truncated secret file rather than signing with it", () => {
    const d = dir();
    fs.writeFileSync(path.join(d, "auth-secret"), "short");
    expect(() => loadAuthSecret(d)).toThrow(/no usable secret/);
  });
});
