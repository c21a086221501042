import { describe, expect, it } from "vitest";

import { FeedParseError, parseFeed } from "./parse-feed";

const RSS2 = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Daily</title><link>https://daily.test/</link><language>en-gb</language>
<item><title>Budget &amp; &lt;b&gt;tax&lt;/b&gt; plans</title><link>/politics/budget?utm_source=rss</link>
<guid isPermaLink="false">b-1</guid><pubDate>Tue, 10 Jun 2025 10:00:00 GMT</pubDate>
<description>&lt;p&gt;The chancellor set out plans.&lt;/p&gt;</description><category>Politics</category>
<media:content url="https://daily.test/img.jpg" medium="image"/></item>
</channel></rss>`;

const RDF = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://rdf.test/"><title>RDF news</title><link>https://rdf.test/</link></channel>
<item rdf:about="https://rdf.test/a"><title>RDF item</title><link>https://rdf.test/a</link><dc:date>2025-03-01T08:00:00Z</dc:date></item>
</rdf:RDF>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="fr"><title>Atom news</title><link href="https://atom.test/"/>
<entry><title type="html">Un &lt;em&gt;titre&lt;/em&gt;</title><link rel="alternate" href="https://atom.test/1"/>
<id>tag:atom.test,2025:1</id><updated>2025-01-01T00:00:00Z</updated><summary>Résumé</summary></entry></feed>`;

const JSONFEED = JSON.stringify({
  version: "https://jsonfeed.org/version/1.1",
  title: "JSON news",
  items: [
    {
      id: "1",
      url: "https://json.test/1",
      title: "JSON item",
      date_published: "2025-02-02T00:00:00Z",
      image: "https://json.test/i.png",
    },
  ],
});

describe("parseFeed", () => {
  it("reads RSS 2.0 with media images and categories", () => {
    const f = parseFeed(RSS2);
    expect(f.format).toBe("rss");
    expect(f.language).toBe("en-gb");
    expect(f.entries[0]).toMatchObject({
      link: "/politics/budget?utm_source=rss",
      published: "Tue, 10 Jun 2025 10:00:00 GMT",
      imageUrl: "https://daily.test/img.jpg",
      categories: ["Politics"],
    });
  });

  it("reads RSS 1.0 / RDF", () => {
    const f = parseFeed(RDF);
    expect(f.format).toBe("rdf");
    expect(f.entries[0]).toMatchObject({
      title: "RDF item",
      link: "https://rdf.test/a",
      published: "2025-03-01T08:00:00Z",
    });
  });

  it("reads Atom 1.0", () => {
    const f = parseFeed(ATOM);
    expect(f.format).toBe("atom");
    expect(f.entries[0]).toMatchObject({
      link: "https://atom.test/1",
      guid: "tag:atom.test,2025:1",
      language: "fr",
    });
  });

  it("reads JSON Feed", () => {
    const f = parseFeed(JSONFEED);
    expect(f.format).toBe("json");
    expect(f.entries[0]).toMatchObject({ link: "https://json.test/1", imageUrl: "https://json.test/i.png" });
  });

  it("refuses entity-expansion bombs quickly", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><rss version="2.0"><channel><title>&lol3;</title></channel></rss>`;
    const started = performance.now();
    expect(() => parseFeed(bomb)).toThrow(FeedParseError);
    expect(() => parseFeed(bomb)).toThrow(/entit/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("reads the channel's own image or logo in every format", () => {
    expect(
      parseFeed(RSS2.replace("<language>", "<image><url>https://daily.test/logo.png</url></image><language>"))
        .imageUrl,
    ).toBe("https://daily.test/logo.png");
    expect(
      parseFeed(
        ATOM.replace(
          "<title>Atom news</title>",
          "<title>Atom news</title><logo>https://atom.test/l.svg</logo>",
        ),
      ).imageUrl,
    ).toBe("https://atom.test/l.svg");
    expect(
      parseFeed(JSON.stringify({ ...JSON.parse(JSONFEED), icon: "https://json.test/icon.png" })).imageUrl,
    ).toBe("https://json.test/icon.png");
    expect(parseFeed(RDF).imageUrl).toBeNull();
  });

  it("finds entity declarations behind comments and processing instructions in the prolog", () => {
    const hidden = `<?xml version="1.0"?>\n<!-- generated <b>by</b> a tool -->\n<?xml-stylesheet href="a.xsl"?>\n<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/hostname">]><rss version="2.0"><channel><title>&x;</title></channel></rss>`;
    expect(() => parseFeed(hidden)).toThrow(/entity expansion/);
  });

  it("says so when it is handed an HTML page", () => {
    expect(() => parseFeed("<!DOCTYPE html><html><body>moved</body></html>")).toThrow(
      "got an HTML page, not a feed",
    );
  });

  it("refuses documents that are not feeds", () => {
    expect(() => parseFeed("<html><body>hello</body></html>")).toThrow(FeedParseError);
    expect(() => parseFeed("not xml at all")).toThrow(FeedParseError);
  });
});
