import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createSqliteStore } from "@/lib/db/sqlite/sqlite-store";
import { tempDir } from "@/lib/testing/temp-store";
import { securityIndex } from "@/lib/tickers/security-registry";
import { tagArticle } from "@/lib/tickers/tag-article";

const BIN = fileURLToPath(new URL("../../bin/lede.mjs", import.meta.url));
let dir: string;

const lede = (dataDir: string, ...args: string[]) =>
  spawnSync(process.execPath, [BIN, ...args], {
    env: { ...process.env, LEDE_DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });

const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

const HEADER = "symbol,name,asset_class,aliases,exchange,source\n";

beforeAll(() => {
  dir = tempDir("lede-securities-");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("lede securities import", () => {
  it("adds an operator's securities, which the tagger then finds in headlines", async () => {
    const dataDir = path.join(dir, "added");
    const file = write(
      "extra.csv",
      `${HEADER}ZPHR,"Zephyr Dynamics, Inc.",equity,Zephyr Dynamics;Zephyr,NASDAQ,Operator list\nAAPL,Apple Inc.,equity,Apple;Apple Computer,NASDAQ,Operator list\n`,
    );
    const run = lede(dataDir, "securities", "import", file);
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toBe(
      `imported 2 securities from ${file}: 2 added, 0 replaced (1 override shipped entries)`,
    );
    const again = lede(dataDir, "securities", "import", file);
    expect(again.stdout).toContain("0 added, 2 replaced");

    const listed = lede(dataDir, "securities", "list", "--added", "--json");
    expect(
      listed.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).symbol),
    ).toEqual(["AAPL", "ZPHR"]);

    const store = createSqliteStore(dataDir);
    try {
      const index = await securityIndex(store);
      const tags = tagArticle(index, { title: "Zephyr Dynamics shares jump after Apple Computer deal" });
      expect(tags.map((t) => t.symbol).sort()).toEqual(["AAPL", "ZPHR"]);
    } finally {
      store.close();
    }
  });

  it("refuses a file with a bad row, naming its line, and adds nothing", () => {
    const dataDir = path.join(dir, "refused");
    const file = write("bad.csv", `${HEADER}GOOD,Good Co,equity,,,\nBAD,Bad Co,bond,,,\n`);
    const run = lede(dataDir, "securities", "import", file);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`lede: ${file}:3: asset_class must be one of`);
    const listed = lede(dataDir, "securities", "list", "--added");
    expect(listed.stdout).toBe("");
  });
});
