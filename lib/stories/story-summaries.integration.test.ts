import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Source } from "../db/types";
import { runPipeline } from "../ingestion/pipeline";
import { tempStore, testSource } from "../testing/temp-store";
import { splitSentences } from "../text/sentences";
import { getStoryDetail, listStories, ListStoriesQuery } from "./get-stories";
import { recomputeDerived } from "./maintenance";
import { getStoryFeed, StoryFeedQuery } from "./story-feed";
import { nearRepeat } from "./summaries";

// A scripted story told by 24 outlets (more than the 20 names a story record lists), stored through the pipeline and
// the story repository: its summary must be its members' own lede sentences, with no sentence said twice, and every
// view must count the same 24 sources.

const H = 3_600_000;
const NOW = Date.UTC(2026, 4, 10, 12);
const STORY = 7;
let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

// Each lede opens with one of two wordings of the same fact (a near repeat) and adds one of three details.
const OPENINGS = [
  "SENDAI (Source 0 News) - At least 30 people died after a magnitude 7.1 earthquake hit northern Japan on Sunday, officials said.",
  "At least 30 people died on Sunday after a 7.1 magnitude earthquake hit northern Japan, officials said.",
];
const DETAILS = [
  "A tsunami warning was lifted two hours after the quake struck off the coast.",
  "Bullet train services were halted while engineers inspected the tracks.",
  "Rescue teams searched collapsed houses through the night.",
];
const TITLES = [
  "Magnitude 7.1 earthquake strikes northern Japan, 30 dead",
  "Northern Japan earthquake kills at least 30",
  "At least 30 killed as magnitude 7.1 quake hits Japan",
];

async function add(source: Source, n: number, title: string, lede: string, at: number): Promise<number> {
  const { inserted } = await runPipeline({ store }, [
    {
      raw: { url: `https://${source.slug}.test/${n}`, title, published: at, summary: lede },
      source,
      discoveredAt: at,
    },
  ]);
  return inserted[0]!.id;
}

async function assign(ids: number[], lastUpdated: number) {
  await store.stories.apply({
    stories: [
      {
        id: STORY,
        headline: `${TITLES[0]} - Source 0 News`,
        category: "world",
        articleCount: ids.length,
        firstSeen: NOW - 5 * H,
        lastUpdated,
      },
    ],
    memberships: ids.map((articleId) => ({ articleId, storyId: STORY })),
    assignments: [],
    merges: [],
    events: [],
  });
}

async function tellStory(): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < 24; i++) {
    const source = await testSource(store, `outlet-${i}`, `Source ${i} News`);
    const at = NOW - 5 * H + i * 60_000;
    ids.push(
      await add(source, i, `${TITLES[i % 3]} - ${source.name}`, `${OPENINGS[i % 2]} ${DETAILS[i % 3]}`, at),
    );
  }
  await assign(ids, NOW - 5 * H + 23 * 60_000);
  return ids;
}

describe("story summaries from the members' ledes", () => {
  it("are the members' own sentences, never the same sentence twice", async () => {
    await tellStory();
    const detail = await getStoryDetail(store, String(STORY));
    const sentences = splitSentences(detail.summary);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    const ledes = detail.articles.map((a) => a.excerpt ?? "");
    for (const s of sentences) expect(ledes.some((l) => l.includes(s))).toBe(true);
    for (let i = 0; i < sentences.length; i++)
      for (let j = i + 1; j < sentences.length; j++)
        expect(nearRepeat(sentences[i]!, sentences[j]!)).toBe(false);
    expect(detail.summary).not.toContain("Reported in");
    expect(detail.summary).not.toMatch(/SENDAI|\(Source \d+ News\)/);
    expect(detail.rich_summary).toMatch(/, according to Source \d+ News\./);
    // The list serves the same stored summary.
    const { stories } = await listStories(store, ListStoriesQuery.parse({}), NOW);
    expect(stories[0]!.summary).toBe(detail.summary);
  });

  it("shows headlines and titles without the publisher's credit, the stored title keeping it", async () => {
    await tellStory();
    const detail = await getStoryDetail(store, String(STORY));
    expect(detail.headline).toBe(TITLES[0]);
    expect(new Set(detail.articles.map((a) => a.title))).toEqual(new Set(TITLES));
    const feed = await getStoryFeed(store, StoryFeedQuery.parse({}), NOW);
    expect(feed.stories[0]!.headline).toBe(TITLES[0]);
    const stored = await store.stories.members(STORY);
    expect(stored.every((a) => a.title.endsWith(` - ${a.sourceName}`))).toBe(true);
  });

  it("counts every source the same way in the list, the feed, the detail and the rich summary", async () => {
    await tellStory();
    const detail = await getStoryDetail(store, String(STORY));
    expect(new Set(detail.articles.map((a) => a.source_id)).size).toBe(24);
    expect(detail.sources).toHaveLength(20); // the contract lists the 20 biggest contributors
    expect(detail.rich_summary).toContain("24 articles from 24 sources");
    const feed = await getStoryFeed(store, StoryFeedQuery.parse({}), NOW);
    expect(feed.stories[0]!.sourceCount).toBe(24);
    expect((await store.stories.get(STORY))?.sourceCount).toBe(24);
  });

  it("is rebuilt as the story develops", async () => {
    const ids = await tellStory();
    const before = (await getStoryDetail(store, String(STORY))).summary;
    const latest =
      "At least 41 people have now died after the magnitude 7.1 earthquake hit northern Japan, officials said on Monday.";
    const late = await testSource(store, "late-desk", "Late Desk Tribune");
    ids.push(await add(late, 99, "Japan earthquake toll rises to 41 | Late Desk Tribune", latest, NOW - H));
    await assign(ids, NOW - H);
    const after = await getStoryDetail(store, String(STORY));
    expect(after.article_count).toBe(25);
    expect(after.summary).not.toBe(before);
    const sentences = splitSentences(after.summary);
    // The newest report leads, and the older wording of the same fact is no longer repeated.
    expect(sentences[0]).toBe(latest);
    expect(sentences.some((s) => s.startsWith("At least 30 people died"))).toBe(false);
    expect(after.rich_summary).toContain("25 articles from 25 sources");
  });

  it("are written by the periodic recompute for stories stored before summaries were kept", async () => {
    await tellStory();
    const written = (await getStoryDetail(store, String(STORY))).summary;
    store.db.prepare("UPDATE stories SET summary = '', rich_summary = '' WHERE id = ?").run(STORY);
    expect((await getStoryDetail(store, String(STORY))).summary).toMatch(
      /^Magnitude 7\.1 earthquake strikes northern Japan, 30 dead\. Reported in 24 articles by .* and 21 other sources since /,
    );
    await recomputeDerived(store, NOW);
    const after = await getStoryDetail(store, String(STORY));
    expect(splitSentences(after.summary)).toHaveLength(splitSentences(written).length);
    expect(after.summary).not.toContain("Reported in");
    expect(after.rich_summary).toContain("### Key facts");
  });
});
