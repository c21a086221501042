import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { runPipeline } from "@/lib/ingestion/pipeline";
import { testSource } from "@/lib/testing/temp-store";

import { internal, testSessionDeps } from "../../session-testing";
import { GET } from "./route";

const T = Date.UTC(2026, 0, 5, 12);
let t: ReturnType<typeof testSessionDeps>;
beforeEach(() => {
  t = testSessionDeps(() => T + 60_000);
});
afterEach(() => t.cleanup());

const get = (id: string, cookie?: string) =>
  GET(internal(`/api/internal/stories/${id}`, { cookie }), { params: Promise.resolve({ id }) });

const story = (id: number, articleCount: number, lastUpdated: number) => ({
  id,
  headline: `Story ${id}`,
  category: "world",
  articleCount,
  firstSeen: T,
  lastUpdated,
});

describe("GET /api/internal/stories/{id}", () => {
  it("gives a signed-in user what the story page compares: article count, last update, developments", async () => {
    const { store } = t;
    const wire = await testSource(store, "wire", "Wire");
    const { inserted } = await runPipeline({ store }, [
      { raw: { url: "https://wire.test/1", title: "Dam bursts near Lisbon" }, source: wire, discoveredAt: T },
      { raw: { url: "https://wire.test/2", title: "Lisbon dam bursts" }, source: wire, discoveredAt: T + 1 },
    ]);
    const [a1, a2] = inserted.map((a) => a.id);
    await store.stories.apply({
      stories: [story(7, 1, T)],
      memberships: [{ articleId: a1!, storyId: 7 }],
      assignments: [],
      merges: [],
      events: [],
    });
    expect((await get("7")).status).toBe(401);
    const me = await t.signIn();
    const first = await get("7", me.cookie);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ id: 7, article_count: 1, last_updated: T, developments: 0 });

    // An article joins: the story row moves, with no event naming the story.
    await store.stories.apply({
      stories: [story(7, 2, T + 1)],
      memberships: [{ articleId: a2!, storyId: 7 }],
      assignments: [],
      merges: [],
      events: [],
    });
    expect(await (await get("7", me.cookie)).json()).toMatchObject({ article_count: 2, last_updated: T + 1 });
  });

  it("answers 404 for an unknown story and for one merged into another", async () => {
    const { store } = t;
    const me = await t.signIn();
    expect((await get("99", me.cookie)).status).toBe(404);
    await store.stories.apply({
      stories: [story(1, 0, T), story(2, 0, T)],
      memberships: [],
      assignments: [],
      merges: [],
      events: [],
    });
    await store.stories.apply({
      stories: [story(2, 0, T + 5)],
      memberships: [],
      assignments: [],
      merges: [{ goneId: 1, intoId: 2, at: T + 5 }],
      events: [],
    });
    const gone = await get("1", me.cookie);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect((await get("2", me.cookie)).status).toBe(200);
  });
});
