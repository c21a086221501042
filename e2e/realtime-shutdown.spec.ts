import { expect, test } from "@playwright/test";

import { feedClient } from "../lib/events/testing/feed-client";
import { startLede } from "./support/lede-server";

test("SIGTERM closes live sockets with 1001 (going away) and the server exits", async () => {
  let key = "";
  const lede = await startLede({}, ({ cli }) => {
    key = cli([
      "keys",
      "create",
      "--email",
      "bye@example.test",
      "--tier",
      "starter",
      "--scopes",
      "read,ws:connect",
    ]).stdout.trim();
  });
  const client = feedClient(`${lede.baseUrl.replace(/^http/, "ws")}/ws?token=${key}`);
  expect(await client.subscribe({})).toMatchObject({ type: "subscribed" });
  // stop() sends SIGTERM and waits for the process to exit.
  await lede.stop();
  expect(await client.closed).toEqual({ code: 1001, reason: "server shutting down" });
  await expect(fetch(`${lede.baseUrl}/v1/version`)).rejects.toThrow();
});
