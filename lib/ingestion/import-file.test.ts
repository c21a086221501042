import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setEventTimeMode } from "../db/sqlite/event-repo";
import { runBacktest } from "../events/backtest";
import { tempStore } from "../testing/temp-store";
import { importFile } from "./import-file";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

function writeJsonl(name: string, lines: string[], gzip = false): string {
  const file = path.join(store.dir, name);
  const text = lines.join("\n") + "\n";
  fs.writeFileSync(file, gzip ? gzipSync(text) : text);
  return file;
}

const rec = (id: string, title: string, at: string | number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id,
    title,
    url: `https://news.test/${id}`,
    published_at: at,
    source: "News Test",
    category: "b",
    ...extra,
  });

describe("importFile", () => {
  it("loads records in article-time order through the pipeline, with item.new events", async () => {
    const file = writeJsonl(
      "a.jsonl.gz",
      [rec("2", "Second", "2014-06-13T10:00:00Z"), rec("1", "First", 1402650000000)],
      true,
    );
    const s = await importFile(store, file);
    expect(s).toMatchObject({ records: 2, inserted: 2, duplicates: 0, alreadyImported: 0, malformed: [] });
    const events = await store.events.after(0, 10);
    expect(events.map((e) => (e.payload?.data as { title: string }).title)).toEqual(["First", "Second"]);
    // Logged in article order, each at the moment it entered the log.
    expect(events.map((e) => e.ts)).toEqual([...events.map((e) => e.ts)].sort((a, b) => a - b));
    expect(events.every((e) => e.ts > Date.UTC(2020, 0, 1))).toBe(true);
    const { items } = await store.articles.list({
      limit: 10,
      offset: 0,
      sortBy: "discovered",
      sortOrder: "asc",
    });
    expect(items[0]).toMatchObject({
      title: "First",
      category: "business",
      sourceName: "News Test",
      discoveredAt: 1402650000000,
    });
  });

  it("is idempotent: a second run adds nothing", async () => {
    const file = writeJsonl("a.jsonl", [rec("1", "One", 1), rec("2", "Two", 2)]);
    await importFile(store, file);
    const again = await importFile(store, file);
    expect(again).toMatchObject({ inserted: 0, alreadyImported: 2 });
    expect(await store.articles.count()).toBe(2);
    expect((await store.events.after(0, 10)).length).toBe(2);
  });

  it("reports malformed lines with their numbers and loads the rest", async () => {
    const file = writeJsonl("a.jsonl", [
      rec("1", "One", 1),
      "{not json",
      JSON.stringify({ id: "3", url: "https://x.test/3" }),
      rec("4", "Four", 4),
    ]);
    const s = await importFile(store, file);
    expect(s.inserted).toBe(2);
    expect(s.malformed.map((m) => m.line)).toEqual([2, 3]);
    expect(s.malformed[1]?.reason).toMatch(/title/);
  });

  it("links records with the same canonical URL to one article and exports one line per record", async () => {
    const file = writeJsonl("a.jsonl", [
      rec("1", "Same story", 1, { url: "http://www.news.test/x?utm_source=feed" }),
      rec("2", "Same story", 2, { url: "https://news.test/x" }),
    ]);
    const s = await importFile(store, file);
    expect(s).toMatchObject({ inserted: 1, duplicates: 1 });
    const rows = [];
    for await (const r of store.articles.exportAssignments()) rows.push(r);
    expect(rows.map((r) => r.externalId).sort()).toEqual(["1", "2"]);
    expect(new Set(rows.map((r) => r.urlHash)).size).toBe(1);
  });

  it("creates unknown sources once", async () => {
    const file = writeJsonl("a.jsonl", [
      rec("1", "A", 1, { source: "Alpha Daily" }),
      rec("2", "B", 2, { source: "Alpha Daily" }),
    ]);
    await importFile(store, file);
    expect((await store.sources.list()).map((s) => s.slug)).toEqual(["alpha-daily"]);
  });

  describe("event times (contract §6.12)", () => {
    const H = 3_600_000;
    // Articles published two days ago, an hour apart: inside backtest's 90 days, well before the import runs.
    const published = Date.now() - 48 * H;
    const lines = () => [
      rec("1", "Volcano erupts near Reykjavik", published),
      rec("2", "Central bank holds rates", published + H),
      rec("3", "Reykjavik volcano grounds flights", published + 2 * H),
    ];
    const backtest = async (from: number, to: number) =>
      (
        await runBacktest(
          store,
          { from, to, types: ["item.new"], include_embeddings: false, cursor: 0, limit: 100 },
          Date.now(),
        )
      ).events.map((e) => (JSON.parse(e.payloadJson) as { data: { title: string } }).data.title);

    it("are the import's wall-clock times: a backtest of the window it ran in returns its events, the articles' window none", async () => {
      const started = Date.now();
      const s = await importFile(store, writeJsonl("a.jsonl", lines()));
      const ended = Date.now();
      expect(s.inserted).toBe(3);
      expect(await backtest(started, ended + 1)).toEqual([
        "Volcano erupts near Reykjavik",
        "Central bank holds rates",
        "Reykjavik volcano grounds flights",
      ]);
      expect(await backtest(published - H, published + 3 * H)).toEqual([]);
      // The broadcast message carries the same time; the article's own time stays in its data.
      const [first] = await store.events.after(0, 1);
      expect(first!.payload).toMatchObject({ ts: first!.ts, data: { published_at: published } });
    });

    it("are the articles' times for a backfill that asks for them (not point-in-time)", async () => {
      setEventTimeMode(store.db, "producer");
      const started = Date.now();
      await importFile(store, writeJsonl("a.jsonl", lines()));
      const ended = Date.now();
      expect(await backtest(published - H, published + 3 * H)).toEqual([
        "Volcano erupts near Reykjavik",
        "Central bank holds rates",
        "Reykjavik volcano grounds flights",
      ]);
      expect(await backtest(started, ended + 1)).toEqual([]);
    });
  });
});
