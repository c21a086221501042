import fs from "node:fs";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { importFile, readImportFile } from "../ingestion/import-file";
import { normalizeArticle } from "../ingestion/normalize-article";
import { tempDir, tempStore, testSource } from "../testing/temp-store";
import { generateNewswire } from "./generate";
import { toRawArticle, writeNewswireJsonl } from "./records";

const nw = generateNewswire({ seed: 11, days: 1 });
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

describe("newswire records", () => {
  it("writes one import line per article, each with its event id, that lede import reads without loss", async () => {
    const dir = tempDir();
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, "newswire.jsonl");
    expect(writeNewswireJsonl(file, nw)).toBe(nw.articles.length);
    const { records, malformed } = await readImportFile(file);
    expect(malformed).toEqual([]);
    expect(records).toHaveLength(nw.articles.length);
    const lines = fs
      .readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { id: string; event_id: string; source: string });
    expect(lines.map((l) => l.event_id)).toEqual(nw.articles.map((a) => a.eventId));

    const store = tempStore();
    cleanups.push(() => store.cleanup());
    const summary = await importFile(store, file);
    expect(summary.inserted).toBe(nw.articles.length);
    expect(summary.duplicates).toBe(0);
    const sources = await store.sources.list();
    expect(new Set(sources.map((s) => s.name))).toEqual(new Set(lines.map((l) => l.source)));
  });

  it("gives the pipeline raw articles it normalises with the outlet's category and time", async () => {
    const store = tempStore();
    cleanups.push(() => store.cleanup());
    const source = await testSource(store);
    for (const a of nw.articles.slice(0, 300)) {
      const n = normalizeArticle(toRawArticle(a), { source, discoveredAt: a.publishedAt });
      expect(n.title).toBe(a.title);
      expect(n.category).toBe(a.category);
      expect(n.publishedAt).toBe(a.publishedAt);
      expect(n.externalId).toBe(a.id);
    }
  });
});
