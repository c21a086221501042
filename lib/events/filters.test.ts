import { describe, expect, it } from "vitest";

import type { StoredEvent } from "../db/types";
import { compileFilters, echoFilters, matchesFilters, SubscribeFilters } from "./filters";

const item = (
  id: number,
  data: Record<string, unknown>,
  type = "item.new",
  extra: Record<string, unknown> = {},
): StoredEvent => ({
  id,
  ts: id,
  type,
  clusterId: 0,
  articleId: id,
  payload: { type, id, ts: id, data, ...extra },
  // Source 7 is "wire" (the slug comes with the event from the log).
  sourceSlug: data.source_id === "7" ? "wire" : "other",
});
const story = (id: number, type: string, data: Record<string, unknown>): StoredEvent => ({
  id,
  ts: id,
  type,
  clusterId: 1,
  articleId: null,
  payload: { type, id, ts: id, data },
});

const compile = async (raw: unknown) => compileFilters(SubscribeFilters.parse(raw));

describe("subscribe filters", () => {
  it("delivers every event type when no topic or type is given", async () => {
    const f = await compile({});
    for (const t of [
      "item.new",
      "item.enriched",
      "story.development",
      "story.priority_changed",
      "cluster.event",
      "clusters.ranked",
    ]) {
      expect(matchesFilters(f, story(1, t, {}))).toBe(true);
    }
  });

  it("selects types by topic, and `types` overrides topics", async () => {
    const articles = await compile({ topics: ["articles"] });
    expect(matchesFilters(articles, item(1, {}))).toBe(true);
    expect(matchesFilters(articles, story(2, "cluster.event", {}))).toBe(false);
    const typed = await compile({ topics: ["articles"], types: ["clusters.ranked"] });
    expect(matchesFilters(typed, item(1, {}))).toBe(false);
    expect(matchesFilters(typed, story(2, "clusters.ranked", {}))).toBe(true);
  });

  it("ORs entries within a filter and ANDs filters, testing only events that carry the field", async () => {
    const f = await compile({
      categories: ["politics", "world"],
      keywords: ["Tariff", "export ban"],
      sources: ["wire"],
    });
    expect(matchesFilters(f, item(1, { category: "world", title: "New TARIFF rules", source_id: "7" }))).toBe(
      true,
    );
    expect(
      matchesFilters(f, item(2, { category: "sports", title: "New tariff rules", source_id: "7" })),
    ).toBe(false);
    expect(matchesFilters(f, item(3, { category: "politics", title: "Budget vote", source_id: "7" }))).toBe(
      false,
    );
    expect(
      matchesFilters(f, item(4, { category: "politics", title: "Export ban widened", source_id: "8" })),
    ).toBe(false);
    // cluster.event is affected by type selection only.
    expect(matchesFilters(f, story(5, "cluster.event", { action: "create" }))).toBe(true);
    // story.development is tested on its headline.
    expect(
      matchesFilters(
        f,
        story(6, "story.development", { category: "world", headline: "Tariff talks resume" }),
      ),
    ).toBe(true);
  });

  it("matches entities on item.enriched only", async () => {
    const f = await compile({ entities: [42] });
    expect(matchesFilters(f, item(1, {}, "item.enriched", { entity_ids: [1, 42] }))).toBe(true);
    expect(matchesFilters(f, item(2, {}, "item.enriched", { entity_ids: [1] }))).toBe(false);
    expect(matchesFilters(f, item(3, {}))).toBe(true);
  });

  it("validates and echoes filters, merging the deprecated keyword", () => {
    expect(SubscribeFilters.safeParse({ topics: ["weather"] }).success).toBe(false);
    expect(SubscribeFilters.safeParse({ embedding_filters: [{ embedding: [1, 2] }] }).success).toBe(false);
    expect(SubscribeFilters.safeParse({ unknown: 1 }).success).toBe(false);
    expect(
      echoFilters(SubscribeFilters.parse({ keywords: ["a"], keyword: "b", categories: ["Politics"] })),
    ).toEqual({
      keywords: ["a", "b"],
      categories: ["politics"],
    });
  });
});
