import { decodeXML } from "entities";
import { generateOpml, parseOpml } from "feedsmith";

import { toCategory } from "../categories";
import { kebab } from "../text/kebab";

export interface FeedSeed {
  url: string;
  title: string | null;
  category: string | null;
}

/** A source as a list describes it, before it has an id. */
export interface SourceSeed {
  slug: string;
  name: string;
  homepage: string;
  country: string | null;
  language: string | null;
  category: string;
  description: string | null;
  feeds: FeedSeed[];
}

interface Outline {
  text?: string;
  title?: string;
  xmlUrl?: string;
  htmlUrl?: string;
  description?: string;
  category?: string;
  language?: string;
  outlines?: Outline[];
}

const HOST_PREFIXES = /^(www|rss|rss2|feeds?|rssfeeds|xml|syndication)\./;

/** The publisher's host for a feed URL: `feeds.foxnews.com` and `www.foxnews.com` both give `foxnews.com`. */
export function publisherHost(feedUrl: string): string {
  return new URL(feedUrl).hostname.toLowerCase().replace(HOST_PREFIXES, "");
}

function collect(
  outlines: Outline[] | undefined,
  group: string | null,
  out: Array<{ o: Outline; group: string | null }>,
) {
  for (const o of outlines ?? []) {
    if (o.xmlUrl) out.push({ o, group });
    if (o.outlines?.length) collect(o.outlines, o.text ?? o.title ?? group, out);
  }
}

/**
 * Reads an OPML list into sources, one per publisher host, each with its feeds. A parent outline whose name is a
 * category (e.g. "Tech") sets the feeds' category; any other parent name is taken as the country.
 */
export function parseOpmlSources(
  xml: string,
  defaults: { country?: string | null; category?: string } = {},
): SourceSeed[] {
  const entries: Array<{ o: Outline; group: string | null }> = [];
  collect(readOutlines(xml), null, entries);
  const byHost = new Map<string, SourceSeed>();
  for (const { o, group } of entries) {
    let host: string;
    try {
      host = publisherHost(o.xmlUrl as string);
    } catch {
      continue;
    }
    const groupCategory = toCategory(group);
    const category =
      toCategory(o.category?.replace(/^\//, "")) ?? groupCategory ?? toCategory(defaults.category) ?? "world";
    const country = groupCategory ? (defaults.country ?? null) : (group ?? defaults.country ?? null);
    const title = (o.title ?? o.text ?? "").trim() || null;
    let seed = byHost.get(host);
    if (!seed) {
      seed = {
        slug: kebab(host.replace(/\.(com|org|net|co|gov|edu)(\.[a-z]{2})?$|\.[a-z]{2}$/, "")) || kebab(host),
        name: host,
        homepage: o.htmlUrl ?? `https://${host}/`,
        country,
        language: o.language ?? null,
        category,
        description: o.description?.trim() || null,
        feeds: [],
      };
      byHost.set(host, seed);
    }
    if (!seed.feeds.some((f) => f.url === o.xmlUrl))
      seed.feeds.push({ url: o.xmlUrl as string, title, category });
  }
  // A publisher with a single named feed is known by that name; several feeds keep the host as the name.
  for (const seed of byHost.values()) {
    const only = seed.feeds.length === 1 ? seed.feeds[0] : undefined;
    if (only?.title && only.title.length <= 60) seed.name = only.title;
  }
  return [...byHost.values()];
}

function readOutlines(xml: string): Outline[] {
  try {
    return (parseOpml(xml) as { body?: { outlines?: Outline[] } }).body?.outlines ?? [];
  } catch {
    return lenientOutlines(xml);
  }
}

const attr = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? decodeXML(m[1] as string) : undefined;
};

/**
 * Real-world lists are not always well-formed XML (raw `<p>` or quotes inside a description). This fallback reads
 * one outline per line, the layout every OPML exporter writes, taking only the attributes that matter.
 */
export function lenientOutlines(xml: string): Outline[] {
  const roots: Outline[] = [];
  let group: Outline | null = null;
  for (const line of xml.split(/\r?\n/)) {
    const at = line.indexOf("<outline");
    if (at < 0) continue;
    const tag = line.slice(at);
    const xmlUrl = attr(tag, "xmlUrl");
    const o: Outline = { text: attr(tag, "text"), title: attr(tag, "title") };
    if (xmlUrl) {
      Object.assign(o, {
        xmlUrl,
        htmlUrl: attr(tag, "htmlUrl"),
        category: attr(tag, "category"),
        language: attr(tag, "language"),
      });
      if (group) group.outlines?.push(o);
      else roots.push(o);
    } else {
      group = { ...o, outlines: [] };
      roots.push(group);
    }
  }
  return roots;
}

/** Writes sources as OPML 2.0, grouped by country, keeping what `parseOpmlSources` reads back. */
export function toOpml(sources: SourceSeed[], title = "Lede sources"): string {
  const groups = new Map<string, SourceSeed[]>();
  for (const s of sources) {
    const key = s.country ?? "Other";
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const outlines = [...groups.entries()].map(([country, list]) => ({
    text: country,
    title: country,
    outlines: list.flatMap((s) =>
      s.feeds.map((f) => ({
        text: s.feeds.length === 1 ? s.name : (f.title ?? s.name),
        title: s.feeds.length === 1 ? s.name : (f.title ?? s.name),
        type: "rss",
        xmlUrl: f.url,
        htmlUrl: s.homepage,
        category: f.category ?? s.category,
        ...(s.language ? { language: s.language } : {}),
        ...(s.description ? { description: s.description } : {}),
      })),
    ),
  }));
  return generateOpml({ head: { title }, body: { outlines } } as Parameters<typeof generateOpml>[0]);
}
