import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { tempDir } from "../testing/temp-store";

// What a story is (the product decision): one real-world happening and its direct developments, for as long as it
// is reported. A scripted stream of realistic reports from many outlets, with unrelated news around them, goes
// through the real pipeline (`lede import`, word vectors on, as users run it); `lede export assignments` gives
// each report's final story. Ids name the happening: `quake-iran-3` is the third report of the Iran earthquake,
// `other-*` are the unrelated reports around the scenarios.
const BIN = fileURLToPath(new URL("../../bin/lede.mjs", import.meta.url));
const FIXTURE = fileURLToPath(new URL("./fixtures/story-identity.jsonl", import.meta.url));
// Shared across runs: the first run builds the word-vector cache (~7 s), later runs only read it.
const MODEL_DIR = path.join(os.tmpdir(), "lede-test-models");
/** The import runs the whole pipeline (enrichment, clustering, story dynamics) in a child process. */
const IMPORT_TIMEOUT = 120_000;

const run = promisify(execFile);

interface Report {
  id: string;
  title: string;
  published_at: string;
  source: string;
}

let dir: string;
let reports: Report[];
const storyOf = new Map<string, number | null>();

beforeAll(async () => {
  dir = tempDir("lede-story-identity-");
  reports = fs
    .readFileSync(FIXTURE, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Report)
    .sort((a, b) => a.published_at.localeCompare(b.published_at));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LEDE_DATA_DIR: dir,
    LEDE_MODEL_DIR: MODEL_DIR,
    LEDE_WORD_VECTORS: "true",
    LOG_LEVEL: "warn",
  };
  // The local embedder, never a remote provider: the test must not depend on the network.
  delete env.EMBEDDINGS_URL;
  await run(process.execPath, [BIN, "import", FIXTURE], { env });
  const out = path.join(dir, "assignments.jsonl");
  await run(process.execPath, [BIN, "export", "assignments", "--out", out], { env });
  for (const line of fs.readFileSync(out, "utf8").trim().split("\n")) {
    const a = JSON.parse(line) as { id: string; story_id: number | null };
    storyOf.set(a.id, a.story_id);
  }
  const missing = reports.filter((r) => !storyOf.has(r.id)).map((r) => r.id);
  if (missing.length) throw new Error(`not exported: ${missing.join(", ")}`);
  // Reports get a vector only from the word-vector embedder: none means clustering ran on TF-IDF alone.
  const db = new Database(path.join(dir, "lede.db"), { readonly: true });
  const unembedded = db.prepare("SELECT COUNT(*) AS n FROM articles WHERE embedding_model IS NULL").get() as {
    n: number;
  };
  db.close();
  if (unembedded.n > 0) throw new Error(`${unembedded.n} articles without a vector: word vectors not loaded`);
}, IMPORT_TIMEOUT);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The reports of one happening (ids `${prefix}-n`), in article-time order. */
function happening(prefix: string): Report[] {
  const found = reports.filter((r) => r.id.startsWith(`${prefix}-`));
  if (found.length === 0) throw new Error(`no reports for ${prefix}`);
  return found;
}

function storiesOf(group: Report[]): Set<number | null> {
  return new Set(group.map((r) => storyOf.get(r.id) ?? null));
}

/** Every story the groups landed in, with all its members (unrelated ones too), for failure messages. */
function grouping(...groups: Report[][]): string {
  const stories = new Set(groups.flatMap((g) => [...storiesOf(g)]));
  return [...stories]
    .map((s) => {
      const members = reports.filter((r) => (storyOf.get(r.id) ?? null) === s);
      const lines = members.map(
        (r) => `    ${r.id} (${r.published_at.slice(5, 16)}, ${r.source}): ${r.title}`,
      );
      return `  story ${s ?? "none"}:\n${lines.join("\n")}`;
    })
    .join("\n");
}

function expectOneStory(what: string, group: Report[]): void {
  const stories = storiesOf(group);
  expect
    .soft(
      stories.size === 1 && !stories.has(null),
      `${what} should be one story, but landed in ${stories.size}:\n${grouping(group)}`,
    )
    .toBe(true);
}

