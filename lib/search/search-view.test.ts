import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Article, Source } from "../db/types";
import { tempStore, testSource } from "../testing/temp-store";
import { repeatsTitle, snippetText } from "./distinct-snippet";
import { matchNote } from "./match-note";
import { searchFull } from "./search-full";
import { searchView } from "./search-view";
import { addArticles, addEntity, putInStory } from "./test-fixtures";

// A World Cup story syndicated six times, a cup final elsewhere, and the entity "World Cup" linked to the story's
// articles and to one article that never says "world cup" in its text.
describe("searchView", () => {
  const store = tempStore();
  let source: Source;
  let copies: Article[];
  let final: Article[];
  let linkedOnly: Article[];
  beforeAll(async () => {
    source = await testSource(store);
    copies = await addArticles(
      store,
      source,
      Array.from({ length: 6 }, (_, i) => ({
        title: `World Cup draw puts hosts in group of death ${i}`,
        url: `https://w.test/draw-${i}`,
        discoveredAt: 10 + i,
        excerpt: `World Cup draw puts hosts in group of death ${i}. Coaches reacted on Friday to a draw held in Doha.`,
      })),
    );
    final = await addArticles(store, source, [
      {
        title: "Cup final goes to penalties",
        url: "https://w.test/final",
        discoveredAt: 30,
        excerpt: "The world watched a cup final settled by penalties after a goalless draw.",
      },
    ]);
    linkedOnly = await addArticles(store, source, [
      {
        title: "Qatar stadium readiness questioned",
        url: "https://w.test/stadium",
        discoveredAt: 40,
        excerpt: "Inspectors toured the eight venues this week.",
      },
    ]);
    putInStory(store, 1, "World Cup draw", copies);
    putInStory(store, 2, "Cup final", final);
    addEntity(store, { name: "World Cup", type: "org", articles: [...copies, ...linkedOnly] });
  });
  afterAll(() => store.cleanup());

  const view = (q: string, limit = 100) => searchView(store, { q, limit, offset: 0 });

  it("reports a word no article holds instead of dropping it, and what the results are instead", async () => {
    const v = await view("world cup suarez");
    // The public search counts the entity's articles: the dashboard must say why they are there.
    expect((await searchFull(store, { q: "world cup suarez", limit: 20, offset: 0 })).total).toBe(v.total);
    expect(v.total).toBe(7);
    expect(v.textTotal).toBe(0);
    expect(v.terms).toEqual([
      { text: "world", articles: 7 },
      { text: "cup", articles: 7 },
      { text: "suarez", articles: 0 },
    ]);
    expect(v.entities).toEqual(["World Cup"]);
    expect(matchNote(v)).toBe(
      "No article matches the whole query: “suarez” is in no article. The 7 articles below are about World Cup.",
    );
    expect(v.groups.flatMap((g) => [g.lead, ...g.others]).every((h) => !h.textMatch)).toBe(true);
  });

  it("counts the whole-query text matches apart from the entity's other articles", async () => {
    const v = await view("world cup");
    expect(v.textTotal).toBe(7);
    expect(v.total).toBe(8);
    expect(matchNote(v)).toBe("7 match the whole query; 1 more is about World Cup.");
    const stadium = v.groups.find((g) => g.lead.urlHash === linkedOnly[0]?.urlHash);
    expect(stadium?.lead.textMatch).toBe(false);
  });

  it("groups the six copies of one story under one entry, stories in rank order", async () => {
    const v = await view("draw");
    const story = v.groups.find((g) => g.storyId === 1);
    expect(story ? 1 + story.others.length : 0).toBe(6);
    expect(v.groups.filter((g) => g.storyId === 1)).toHaveLength(1);
    expect(v.groups.map((g) => g.storyId).sort()).toEqual([1, 2]);
  });

  it("pages through the groups of the best matches, a story's copies counted wherever they rank", async () => {
    const all = await view("draw");
    expect([all.groupTotal, all.storyTotal, all.grouped]).toEqual([2, 2, 7]);
    const second = await searchView(store, { q: "draw", limit: 1, offset: 1 });
    expect(second.groups.map((g) => g.storyId)).toEqual([all.groups[1]?.storyId]);
    // Only the best three matches grouped: the counts are those of the window, and the total stays the full one.
    const narrow = await searchView(store, { q: "draw", limit: 20, offset: 0 }, 3);
    expect(narrow.grouped).toBe(3);
    expect(narrow.total).toBe(7);
    expect(narrow.groups.reduce((n, g) => n + 1 + g.others.length, 0)).toBe(3);
  });

  it("never shows the headline again as the snippet", async () => {
    for (const q of ["group of death", "world cup", "penalties", "stadium"]) {
      const hits = (await view(q)).groups.flatMap((g) => [g.lead, ...g.others]);
      expect(hits.length, q).toBeGreaterThan(0);
      for (const h of hits)
        if (h.snippet !== null)
          expect(repeatsTitle(snippetText(h.snippet), h.title), `${q}: ${h.title}`).toBe(false);
    }
    const draw = (await view("group of death")).groups[0]?.lead;
    expect(draw?.snippet).toContain("Coaches reacted on Friday");
    // The words matched in the headline are marked there instead.
    expect(draw?.titleHtml).toBe(
      "World Cup draw puts hosts in <mark>group</mark> <mark>of</mark> <mark>death</mark> 5",
    );
  });
});
