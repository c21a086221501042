import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { respond, startTestServer, type TestServer } from "@/lib/net/test-http-server";
import { tempDir } from "@/lib/testing/temp-store";

const BIN = fileURLToPath(new URL("../../bin/lede.mjs", import.meta.url));
let dir: string;
let internal: TestServer;

const lede = (dataDir: string, env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    env: {
      ...process.env,
      LEDE_DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      LEDE_FETCH_ALLOW_PRIVATE: "",
      ...env,
    },
    encoding: "utf8",
  });

const writeOpml = (name: string, urls: string[]) => {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?><opml version="2.0"><head><title>list</title></head><body><outline text="World">${urls
      .map((u, i) => `<outline text="Internal ${i}" xmlUrl="${u}"/>`)
      .join("\n")}</outline></body></opml>`,
  );
  return file;
};

beforeAll(async () => {
  dir = tempDir("lede-sources-");
  internal = await startTestServer({ "/x.xml": respond("<rss/>", "application/rss+xml") });
});
afterAll(async () => {
  await internal?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("lede sources import", () => {
  it("refuses a list of loopback feeds in any spelling, naming each, and registers nothing", () => {
    const urls = [
      internal.url("/x.xml"),
      `http://2130706433:${internal.port}/x.xml`,
      `http://[::ffff:127.0.0.1]:${internal.port}/x.xml`,
      `http://localhost:${internal.port}/x.xml`,
    ];
    const dataDir = path.join(dir, "refused");
    const run = lede(dataDir, {}, "sources", "import", writeOpml("internal.opml", urls));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^lede: refused 4 feeds pointing at addresses that may not be fetched/);
    for (const url of urls) expect(run.stderr).toContain(`  ${url}: `);
    expect(run.stderr).toMatch(/LEDE_FETCH_ALLOW_PRIVATE/);
    const list = lede(dataDir, {}, "sources", "list", "--json");
    expect(list.status).toBe(0);
    expect(list.stdout.trim()).toBe("");
    expect(internal.hits()).toBe(0);
  });

  it("registers them when LEDE_FETCH_ALLOW_PRIVATE allows the endpoint", () => {
    const dataDir = path.join(dir, "allowed");
    const urls = [internal.url("/x.xml"), `http://localhost:${internal.port}/x.xml`];
    const allow = { LEDE_FETCH_ALLOW_PRIVATE: `${internal.host},localhost:${internal.port}` };
    const run = lede(dataDir, allow, "sources", "import", writeOpml("allowed.opml", urls));
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/registered \d+ sources? with 2 feeds/);
  });
});
