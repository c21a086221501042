import "server-only";

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const FILE = "auth-secret";

/**
 * The secret that signs sessions: NEXTAUTH_SECRET when set, else one generated on first use and kept in the
 * data directory (mode 0600), so `lede start` works with no configuration and sessions survive restarts.
 * Two processes starting together agree: the exclusive create lets one write and the other read it.
 */
export function loadAuthSecret(dataDir: string, fromEnv?: string): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, FILE);
  try {
    return readSecret(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
  return readSecret(file);
}

function readSecret(file: string): string {
  const secret = fs.readFileSync(file, "utf8").trim();
  if (secret.length < 32) throw new Error(`${file} holds no usable secret: delete it to generate a new one`);
  return secret;
}