function expectApart(what: string, a: Report[], b: Report[]): void {
  const inB = storiesOf(b);
  const shared = [...storiesOf(a)].filter((s) => s !== null && inB.has(s));
  // The stories of `a` show any intruder; those of `b` too, unless `b` is the whole unrelated rest of the stream.
  const shown = inB.size <= 5 ? grouping(a, b) : grouping(a);
  expect.soft(shared, `${what} should share no story, but share ${shared.join(", ")}:\n${shown}`).toEqual([]);
}

describe("story identity through `lede import` (scripted stream, word vectors on)", () => {
  it("keeps two same-day earthquakes, near Sendai in Japan and in Shiraz in Iran, apart", () => {
    expectApart("The Japan and Iran earthquakes", happening("quake-japan"), happening("quake-iran"));
  });

  it("gathers each earthquake's reports from several outlets into one story", () => {
    expectOneStory("The Japan earthquake's reports", happening("quake-japan"));
    expectOneStory("The Iran earthquake's reports", happening("quake-iran"));
  });

  it("keeps two same-day pharma acquisitions by different buyers of different targets apart", () => {
    expectApart("AstraZeneca-Ionis and Merck-Sarepta", happening("deal-astra"), happening("deal-merck"));
  });

  it("gathers each acquisition's reports into one story", () => {
    expectOneStory("AstraZeneca-Ionis reports", happening("deal-astra"));
    expectOneStory("Merck-Sarepta reports", happening("deal-merck"));
  });

  it("keeps one company's phone launch and its streaming launch two days later apart", () => {
    expectApart(
      "Samsung's Galaxy S26 launch and TV Plus India launch",
      happening("samsung-phone"),
      happening("samsung-tv"),
    );
  });

  it("gathers each of the company's two announcements into one story", () => {
    expectOneStory("The Galaxy S26 launch reports", happening("samsung-phone"));
    expectOneStory("The TV Plus India launch reports", happening("samsung-tv"));
  });

  it("keeps a death and the next day's obituary, tributes and funeral plans in one story", () => {
    expectOneStory(
      "The death of Harold Whitcombe (day 1) and its obituaries, tributes and funeral (day 2)",
      happening("death"),
    );
  });

  it("keeps a trial's jury deliberations and its guilty verdict two days later in one story", () => {
    expectOneStory(
      "The Gregory Vance trial (deliberations, day 1) and its verdict (day 3)",
      happening("trial"),
    );
  });

  it("joins five differently worded same-day reports of one product launch", () => {
    expectOneStory("The Steam Deck 2 launch reports", happening("launch"));
  });

  it("starts a new story for each day's oil-price wrap, even in matching words", () => {
    expectApart("Wednesday's and Thursday's oil-price wraps", happening("oil-day1"), happening("oil-day2"));
  });

  it("starts a new story for each day's stock-market wrap", () => {
    expectApart(
      "Wednesday's and Thursday's stock-market wraps",
      happening("stocks-day1"),
      happening("stocks-day2"),
    );
  });

  it("gathers one day's oil-price wraps into one story, and one day's stock-market wraps into another", () => {
    for (const day of ["day1", "day2"]) {
      expectOneStory(`The oil-price wraps of ${day}`, happening(`oil-${day}`));
      expectOneStory(`The stock-market wraps of ${day}`, happening(`stocks-${day}`));
    }
  });

  it("lets no scenario story take in a report of an unrelated happening", () => {
    const others = happening("other");
    for (const prefix of [
      "quake-japan",
      "quake-iran",
      "deal-astra",
      "deal-merck",
      "samsung-phone",
      "samsung-tv",
      "death",
      "trial",
      "launch",
      "oil-day1",
      "oil-day2",
      "stocks-day1",
      "stocks-day2",
    ])
      expectApart(`The ${prefix} story and the unrelated reports`, happening(prefix), others);
  });
});
