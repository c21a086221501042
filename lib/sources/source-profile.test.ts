import { afterEach, beforeEach, describe, expect, it } from "vitest";

import type { ParsedFeed } from "../ingestion/parse-feed";
import { tempStore } from "../testing/temp-store";
import { refreshSourceProfile } from "./source-profile";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

const feed = (over: Partial<ParsedFeed>): ParsedFeed => ({
  format: "rss",
  title: "x",
  link: null,
  language: null,
  imageUrl: null,
  entries: [],
  ...over,
});

const source = (homepage: string, logoUrl: string | null) =>
  store.sources.ensure({
    slug: "s",
    name: "S",
    homepage,
    country: null,
    language: "en",
    category: "world",
    logoUrl,
    description: null,
  });

describe("refreshSourceProfile", () => {
  it("replaces a derived favicon with the channel's image, resolved against the feed", async () => {
    const s = await source("https://paper.test/", "https://paper.test/favicon.ico");
    await refreshSourceProfile(store, s, feed({ imageUrl: "/static/logo.png" }), "https://paper.test/rss");
    expect((await store.sources.get(s.id))?.logoUrl).toBe("https://paper.test/static/logo.png");
  });

  it("takes a platform-hosted feed's homepage and icon from its channel link", async () => {
    const s = await source("https://feedburner.com/", "https://feedburner.com/favicon.ico");
    await refreshSourceProfile(
      store,
      s,
      feed({ link: "https://smallblog.test/" }),
      "https://feeds.feedburner.com/x",
    );
    expect(await store.sources.get(s.id)).toMatchObject({
      homepage: "https://smallblog.test/",
      logoUrl: "https://smallblog.test/favicon.ico",
    });
  });

  it("leaves a logo someone set by hand alone", async () => {
    const s = await source("https://paper.test/", "https://cdn.test/brand.svg");
    await refreshSourceProfile(
      store,
      s,
      feed({ imageUrl: "https://paper.test/logo.png" }),
      "https://paper.test/rss",
    );
    expect((await store.sources.get(s.id))?.logoUrl).toBe("https://cdn.test/brand.svg");
  });
});
