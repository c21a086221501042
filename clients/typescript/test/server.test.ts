// The TypeScript client against one real Lede server (started here, on a free port, with simulated newswire data):
// generated types, all 31 operations, the realtime feed, and the browser bundle.
import { afterAll, beforeAll, vi } from "vitest";

import { browserSuite } from "./suites/browser";
import { generatedSuite } from "./suites/generated";
import { realtimeSuite } from "./suites/realtime";
import { restSuite } from "./suites/rest";
import { startServer, type TestServer } from "./support/server";

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

let server: TestServer | undefined;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.stop());

const current = () => {
  if (!server) throw new Error("the test server did not start");
  return server;
};

generatedSuite(current);
restSuite(current);
realtimeSuite(current);
browserSuite(current);
