import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { Source } from "../db/types";
import { DIFFERENT, SYNDICATED, type Text } from "../dedup/fixtures";
import { tempStore, testSource } from "../testing/temp-store";
import { ingestArticles } from "./ingest-articles";
import { normalizeArticle } from "./normalize-article";

let store: ReturnType<typeof tempStore>;
let sources: Source[];
const T0 = Date.UTC(2025, 5, 10, 12);
beforeEach(async () => {
  store = tempStore();
  sources = await Promise.all(["wire", "daily", "herald"].map((s) => testSource(store, s, s)));
});
afterEach(() => store.cleanup());

let n = 0;
const article = (t: Text, source: Source, at = T0) =>
  normalizeArticle(
    { url: `https://${source.slug}.test/story-${++n}`, title: t.title, summary: t.excerpt, published: at },
    { source, discoveredAt: at + 60_000 },
  );

// Unrelated filler text: words drawn from a fixed vocabulary by a seeded xorshift generator.
const VOCAB =
  "council budget river storm minister league court vaccine satellite harvest tariff strike museum election wildfire bridge festival drought pipeline senate bank ferry orchestra glacier startup mayor airport clinic rover verdict".split(
    " ",
  );
function sentence(seed: number, length: number): string {
  let x = Math.imul(seed + 1, 0x9e3779b1) >>> 0 || 1;
  return Array.from({ length }, () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return VOCAB[x % VOCAB.length];
  }).join(" ");
}

describe("ingestArticles near-duplicate linking", () => {
  it.each(SYNDICATED)("links a syndicated copy to the original: %s", async (_, a, b) => {
    const {
      inserted: [original],
    } = await ingestArticles({ store }, [article(a, sources[0]!)]);
    const {
      inserted: [copy],
    } = await ingestArticles({ store }, [article(b, sources[1]!, T0 + 3_600_000)]);
    expect(original?.duplicateOf).toBeNull();
    expect(copy?.duplicateOf).toBe(original?.id);
    expect((await store.articles.getByHash(copy!.urlHash))?.duplicateOf).toBe(original?.id);
  });

  it.each(DIFFERENT)("does not link a different story on the same topic: %s", async (_, a, b) => {
    await ingestArticles({ store }, [article(a, sources[0]!)]);
    const {
      inserted: [other],
    } = await ingestArticles({ store }, [article(b, sources[1]!, T0 + 3_600_000)]);
    expect(other?.duplicateOf).toBeNull();
  });

  it("links every copy to the first, within one batch too, and still announces each", async () => {
    const [, a, b] = SYNDICATED[0]!;
    const { inserted } = await ingestArticles({ store }, [
      article(a, sources[0]!),
      article(b, sources[1]!),
      article(a, sources[2]!),
    ]);
    expect(inserted.map((x) => x.duplicateOf)).toEqual([null, inserted[0]!.id, inserted[0]!.id]);
    const events = await store.events.after(0, 10);
    expect(events.filter((e) => e.type === "item.new")).toHaveLength(3);
  });

  it("looks only at recent articles: a copy four days later stands alone", async () => {
    const [, a, b] = SYNDICATED[1]!;
    await ingestArticles({ store }, [article(a, sources[0]!)]);
    const {
      inserted: [late],
    } = await ingestArticles({ store }, [article(b, sources[1]!, T0 + 4 * 86_400_000)]);
    expect(late?.duplicateOf).toBeNull();
  });

  it("finds the original among many unrelated recent articles", async () => {
    const filler = Array.from({ length: 1500 }, (_, i) =>
      article({ title: sentence(i, 10), excerpt: sentence(i + 7919, 30) }, sources[i % 3]!, T0 - i * 60_000),
    );
    const [, a, b] = SYNDICATED[4]!;
    const {
      inserted: [original],
    } = await ingestArticles({ store }, [article(a, sources[0]!), ...filler]);
    const {
      inserted: [copy],
    } = await ingestArticles({ store }, [article(b, sources[2]!)]);
    expect(copy?.duplicateOf).toBe(original?.id);
    const linked = (
      await store.articles.list({ limit: 2000, offset: 0, sortBy: "discovered", sortOrder: "asc" })
    ).items.filter((x) => x.duplicateOf !== null);
    expect(linked.map((x) => x.id)).toEqual([copy?.id]);
  });

  it("prunes index entries past the window", async () => {
    await ingestArticles({ store }, [article(SYNDICATED[0]![1], sources[0]!)]);
    expect(await store.articles.pruneNearDuplicateIndex(T0 - 1)).toBe(0);
    expect(await store.articles.pruneNearDuplicateIndex(T0 + 1)).toBeGreaterThan(0);
  });
});
