import { sql } from "kysely";
import { describe, expect, it } from "vitest";

import { compileFilters, EVENT_TYPES, matchesFilters, type FilterSpec } from "../../events/filters";
import { postgresForTests } from "../../testing/postgres-db";
import type { ArticleVector, EventRangeQuery } from "../store";
import { openPostgres, type PgDb } from "./connect";
import { pgAppendEvent, pgEventRepo, rangeQuery, setPgEventTimeMode } from "./event-repo";

const pg = postgresForTests();

const TS = 1_000_000;
const noVectors = { articleVector: async (): Promise<ArticleVector | null> => null };

async function source(db: PgDb, slug: string) {
  return db
    .insertInto("sources")
    .values({ slug, name: slug, homepage: `https://${slug}.test/`, created_at: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
}

async function article(db: PgDb, sourceId: number, n: number) {
  const r = await db
    .insertInto("articles")
    .values({
      url_hash: `h${n}`,
      url: `https://wire.test/${n}`,
      canonical_url: `https://wire.test/${n}`,
      title: "x",
      slug: "x",
      source_id: sourceId,
      category: "world",
      discovered_at: 0,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return r.id;
}

describe("PostgreSQL event range filters", () => {
  it("keep exactly what the live feed's filter code keeps, on tricky payloads", async () => {
    const { db } = await pg.fresh();
    const events = pgEventRepo(db, noVectors);
    setPgEventTimeMode(db, "producer");
    const log = (type: string, data: unknown, articleId: number | null = null, extra: object = {}) =>
      events.append({
        ts: TS,
        type,
        clusterId: type.startsWith("item.") ? 0 : 7,
        articleId,
        payload: (id) => ({ type, id, ts: TS, data, ...extra }),
      });
    const wire = await source(db, "wire");
    const other = await source(db, "other");
    const fromWire = await article(db, wire.id, 1);
    const fromOther = await article(db, other.id, 2);
    const titles = [
      "Tariff talks resume",
      "ÉCLAT: TARIFF row deepens",
      "\u212Aing of the hill", // the Kelvin sign lowercases to "k" in JavaScript
      "tabs\tand TARIFF",
      'Quote "tariff" inside',
      "Nothing relevant",
      "ΟΔΟΣ ends in a final sigma",
    ];
    for (const [i, title] of titles.entries()) {
      await log("item.new", { title, category: "politics", source_id: String(wire.id) }, fromWire);
      await log("item.enriched", { title, category: "Politics", source_id: wire.id }, fromWire, {
        entity_ids: i % 2 ? [1, 2] : [3],
      });
      await log("item.new", { title, category: "world", source_id: String(other.id) }, fromOther);
    }
    await log(
      "item.enriched",
      { title: "No entity list", category: "world", source_id: String(wire.id) },
      fromWire,
    );
    await log("item.enriched", { title: "Entity ids as text", source_id: String(wire.id) }, fromWire, {
      entity_ids: ["1"],
    });
    await log("item.new", { title: 42, category: 7, source_id: null });
    await log("item.new", { title: "No source at all" });
    await log("item.new", { title: "Boolean source", source_id: true });
    await log("story.development", { headline: null, title: "Tariff schedule", category: "business" });
    await log("story.development", { headline: 5, category: null });
    await log("story.priority_changed", { headline: "King returns", category: "world" });
    await log("story.priority_changed", { headline: "ÉCLAT returns", category: "world" });
    await log("cluster.event", { action: "create", cluster_id: 1, category: "sports" });
    await log("clusters.ranked", []);
    await db
      .insertInto("events")
      .values({ ts: TS, type: "item.new", cluster_id: 0, payload: null })
      .execute();
    await db
      .insertInto("events")
      .values({ ts: TS, type: "item.new", cluster_id: 0, payload: "{not json" })
      .execute();
    const specs: FilterSpec[] = [
      {},
      { keywords: ["tariff"] },
      { keywords: ["king"] },
      { keywords: ['"tariff"'] },
      { keywords: ["éclat"] },
      { keywords: ["οδος"] },
      { keywords: ["tabs\tand"] },
      { categories: ["politics"] },
      { categories: ["business", "world"] },
      { categories: ["sports"] },
      { sources: [String(wire.id)] },
      { sources: ["wire"] },
      { sources: ["other", "null"] },
      { sources: ["undefined"] },
      { sources: ["true"] },
      { sources: ["nope"] },
      { entities: [1] },
      { entities: [3, 9] },
      { keywords: ["tariff"], categories: ["politics"], sources: ["wire"], entities: [2] },
    ];
    // Every event, read the way the live feed sees them (with their source slugs), is the reference; the
    // unparsable payload is read as the live feed never would (it never logs one), as an event without fields.
    const everything = (await events.after(0, 1000)).map((e) =>
      e.payloadJson === "{not json"
        ? { id: e.id, ts: e.ts, type: e.type, clusterId: 0, articleId: null, payload: null }
        : e,
    );
    for (const spec of specs) {
      const f = compileFilters(spec);
      const expected = everything.filter((e) => matchesFilters(f, e)).map((e) => e.id);
      const got = await events.range({
        from: 0,
        to: TS * 2,
        types: [...EVENT_TYPES],
        limit: 1000,
        categories: f.categories && [...f.categories],
        sources: f.sources && [...f.sources],
        keywords: f.keywords,
        entities: f.entities && [...f.entities],
      });
      expect(
        got.map((e) => e.id),
        JSON.stringify(spec),
      ).toEqual(expected);
    }
    // Types, cluster, article ids, the (ts, id) cursor and the limit.
    const ids = (q: Partial<EventRangeQuery>) =>
      events
        .range({ from: 0, to: TS * 2, types: [...EVENT_TYPES], limit: 1000, ...q })
        .then((r) => r.map((e) => e.id));
    const all = everything.map((e) => e.id);
    expect(await ids({ types: [] })).toEqual([]);
    expect(await ids({ types: ["cluster.event"] })).toEqual(
      everything.filter((e) => e.type === "cluster.event").map((e) => e.id),
    );
    expect(await ids({ clusterId: 7 })).toEqual(everything.filter((e) => e.clusterId === 7).map((e) => e.id));
    expect(await ids({ articleIds: [fromOther], types: ["item.new", "item.enriched"] })).toEqual(
      everything.filter((e) => e.articleId === fromOther).map((e) => e.id),
    );
    expect(await ids({ articleIds: [fromOther] })).toEqual(
      everything.filter((e) => !e.type.startsWith("item.") || e.articleId === fromOther).map((e) => e.id),
    );
    expect(await ids({ after: { ts: TS, id: all[4]! }, limit: 3 })).toEqual(all.slice(5, 8));
    expect(await ids({ from: TS + 1 })).toEqual([]);
    const page = await events.range({ from: 0, to: TS, types: ["item.new"], limit: 1 });
    expect(page[0]!.payloadJson).toBe(everything[0]!.payloadJson);
  });

  it("walk events_page in (ts, id) order, events_cluster for one story, events_article for a few articles", async () => {
    const { db } = await pg.fresh();
    const wire = await source(db, "wire");
    const first = await article(db, wire.id, 1);
    // A log large enough for the planner to prefer indexes: 40,000 events over 2,000 stories and articles.
    await sql`INSERT INTO events (ts, type, cluster_id, article_id, payload)
      SELECT i * 10, CASE WHEN i % 3 = 0 THEN 'cluster.event' ELSE 'item.new' END,
        CASE WHEN i % 3 = 0 THEN i % 2000 ELSE 0 END, CASE WHEN i % 3 = 0 THEN NULL ELSE ${first}::bigint END,
        json_build_object('data', json_build_object('category', 'world', 'source_id', i % 50, 'title', 't'))::text
      FROM generate_series(1, 40000) i`.execute(db);
    await sql`ANALYZE events`.execute(db);
    const plan = async (q: EventRangeQuery) =>
      (await rangeQuery(db, q).explain()).map((r) => String(r["QUERY PLAN"])).join("\n");
    const base = { from: 100_000, to: 300_000, types: ["item.new", "cluster.event"], limit: 10 };
    const paged = await plan({
      ...base,
      categories: ["world"],
      sources: ["wire"],
      after: { ts: 150_000, id: 1 },
    });
    expect(paged).toMatch(/Index (Only )?Scan using events_page/);
    expect(paged).not.toContain("Sort"); // already in page order
    expect(await plan({ ...base, clusterId: 7 })).toContain("events_cluster");
    const candidates = { ...base, types: ["item.new", "item.enriched"], articleIds: [3, 5] };
    expect(await plan(candidates)).toContain("events_article");
  });
});

describe("PostgreSQL event log", () => {
  it("appends with ids, reads by id and after an id with source slugs, prunes, and keeps one log id", async () => {
    const { db } = await pg.fresh();
    const vec = new Float32Array([0.5, 0.25]);
    const events = pgEventRepo(db, {
      articleVector: async (id) => (id === 11 ? { vector: vec, model: "m" } : null),
    });
    expect(await events.lastId()).toBe(0);
    const wire = await source(db, "wire");
    const a = await article(db, wire.id, 1);
    const before = Date.now();
    const e1 = await events.append({
      ts: 5,
      type: "item.new",
      clusterId: 0,
      articleId: a,
      payload: (id) => ({ type: "item.new", id, ts: 5, data: { title: "t" } }),
    });
    // Emit time: the wall clock, also written into the payload's ts.
    expect(e1.ts).toBeGreaterThanOrEqual(before);
    expect(e1.payload).toEqual({ type: "item.new", id: e1.id, ts: e1.ts, data: { title: "t" } });
    const e2 = await events.append({
      ts: 5,
      type: "cluster.event",
      clusterId: 3,
      articleId: null,
      payload: (id) => ({ id }),
    });
    expect(e2.id).toBe(e1.id + 1);
    expect(e2.ts).toBeGreaterThanOrEqual(e1.ts);
    const got = await events.get(e1.id);
    expect(got).toMatchObject({ id: e1.id, ts: e1.ts, type: "item.new", articleId: a, sourceSlug: "wire" });
    expect(got!.payload).toEqual(e1.payload);
    expect(got!.payloadJson).toBe(JSON.stringify(e1.payload));
    expect(await events.get(999)).toBeNull();
    expect((await events.after(0, 10)).map((e) => [e.id, e.sourceSlug])).toEqual([
      [e1.id, "wire"],
      [e2.id, null],
    ]);
    expect((await events.after(e1.id, 10)).map((e) => e.id)).toEqual([e2.id]);
    expect((await events.after(0, 1)).map((e) => e.id)).toEqual([e1.id]);
    expect(await events.lastId()).toBe(e2.id);

    const logId = await events.logId();
    expect(logId).toMatch(/^[0-9a-z]+$/);
    expect(await pgEventRepo(db, noVectors).logId()).toBe(logId);

    const vectors = await events.articleVectors([11, 12, 11]);
    expect([...vectors.keys()]).toEqual([11]);
    expect(vectors.get(11)).toEqual({ vector: vec, model: "m" });

    // Prune in batches, oldest first.
    setPgEventTimeMode(db, "producer");
    for (let i = 0; i < 7; i++)
      await events.append({
        ts: 100 + i,
        type: "cluster.event",
        clusterId: 1,
        articleId: null,
        payload: (id) => ({ id }),
      });
    expect(await events.prune(104, 2)).toBe(4);
    expect(
      (await events.range({ from: 0, to: 1000, types: ["cluster.event"], limit: 10 })).map((e) => e.ts),
    ).toEqual([104, 105, 106]);
    expect(await events.prune(0, 2)).toBe(0);
  });

  it("moves the history version when the past changes, not on live appends", async () => {
    const { db } = await pg.fresh();
    const events = pgEventRepo(db, noVectors);
    const append = (ts: number) =>
      events.append({
        ts,
        type: "cluster.event",
        clusterId: 1,
        articleId: null,
        payload: (id) => ({ id, ts }),
      });
    const v0 = await events.historyVersion();
    expect(v0).toBe(1);
    await append(0);
    await append(0);
    expect(await events.historyVersion()).toBe(v0); // emitted at the wall clock
    setPgEventTimeMode(db, "producer");
    await append(Date.now() - 1_000); // within the minute: still live
    expect(await events.historyVersion()).toBe(v0);
    await append(Date.now() - 3_600_000); // a backfill
    expect(await events.historyVersion()).toBe(v0 + 1);
    // A rewritten payload moves it once per statement; the prune once per batch that deleted something.
    await db.updateTable("events").set({ payload: '{"x":1}' }).execute();
    expect(await events.historyVersion()).toBe(v0 + 2);
    await db.updateTable("events").set({ payload: '{"x":1}' }).where("id", "<", 0).execute();
    expect(await events.historyVersion()).toBe(v0 + 2);
    expect(await events.prune(Number.MAX_SAFE_INTEGER, 10)).toBe(4);
    expect(await events.historyVersion()).toBe(v0 + 3);
    expect(await events.prune(Number.MAX_SAFE_INTEGER, 10)).toBe(0);
    expect(await events.historyVersion()).toBe(v0 + 3);
    // Not visible before the write commits.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("events").execute();
      await trx.insertInto("events").values({ ts: 1, type: "x", payload: null }).execute();
      expect(await events.historyVersion()).toBe(v0 + 3);
    });
    expect(await events.historyVersion()).toBe(v0 + 4);
  });

  it("hands out ids in commit order: a tail reading after the last id sees every event of parallel appends once", async () => {
    const { url } = await pg.fresh();
    const pools = await Promise.all([openPostgres(url), openPostgres(url)]);
    const [a, b] = pools.map((p) => pgEventRepo(p.db, noVectors));
    const reader = await openPostgres(url, { max: 1 });
    const tail = pgEventRepo(reader.db, noVectors);
    const PER_WRITER = 300;
    let writing = true;
    const seen: number[] = [];
    const tailing = (async () => {
      let last = 0;
      for (;;) {
        const done = !writing;
        const batch = await tail.after(last, 100);
        for (const e of batch) seen.push(e.id);
        if (batch.length) last = batch[batch.length - 1]!.id;
        else if (done) return;
      }
    })();
    const burst = (repo: typeof a, tag: string) =>
      Promise.all(
        Array.from({ length: 8 }, async (_, lane) => {
          for (let i = lane; i < PER_WRITER; i += 8)
            await repo!.append({
              ts: 0,
              type: "cluster.event",
              clusterId: i,
              articleId: null,
              payload: (id) => ({ id, tag }),
            });
        }),
      );
    await Promise.all([burst(a, "a"), burst(b, "b")]);
    writing = false;
    await tailing;
    expect(seen).toEqual(Array.from({ length: 2 * PER_WRITER }, (_, i) => i + 1));
    await Promise.all([...pools, reader].map((p) => p.close()));
  });

  it("an append inside another repository's transaction holds later appends back until it commits", async () => {
    const { url } = await pg.fresh();
    const [a, b] = await Promise.all([openPostgres(url), openPostgres(url)]);
    const draft = {
      ts: 0,
      type: "cluster.event",
      clusterId: 1,
      articleId: null,
      payload: (id: number) => ({ id }),
    };
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let firstId = 0;
    const writing = a.db.transaction().execute(async (trx) => {
      firstId = (await pgAppendEvent(trx, draft, a.db)).id;
      await held;
    });
    while (firstId === 0) await new Promise((r) => setTimeout(r, 10));
    let secondId = 0;
    const second = pgEventRepo(b.db, noVectors)
      .append(draft)
      .then((e) => (secondId = e.id));
    await new Promise((r) => setTimeout(r, 300));
    expect(secondId).toBe(0);
    expect(await pgEventRepo(b.db, noVectors).lastId()).toBe(0);
    release();
    await Promise.all([writing, second]);
    expect(secondId).toBe(firstId + 1);
    await Promise.all([a.close(), b.close()]);
  });
});
