import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { generateNewswire } from "@/lib/newswire/generate";
import { toImportRecord } from "@/lib/newswire/records";
import { tempDir } from "@/lib/testing/temp-store";

const BIN = fileURLToPath(new URL("../../bin/lede.mjs", import.meta.url));
const N = 12_000;
/** Each import runs the whole pipeline (enrichment, clustering, story dynamics) in a child process. */
const IMPORT_TIMEOUT = 180_000;
let dir: string;
let file: string;

beforeAll(() => {
  dir = tempDir("lede-import-");
  file = path.join(dir, "articles.jsonl");
  const day = Date.UTC(2014, 5, 13);
  const lines: string[] = [];
  for (let i = 0; i < N; i++) {
    lines.push(
      JSON.stringify({
        id: `a${i}`,
        title: `Headline number ${i}`,
        url: `https://wire${i % 7}.test/story/${i}`,
        published_at: day + i * 1000,
        source: `Wire ${i % 7}`,
        category: "b",
      }),
    );
  }
  fs.writeFileSync(file, lines.join("\n"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function counts(dataDir: string) {
  const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
  try {
    const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    return {
      articles: one("SELECT COUNT(*) AS n FROM articles"),
      distinctHashes: one("SELECT COUNT(DISTINCT url_hash) AS n FROM articles"),
      records: one("SELECT COUNT(*) AS n FROM import_records"),
      events: one("SELECT COUNT(*) AS n FROM events WHERE type = 'item.new'"),
      eventArticles: one("SELECT COUNT(DISTINCT article_id) AS n FROM events WHERE type = 'item.new'"),
      withoutStory: one("SELECT COUNT(*) AS n FROM articles WHERE story_id IS NULL"),
    };
  } finally {
    db.close();
  }
}

function runImport(
  file: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, "import", file], { env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => (stdout += c.toString()));
  child.stderr.on("data", (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function stories(dataDir: string) {
  const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
  try {
    return db
      .prepare(
        "SELECT COUNT(*) AS articles, COUNT(DISTINCT story_id) AS stories, SUM(story_id IS NULL) AS storyless FROM articles",
      )
      .get() as { articles: number; stories: number; storyless: number };
  } finally {
    db.close();
  }
}

describe("lede import", () => {
  it(
    "survives kill -9 mid-import: a re-run leaves no duplicate and no missing article",
    async () => {
      const dataDir = path.join(dir, "crash");
      const env = { ...process.env, LEDE_DATA_DIR: dataDir, LOG_LEVEL: "silent", LEDE_WORD_VECTORS: "false" };
      const child = spawn(process.execPath, [BIN, "import", file], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      await new Promise<void>((resolve, reject) => {
        let seen = 0;
        child.stderr.on("data", (chunk: Buffer) => {
          // Kill after a few committed batches, while the import is still running.
          if (/import: \d+\/\d+/.test(chunk.toString()) && ++seen >= 1) {
            setTimeout(() => child.kill("SIGKILL"), 150);
            resolve();
          }
        });
        child.on("exit", () => resolve());
        child.on("error", reject);
      });
      await new Promise((r) => child.once("exit", r));
      const partial = counts(dataDir);
      expect(partial.articles).toBeGreaterThan(0);
      expect(partial.articles).toBeLessThan(N);
      // Batches commit whole: every stored article has exactly one item.new and one import record.
      expect(partial.events).toBe(partial.articles);
      expect(partial.records).toBe(partial.articles);

      const rerun = spawnSync(process.execPath, [BIN, "import", file], { env, encoding: "utf8" });
      expect(rerun.status).toBe(0);
      // The killed import still held the clustering lease: the re-run stores its articles, then places them once
      // the lease has expired (30 s after the kill at most).
      expect(rerun.stderr).toMatch(/another process holds the story clustering lease/);
      expect(rerun.stdout).toMatch(
        new RegExp(`imported ${N - partial.articles} new articles from ${N} records`),
      );
      // The re-run also places every article the crash left outside a story.
      expect(counts(dataDir)).toEqual({
        articles: N,
        distinctHashes: N,
        records: N,
        events: N,
        eventArticles: N,
        withoutStory: 0,
      });
    },
    IMPORT_TIMEOUT,
  );

  it(
    "prints progress and a summary, and adds nothing on a second run",
    () => {
      const dataDir = path.join(dir, "twice");
      const env = { ...process.env, LEDE_DATA_DIR: dataDir, LEDE_WORD_VECTORS: "false" };
      const first = spawnSync(process.execPath, [BIN, "import", file], { env, encoding: "utf8" });
      expect(first.status).toBe(0);
      expect(first.stderr).toMatch(new RegExp(`import: ${N}/${N} records, ${N} new \\(\\d+/s\\)`));
      expect(first.stdout).toMatch(new RegExp(`imported ${N} new articles from ${N} records`));
      const second = spawnSync(process.execPath, [BIN, "import", file], { env, encoding: "utf8" });
      expect(second.stdout).toMatch(
        new RegExp(`imported 0 new articles from ${N} records .* ${N} already imported`),
      );
      const exported = spawnSync(process.execPath, [BIN, "export", "assignments"], {
        env,
        encoding: "utf8",
        maxBuffer: 64 << 20,
      });
      const lines = exported.stdout.trim().split("\n");
      expect(lines).toHaveLength(N);
      const row = JSON.parse(lines[0]!) as { id: string; url_hash: string; story_id: number };
      expect(row).toEqual({
        id: "a0",
        url_hash: expect.stringMatching(/^[0-9a-f]{16}$/),
        story_id: expect.any(Number),
      });
      // Every article is in a story once the import is done.
      expect(lines.filter((l) => JSON.parse(l).story_id === null)).toHaveLength(0);
    },
    IMPORT_TIMEOUT,
  );

  it(
    "two imports at once on one data directory make the stories one import makes, and leave none storyless",
    async () => {
      // Two interleaved halves of five simulated days, imported by two processes at once; one process imports the
      // whole stream for comparison. Only the holder of the clustering lease places articles in stories.
      const nw = generateNewswire({ seed: 5, days: 5 });
      const lines = nw.articles.map((a) => JSON.stringify(toImportRecord(a)));
      const write = (name: string, keep: (i: number) => boolean) => {
        const out = path.join(dir, name);
        fs.writeFileSync(out, `${lines.filter((_, i) => keep(i)).join("\n")}\n`);
        return out;
      };
      const whole = write("newswire.jsonl", () => true);
      const halves = [
        write("newswire-even.jsonl", (i) => i % 2 === 0),
        write("newswire-odd.jsonl", (i) => i % 2 === 1),
      ];
      const envFor = (dataDir: string) => ({
        ...process.env,
        LEDE_DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        LEDE_WORD_VECTORS: "false",
      });
      const alone = path.join(dir, "newswire-one");
      const single = spawnSync(process.execPath, [BIN, "import", whole], {
        env: envFor(alone),
        encoding: "utf8",
      });
      expect(single.status).toBe(0);

      const shared = path.join(dir, "newswire-two");
      const runs = await Promise.all(halves.map((f) => runImport(f, envFor(shared))));
      for (const r of runs) {
        expect(r.code).toBe(0);
        expect(r.stdout).toMatch(/^imported \d+ new articles from \d+ records/);
      }
      // They did run at once: one of them found the lease taken and left placing to the other.
      expect(runs.map((r) => r.stderr).join("")).toMatch(/another process holds the story clustering lease/);

      const [one, two] = [stories(alone), stories(shared)];
      console.log(`one process: ${one.stories} stories; two processes: ${two.stories} stories`);
      expect(one.articles).toBe(nw.articles.length);
      expect(two.articles).toBe(nw.articles.length);
      expect(two.storyless).toBe(0);
      expect(Math.abs(two.stories - one.stories)).toBeLessThanOrEqual(Math.ceil(one.stories * 0.02));
    },
    IMPORT_TIMEOUT,
  );

  it(
    "gives events the import's wall-clock time, or the articles' times with --event-time article",
    () => {
      const published = Date.now() - 2 * 86_400_000;
      const small = path.join(dir, "small.jsonl");
      fs.writeFileSync(
        small,
        [0, 1, 2]
          .map((i) =>
            JSON.stringify({
              id: `s${i}`,
              title: `Small headline ${i}`,
              url: `https://small.test/${i}`,
              published_at: published + i * 60_000,
            }),
          )
          .join("\n"),
      );
      const eventTimes = (dataDir: string) => {
        const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
        try {
          return db
            .prepare("SELECT ts FROM events WHERE type = 'item.new' ORDER BY id")
            .pluck()
            .all() as number[];
        } finally {
          db.close();
        }
      };
      const run = (name: string, args: string[]) => {
        const dataDir = path.join(dir, name);
        const env = {
          ...process.env,
          LEDE_DATA_DIR: dataDir,
          LOG_LEVEL: "silent",
          LEDE_WORD_VECTORS: "false",
        };
        const started = Date.now();
        const res = spawnSync(process.execPath, [BIN, "import", small, ...args], { env, encoding: "utf8" });
        expect(res.status, res.stderr).toBe(0);
        return { started, ended: Date.now(), ts: eventTimes(dataDir), stderr: res.stderr };
      };

      const live = run("event-time-emit", []);
      expect(live.ts).toHaveLength(3);
      for (const ts of live.ts) {
        expect(ts).toBeGreaterThanOrEqual(live.started);
        expect(ts).toBeLessThanOrEqual(live.ended);
      }

      const backfill = run("event-time-article", ["--event-time", "article"]);
      expect(backfill.ts).toEqual([published, published + 60_000, published + 120_000]);
      expect(backfill.stderr).toMatch(/not point-in-time/);

      const bad = spawnSync(process.execPath, [BIN, "import", small, "--event-time", "published"], {
        env: { ...process.env, LEDE_DATA_DIR: path.join(dir, "event-time-bad") },
        encoding: "utf8",
      });
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/--event-time must be "emit" or "article"/);
    },
    IMPORT_TIMEOUT,
  );

  it("refuses a file that does not exist", () => {
    const res = spawnSync(process.execPath, [BIN, "import", path.join(dir, "missing.jsonl")], {
      env: { ...process.env, LEDE_DATA_DIR: path.join(dir, "none") },
      encoding: "utf8",
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/no such file/);
  });
});

describe("lede keys create", () => {
  it("prints a live key and stores only its SHA-256", () => {
    const dataDir = path.join(dir, "keys");
    const res = spawnSync(
      process.execPath,
      [BIN, "keys", "create", "--email", "dev@example.test", "--tier", "pro", "--scopes", "read,ws:connect"],
      {
        env: { ...process.env, LEDE_DATA_DIR: dataDir },
        encoding: "utf8",
      },
    );
    expect(res.status).toBe(0);
    const key = res.stdout.trim();
    expect(key).toMatch(/^lede_live_[0-9a-f]{64}$/);
    const db = new Database(path.join(dataDir, "lede.db"), { readonly: true });
    const row = db.prepare("SELECT key_hash, scopes FROM api_keys").get() as {
      key_hash: string;
      scopes: string;
    };
    const dump = JSON.stringify(db.prepare("SELECT * FROM api_keys").all());
    db.close();
    expect(row.key_hash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(row.scopes).toBe("read,ws:connect");
    expect(dump).not.toContain(key.slice(10));
  });
});
