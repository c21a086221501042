import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { runPipeline } from "../../ingestion/pipeline";
import { tempStore, testSource } from "../../testing/temp-store";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const T = 1_000_000;
const TTL = 30_000;

describe("lease repo", () => {
  it("gives a free lease to the first holder and refuses it to others until it expires", async () => {
    expect(await store.leases.acquire("clustering", "a", TTL, T)).toBe(true);
    expect(await store.leases.acquire("clustering", "b", TTL, T + 1)).toBe(false);
    expect(await store.leases.acquire("clustering", "b", TTL, T + TTL - 1)).toBe(false);
    // Another name is another lease.
    expect(await store.leases.acquire("other", "b", TTL, T)).toBe(true);
  });

  it("counts the unexpired leases of a name prefix, leaving out the asker's own", async () => {
    await store.leases.acquire("import:a", "a", TTL, T);
    await store.leases.acquire("import:b", "b", TTL, T);
    await store.leases.acquire("import:c", "c", TTL, T);
    await store.leases.acquire("importer", "d", TTL, T);
    await store.leases.release("import:c", "c");
    expect(await store.leases.countActive("import:", T + 1, "a")).toBe(1);
    expect(await store.leases.countActive("import:", T + 1, "nobody")).toBe(2);
    expect(await store.leases.countActive("import:", T + TTL, "nobody")).toBe(0);
  });

  it("renews for its holder: acquiring again or renewing moves the expiry", async () => {
    await store.leases.acquire("clustering", "a", TTL, T);
    expect(await store.leases.acquire("clustering", "a", TTL, T + 20_000)).toBe(true);
    expect(await store.leases.acquire("clustering", "b", TTL, T + TTL + 1)).toBe(false);
    expect(await store.leases.renew("clustering", "a", TTL, T + 40_000)).toBe(true);
    expect(await store.leases.acquire("clustering", "b", TTL, T + 60_000)).toBe(false);
    expect(await store.leases.renew("clustering", "b", TTL, T + 60_000)).toBe(false);
  });

  it("lets another holder take it over once expired, after which the old holder can no longer renew", async () => {
    await store.leases.acquire("clustering", "a", TTL, T);
    expect(await store.leases.acquire("clustering", "b", TTL, T + TTL)).toBe(true);
    expect(await store.leases.renew("clustering", "a", TTL, T + TTL + 1)).toBe(false);
    expect(await store.leases.acquire("clustering", "a", TTL, T + TTL + 1)).toBe(false);
    expect(store.db.prepare("SELECT holder, expires_at FROM leases").all()).toEqual([
      { holder: "b", expires_at: T + 2 * TTL },
    ]);
  });

  it("renews an expired lease nobody took over: the holder knows it kept it", async () => {
    await store.leases.acquire("clustering", "a", TTL, T);
    expect(await store.leases.renew("clustering", "a", TTL, T + 5 * TTL)).toBe(true);
    expect(await store.leases.acquire("clustering", "b", TTL, T + 5 * TTL + 1)).toBe(false);
  });

  it("frees the lease on release by its holder only", async () => {
    await store.leases.acquire("clustering", "a", TTL, T);
    await store.leases.release("clustering", "b");
    expect(await store.leases.acquire("clustering", "b", TTL, T + 1)).toBe(false);
    await store.leases.release("clustering", "a");
    expect(await store.leases.acquire("clustering", "b", TTL, T + 2)).toBe(true);
    // b took it after a's release: a's name is gone, so a cannot resume as if it had kept it.
    expect(await store.leases.renew("clustering", "a", TTL, T + 3)).toBe(false);
  });

  it("a released lease can be resumed by its last holder when nobody took it", async () => {
    await store.leases.acquire("clustering", "a", TTL, T);
    await store.leases.release("clustering", "a");
    expect(await store.leases.renew("clustering", "a", TTL, T + 1)).toBe(true);
    expect(await store.leases.acquire("clustering", "b", TTL, T + 2)).toBe(false);
  });
});

describe("stories.hasUnassigned", () => {
  it("tells whether any article has no story", async () => {
    expect(await store.stories.hasUnassigned()).toBe(false);
    const source = await testSource(store);
    const { inserted } = await runPipeline({ store }, [
      { raw: { url: "https://wire.test/1", title: "Dam bursts near Lisbon" }, source, discoveredAt: T },
    ]);
    const id = inserted[0]!.id;
    expect(await store.stories.hasUnassigned()).toBe(true);
    expect((await store.stories.unassigned()).map((a) => [a.id, a.enriched])).toEqual([[id, false]]);
    await store.stories.apply({
      stories: [
        { id: 7, headline: "Dam bursts", category: "world", articleCount: 1, firstSeen: T, lastUpdated: T },
      ],
      memberships: [{ articleId: id, storyId: 7 }],
      assignments: [],
      merges: [],
      events: [],
    });
    expect(await store.stories.hasUnassigned()).toBe(false);
  });
});
