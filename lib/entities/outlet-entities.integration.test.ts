import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { EnvSchema } from "../env";
import { importFile } from "../ingestion/import-file";
import { generateNewswire } from "../newswire/generate";
import { writeNewswireJsonl } from "../newswire/records";
import { openStoryClustering } from "../stories/open-clustering";
import { tempStore } from "../testing/temp-store";
import { normName } from "./normalize";
import { outletName } from "./outlets";

let store: ReturnType<typeof tempStore>;
let entities: Array<{ name: string; type: string }>;
let sources: string[];
let titles: string[];

beforeAll(async () => {
  store = tempStore();
  const file = path.join(store.dir, "newswire.jsonl");
  writeNewswireJsonl(file, generateNewswire({ seed: 16, days: 2 }));
  const env = EnvSchema.parse({ LEDE_DATA_DIR: store.dir, LEDE_WORD_VECTORS: "false" });
  // The whole pipeline, as `lede import` runs it: enrichment happens inside story clustering's stage.
  await importFile(store, file, { clustering: await openStoryClustering(store, env) });
  const db = new Database(path.join(store.dir, "lede.db"), { readonly: true });
  try {
    entities = db.prepare("SELECT name, type FROM entities").all() as typeof entities;
    sources = (db.prepare("SELECT name FROM sources").all() as Array<{ name: string }>).map((r) => r.name);
    titles = (db.prepare("SELECT title FROM articles").all() as Array<{ title: string }>).map((r) => r.title);
  } finally {
    db.close();
  }
}, 300_000);
afterAll(() => store?.cleanup());

describe("entities of an imported newswire", () => {
  it("never names a registered source, though titles carry their credits", () => {
    expect(fs.existsSync(store.dir)).toBe(true);
    expect(entities.length).toBeGreaterThan(100);
    const printed = sources.map(outletName);
    // The outlets credit themselves in their titles: the rule is tested on text that would break it.
    const credited = titles.filter((t) =>
      printed.some((n) => t.endsWith(` | ${n}`) || t.endsWith(` - ${n}`)),
    );
    expect(credited.length).toBeGreaterThan(20);
    const names = new Set([...sources, ...printed].map((n) => normName(n.replace(/^the\s+/i, ""))));
    const offending = entities.filter((e) => names.has(normName(e.name.replace(/^the\s+/i, ""))));
    expect(offending).toEqual([]);
    // Nor glued to another word ("Guadalajara Andes Mirror", "Losses Lakeside Herald").
    const multi = printed.filter((n) => n.split(/\s+/).length >= 2).map((n) => normName(n));
    const glued = entities.filter((e) => multi.some((n) => normName(e.name).includes(n)));
    expect(glued).toEqual([]);
  });

  it("gives every name one type", () => {
    const types = new Map<string, Set<string>>();
    for (const e of entities) {
      const k = normName(e.name);
      types.set(k, (types.get(k) ?? new Set()).add(e.type));
    }
    const split = [...types].filter(([, t]) => t.size > 1).map(([n, t]) => `${n}: ${[...t].join("/")}`);
    expect(split).toEqual([]);
  });
});
