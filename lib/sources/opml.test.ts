import { describe, expect, it } from "vitest";

import { CATEGORIES } from "../categories";
import { tempStore } from "../testing/temp-store";
import { loadDefaultSeeds, seedDefaultSources } from "./default-sources";
import { lenientOutlines, parseOpmlSources, publisherHost, toOpml } from "./opml";
import { registerSources, sourceSeeds } from "./register-sources";

describe("default registry", () => {
  it("holds all 417 shipped feed URLs", () => {
    const feeds = loadDefaultSeeds().flatMap((s) => s.feeds.map((f) => f.url));
    expect(new Set(feeds).size).toBe(417);
    expect(feeds.length).toBe(417);
  });

  it("gives every source a slug, name, homepage, country or topic, language, category and logo", () => {
    const seeds = loadDefaultSeeds();
    expect(new Set(seeds.map((s) => s.slug)).size).toBe(seeds.length);
    for (const s of seeds) {
      expect(s.slug).toMatch(/^[\p{L}\p{N}]+(-[\p{L}\p{N}]+)*$/u);
      expect(s.name.trim()).not.toBe("");
      expect(s.name).not.toMatch(/^https?:/);
      expect(s.homepage).toMatch(/^https?:\/\//);
      expect(s.language).toMatch(/^[a-z]{2}$/);
      expect(CATEGORIES).toContain(s.category);
      expect(s.logoUrl).toBe(`https://${new URL(s.homepage).hostname}/favicon.ico`);
      expect(s.feeds.length).toBeGreaterThan(0);
    }
  });

  it("names publishers from their feed titles and keeps platform-hosted feeds apart", () => {
    const bySlug = new Map(loadDefaultSeeds().map((s) => [s.slug, s]));
    expect(bySlug.get("dailytelegraph")?.name).toBe("Daily Telegraph");
    expect(bySlug.get("smh")?.name).toBe("Sydney Morning Herald");
    expect(bySlug.get("theguardian")?.name).toBe("The Guardian");
    expect(bySlug.get("lemonde")).toMatchObject({ country: "France", language: "fr" });
    expect(bySlug.get("asahi")?.language).toBe("ja");
    // Two different publishers sharing a name base get distinct slugs.
    expect(bySlug.get("huffingtonpost-fr")?.homepage).toContain("huffingtonpost.fr");
    expect(bySlug.get("huffingtonpost-es")?.homepage).toContain("huffingtonpost.es");
    // Feeds on feedburner or YouTube are not one publisher "feedburner.com".
    const onPlatform = loadDefaultSeeds().filter((s) => /feedburner|youtube/.test(s.feeds[0]?.url ?? ""));
    expect(onPlatform.length).toBeGreaterThan(20);
    for (const s of onPlatform) expect(s.feeds).toHaveLength(1);
  });

  it("registers every shipped feed with its source's profile", async () => {
    const store = tempStore();
    try {
      const seeded = await seedDefaultSources(store);
      expect(seeded.feeds).toBe(417);
      expect(await store.sources.feeds()).toHaveLength(417);
      const sources = await store.sources.list();
      expect(sources).toHaveLength(loadDefaultSeeds().length);
      for (const s of sources) {
        expect(s.id).toBeGreaterThan(0);
        expect(s.logoUrl).toMatch(/^https:\/\/.+\/favicon\.ico$/);
        expect(s.language).toMatch(/^[a-z]{2}$/);
      }
      // Seeding again changes nothing.
      expect((await seedDefaultSources(store)).feeds).toBe(417);
      expect(await store.sources.feeds()).toHaveLength(417);
    } finally {
      store.cleanup();
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
      await registerSources(a, loadDefaultSeeds());
      const exported = toOpml(await sourceSeeds(a));
      await registerSources(b, parseOpmlSources(exported));
      const pick = (s: Awaited<ReturnType<typeof sourceSeeds>>) =>
        s.map((x) => ({
          slug: x.slug,
          name: x.name,
          country: x.country,
          category: x.category,
          homepage: x.homepage,
          language: x.language,
          logoUrl: x.logoUrl,
          feeds: x.feeds.map((f) => f.url).sort(),
        }));
      const [before, after] = [pick(await sourceSeeds(a)), pick(await sourceSeeds(b))];
      expect(after).toHaveLength(before.length);
      expect(after).toEqual(before);
    } finally {
      a.cleanup();
      b.cleanup();
    }
  });
});
