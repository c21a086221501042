import { afterEach, describe, expect, it } from "vitest";

import { CATEGORIES } from "../categories";
import { pollFeed } from "../ingestion/poll-feed";
import { parseAllowList } from "../net";
import { registerSources } from "../sources/register-sources";
import { tempStore } from "../testing/temp-store";
import { startNewswireServer, type NewswireServer } from "./feed-server";
import { SIMULATED_MARK } from "./outlets";

let server: NewswireServer | undefined;
let store: ReturnType<typeof tempStore> | undefined;
afterEach(async () => {
  await server?.close();
  store?.cleanup();
});

describe("the newswire as Lede's sources", () => {
  it("registers its outlets, and polling their feeds stores simulated news that keeps coming", async () => {
    const clock = { t: Date.now() };
    server = await startNewswireServer({ seed: 2, speed: 60, now: () => clock.t });
    store = tempStore();
    const s = store;
    // The newswire is on loopback, which is registered and fetched only when allowed (as demo mode allows it).
    const fetch = { allow: parseAllowList(new URL(server.url).host) };
    await registerSources(s, server.sources, fetch);
    const feeds = await s.sources.dueFeeds(Date.now() + 1, 100);
    expect(feeds).toHaveLength(server.outlets.length);

    const pollAll = async () => {
      let inserted = 0;
      let notModified = 0;
      for (const feed of await s.sources.feeds()) {
        const source = (await s.sources.list()).find((x) => x.id === feed.sourceId);
        if (!source) throw new Error("feed without source");
        const out = await pollFeed({ store: s, now: () => clock.t, fetch }, { ...feed, source });
        if (!out.ok) throw new Error(out.error);
        inserted += out.inserted;
        if (out.notModified) notModified++;
      }
      return { inserted, notModified };
    };

    const first = await pollAll();
    expect(first.inserted).toBeGreaterThan(20);
    const idle = await pollAll();
    expect(idle).toEqual({ inserted: 0, notModified: server.outlets.length });
    clock.t += 15 * 60_000; // fifteen simulated hours
    const later = await pollAll();
    expect(later.inserted).toBeGreaterThan(100);

    const sources = await s.sources.list();
    expect(sources.every((x) => x.name.endsWith(SIMULATED_MARK))).toBe(true);
    const { items, total } = await s.articles.list({
      limit: 500,
      offset: 0,
      sortBy: "published",
      sortOrder: "asc",
    });
    expect(total).toBe(first.inserted + later.inserted);
    for (const a of items) {
      expect(CATEGORIES).toContain(a.category);
      expect(a.sourceName.endsWith(SIMULATED_MARK)).toBe(true);
      // Released items are dated by the wall clock at release: never in the future of the poll.
      expect(a.publishedAt).toBeLessThanOrEqual(clock.t);
    }
  });
});
