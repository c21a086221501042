import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";

import { feedClient, waitUntil } from "../lib/events/testing/feed-client";
import { startLede, type LedeServer } from "./support/lede-server";

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));
let lede: LedeServer;
let starterKey: string;
let proKey: string;
let freeKey: string;

test.beforeAll(async () => {
  lede = await startLede({}, ({ cli }) => {
    const create = (email: string, tier: string, scopes: string) =>
      cli(["keys", "create", "--email", email, "--tier", tier, "--scopes", scopes]).stdout.trim();
    starterKey = create("live@example.test", "starter", "read,ws:connect");
    proKey = create("pro@example.test", "pro", "read,ws:connect");
    freeKey = cli(["keys", "create", "--email", "free@example.test"]).stdout.trim();
  });
});
test.afterAll(async () => lede?.stop());

const ws = (query: string) => feedClient(`${lede.baseUrl.replace(/^http/, "ws")}/ws?${query}`);

/** A JSON Lines file of `n` distinct articles published within the last hour. */
function articlesFile(n: number, prefix: string): { file: string; first: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-live-"));
  const file = path.join(dir, "news.jsonl");
  const first = Date.now() - 3_600_000;
  const topics = ["harbour", "election", "vaccine", "chip", "storm", "merger", "final", "budget"];
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      id: `${prefix}-${i}`,
      title: `${topics[i % topics.length]} report ${i}: ${prefix} desk ${Math.floor(i / topics.length)}`,
      url: `https://wire.test/${prefix}/${i}`,
      published_at: first + i * 10_000,
      source: "Wire",
    }),
  );
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return { file, first };
}

test("refuses unknown keys with 4001 and free-plan keys with 4003, after an error message", async () => {
  const bad = ws(`token=lede_live_${"0".repeat(64)}`);
  expect((await bad.closed).code).toBe(4001);
  expect(bad.messages[0]).toMatchObject({ type: "error", code: "invalid_api_key" });
  const free = ws(`token=${freeKey}`);
  expect((await free.closed).code).toBe(4003);
  expect(free.messages[0]).toMatchObject({ type: "error", code: "tier_required" });
});

test("lede import of 200 articles beside lede start: 200 item.new live, and backtest returns every id seen", async () => {
  const live = ws(`token=${proKey}`);
  expect(await live.subscribe({ types: ["item.new"] })).toEqual({
    type: "subscribed",
    filters: { types: ["item.new"] },
  });
  const { file, first } = articlesFile(200, "batch");
  const imported = spawnSync(process.execPath, [BIN, "import", file], { env: lede.env, encoding: "utf8" });
  expect(imported.status, imported.stderr).toBe(0);
  expect(imported.stdout).toContain("imported 200 new articles");

  await live.waitFor(() => live.events().length >= 200, 30_000);
  // Nothing more arrives: each article is announced once.
  await new Promise((r) => setTimeout(r, 1_000));
  const seen = live.events();
  expect(seen).toHaveLength(200);
  expect(seen.every((m) => m.type === "item.new")).toBe(true);
  const ids = seen.map((m) => m.id as number);
  expect(new Set(ids).size).toBe(200);

  const res = await fetch(
    `${lede.baseUrl}/v1/backtest?from=${first - 1}&to=${Date.now() + 60_000}&types=item.new&limit=5000`,
    { headers: { Authorization: `Bearer ${proKey}` } },
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as {
    events: Array<{ id: number; payload: Record<string, unknown> }>;
    has_more: boolean;
  };
  expect(body.has_more).toBe(false);
  expect(body.events.map((e) => e.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  const live1 = new Map(seen.map((m) => [m.id as number, m]));
  for (const e of body.events) expect(e.payload).toEqual(live1.get(e.id));
  live.ws.close(1000);
});

test("a reconnecting client resumes from the last id it saw and gets what it missed", async () => {
  const before = ws(`token=${starterKey}`);
  await before.subscribe({ types: ["item.new"] });
  const { file } = articlesFile(3, "resume");
  expect(spawnSync(process.execPath, [BIN, "import", file], { env: lede.env }).status).toBe(0);
  await before.waitFor(() => before.events().length === 3, 15_000);
  const [firstSeen] = before.events();
  before.ws.close(1000);
  await before.closed;

  const resumed = ws(`token=${starterKey}&since_id=${firstSeen?.id as number}`);
  await resumed.subscribe({ types: ["item.new"] });
  await resumed.waitFor(() => resumed.events().length === 2, 15_000);
  expect(resumed.events().map((m) => m.id)).toEqual(
    before
      .events()
      .slice(1)
      .map((m) => m.id),
  );
  resumed.ws.close(1000);
  await waitUntil(() => resumed.ws.readyState === resumed.ws.CLOSED);
});
