import { describe, expect, it } from "vitest";

import { tempStore } from "../testing/temp-store";
import { loadDefaultSeeds } from "./default-sources";
import { lenientOutlines, parseOpmlSources, publisherHost, toOpml } from "./opml";
import { registerSources, sourceSeeds } from "./register-sources";

describe("default registry", () => {
  it("holds all 417 shipped feed URLs", () => {
    const feeds = loadDefaultSeeds().flatMap((s) => s.feeds.map((f) => f.url));
    expect(new Set(feeds).size).toBe(417);
    expect(feeds.length).toBe(417);
  });

  it("gives every source a category slug and a homepage", () => {
    for (const s of loadDefaultSeeds()) {
      expect(s.category).toMatch(/^[a-z]+$/);
      expect(s.homepage).toMatch(/^https?:\/\//);
    }
  });
});

describe("OPML", () => {
  it("groups feeds by publisher host", () => {
    expect(publisherHost("http://feeds.foxnews.com/foxnews/latest")).toBe("foxnews.com");
    const seeds = parseOpmlSources(`<opml version="2.0"><body><outline text="Canada">
      <outline text="A" xmlUrl="https://rss.site.test/a"/><outline text="B" xmlUrl="https://www.site.test/b"/></outline></body></opml>`);
    expect(seeds).toHaveLength(1);
    expect(seeds[0]).toMatchObject({
      country: "Canada",
      feeds: [{ url: "https://rss.site.test/a" }, { url: "https://www.site.test/b" }],
    });
  });

  it("reads malformed real-world lists line by line", () => {
    const outlines = lenientOutlines(
      `<opml><body>\n<outline text="Tech">\n<outline text="X" description="<p>bad "quote"</p>" xmlUrl="https://x.test/feed" />\n</outline></body></opml>`,
    );
    expect(outlines[0]?.outlines?.[0]?.xmlUrl).toBe("https://x.test/feed");
  });

  it("round-trips the registry through export and import", async () => {
    const a = tempStore();
    const b = tempStore();
    try {
      await registerSources(a, loadDefaultSeeds().slice(0, 40));
      const exported = toOpml(await sourceSeeds(a));
      await registerSources(b, parseOpmlSources(exported));
      const pick = (s: Awaited<ReturnType<typeof sourceSeeds>>) =>
        s.map((x) => ({
          slug: x.slug,
          name: x.name,
          country: x.country,
          category: x.category,
          homepage: x.homepage,
          feeds: x.feeds.map((f) => f.url).sort(),
        }));
      expect(pick(await sourceSeeds(b))).toEqual(pick(await sourceSeeds(a)));
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });
});
