import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";

import { feedClient, type FeedClient } from "../lib/events/testing/feed-client";
import { startRedis, type TestRedis } from "../lib/events/testing/redis-server";
import { startLede, type LedeServer } from "./support/lede-server";

// Three `lede start` instances share one Redis: A and B on one data directory, C on its own. An import into
// the shared directory reaches subscribers on all three, each event exactly once.

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));
let redis: TestRedis;
const instances: LedeServer[] = [];
const keys = new Map<LedeServer, string>();

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  redis = await startRedis();
  const env = { LEDE_REDIS_URL: redis.url };
  const withKey = (s: Pick<LedeServer, "cli">, email: string) =>
    s
      .cli(["keys", "create", "--email", email, "--tier", "business", "--scopes", "read,ws:connect"])
      .stdout.trim();
  let keyA = "";
  const a = await startLede(env, (s) => (keyA = withKey(s, "a@example.test")));
  const b = await startLede({ ...env, LEDE_DATA_DIR: a.dataDir });
  let keyC = "";
  const c = await startLede(env, (s) => (keyC = withKey(s, "c@example.test")));
  instances.push(a, b, c);
  keys.set(a, keyA).set(b, keyA).set(c, keyC);
});
test.afterAll(async () => {
  // B shares A's directory: stop it first, A removes the directory.
  for (const s of [...instances].reverse()) await s.stop();
  await redis?.stop();
});

test("an import into the shared data directory reaches subscribers on every instance, once each", async () => {
  const clients: FeedClient[] = [];
  for (const s of instances) {
    const c = feedClient(`${s.baseUrl.replace(/^http/, "ws")}/ws?token=${keys.get(s)}`);
    expect(await c.subscribe({ types: ["item.new"] })).toMatchObject({ type: "subscribed" });
    clients.push(c);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-redis-"));
  const file = path.join(dir, "news.jsonl");
  const now = Date.now();
  fs.writeFileSync(
    file,
    Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({
        id: `r${i}`,
        title: `Shared feed report ${i} on harbour works`,
        url: `https://wire.test/r/${i}`,
        published_at: now - i * 1000,
        source: "Wire",
      }),
    ).join("\n"),
  );
  const [a] = instances;
  const imported = spawnSync(process.execPath, [BIN, "import", file], { env: a?.env, encoding: "utf8" });
  expect(imported.status, imported.stderr).toBe(0);
  for (const c of clients) await c.waitFor(() => c.events().length >= 20, 30_000);
  await new Promise((r) => setTimeout(r, 1_500));
  const ids = clients.map((c) => c.events().map((m) => m.id as number));
  for (const list of ids) {
    expect(list).toHaveLength(20);
    expect(new Set(list).size).toBe(20);
  }
  expect(ids[1]).toEqual(ids[0]);
  expect(ids[2]).toEqual(ids[0]);
  for (const c of clients) c.ws.close(1000);
});
