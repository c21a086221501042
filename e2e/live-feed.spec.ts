import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";
import WebSocket from "ws";

import { startLede, type LedeServer } from "./support/lede-server";

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));
let lede: LedeServer;
let starterKey: string;
let freeKey: string;

test.beforeAll(async () => {
  lede = await startLede({}, ({ cli }) => {
    starterKey = cli([
      "keys",
      "create",
      "--email",
      "live@example.test",
      "--tier",
      "starter",
      "--scopes",
      "read,ws:connect",
    ]).stdout.trim();
    freeKey = cli(["keys", "create", "--email", "free@example.test"]).stdout.trim();
  });
});
test.afterAll(async () => lede?.stop());

const wsUrl = (query: string) => `${lede.baseUrl.replace(/^http/, "ws")}/ws?${query}`;

/** Opens a socket and collects its messages and close code. */
function connect(query: string) {
  const ws = new WebSocket(wsUrl(query));
  const messages: Array<Record<string, unknown>> = [];
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  ws.on("message", (data) => messages.push(JSON.parse(data.toString())));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on("open", () => resolve());
    ws.on("error", reject);
  });
  return { ws, messages, closed, opened };
}

async function waitFor<T>(fn: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

test("refuses unknown keys with 4001 and free-plan keys with 4003, after an error message", async () => {
  const bad = connect(`token=lede_live_${"0".repeat(64)}`);
  expect(await bad.closed).toBe(4001);
  expect(bad.messages[0]).toMatchObject({ type: "error", code: "invalid_api_key" });
  const free = connect(`token=${freeKey}`);
  expect(await free.closed).toBe(4003);
  expect(free.messages[0]).toMatchObject({ type: "error", code: "tier_required" });
});

test("streams matching events appended by another process (lede import) within seconds", async () => {
  const live = connect(`token=${starterKey}`);
  await live.opened;
  live.ws.send("not json");
  await waitFor(() => live.messages.find((m) => m.type === "error" && m.code === "invalid_message"));
  live.ws.send(JSON.stringify({ type: "ping" }));
  await waitFor(() => live.messages.find((m) => m.type === "pong"));
  live.ws.send(
    JSON.stringify({ type: "subscribe", filters: { topics: ["articles"], keywords: ["volcano"] } }),
  );
  const subscribed = await waitFor(() => live.messages.find((m) => m.type === "subscribed"));
  expect(subscribed).toEqual({
    type: "subscribed",
    filters: { topics: ["articles"], keywords: ["volcano"] },
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-live-"));
  const file = path.join(dir, "news.jsonl");
  const now = Date.now();
  fs.writeFileSync(
    file,
    [
      {
        id: "v1",
        title: "Volcano erupts near Reykjavik",
        url: "https://wire.test/volcano",
        published_at: now - 60_000,
        source: "Wire",
      },
      {
        id: "b1",
        title: "Central bank holds rates",
        url: "https://wire.test/rates",
        published_at: now - 30_000,
        source: "Wire",
      },
    ]
      .map((r) => JSON.stringify(r))
      .join("\n"),
  );
  const imported = spawnSync(process.execPath, [BIN, "import", file], { env: lede.env, encoding: "utf8" });
  expect(imported.status).toBe(0);

  const event = await waitFor(() => live.messages.find((m) => m.type === "item.new"));
  expect(event).toMatchObject({
    type: "item.new",
    id: expect.any(Number),
    ts: now - 60_000,
    data: { title: "Volcano erupts near Reykjavik", source_id: expect.any(String), source_name: "Wire" },
  });
  await new Promise((r) => setTimeout(r, 1_000));
  expect(live.messages.filter((m) => m.type === "item.new")).toHaveLength(1);

  // A reconnecting client resumes from the last id it saw and gets what it missed.
  const resumed = connect(`token=${starterKey}&since_id=0`);
  await resumed.opened;
  resumed.ws.send(JSON.stringify({ type: "subscribe", filters: { types: ["cluster.event"] } }));
  const replayed = await waitFor(() => {
    const got = resumed.messages.filter((m) => m.type === "cluster.event");
    return got.length >= 2 ? got : undefined;
  });
  expect(replayed.map((m) => (m.data as { action: string }).action)).toEqual(["create", "create"]);
  live.ws.close(1000);
  resumed.ws.close(1000);
});
