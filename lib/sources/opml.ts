import { decodeXML } from "entities";
import { generateOpml, parseOpml } from "feedsmith";

import { toCategory } from "../categories";
import { truncateText } from "../text/html";
import { cleanLine, stripInvisible } from "../text/invisible";
import { kebab } from "../text/kebab";
import { brandName, hostLabels } from "./brand-name";
import { faviconUrl, isFeedPlatform } from "./feed-hosts";
import { guessLanguage } from "./guess-language";

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
  logoUrl: string | null;
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
    const name = o.text ?? o.title;
    if (o.outlines?.length) collect(o.outlines, name === undefined ? group : cleanLine(name), out);
  }
}

/** The publisher a feed belongs to: its host, except on feed platforms, where each feed stands alone. */
export function publisherKey(feedUrl: string): string {
  const host = publisherHost(feedUrl);
  return isFeedPlatform(host) ? feedUrl : host;
}

const slugBase = (host: string) =>
  kebab(host.replace(/\.(com|org|net|co|gov|edu)(\.[a-z]{2})?$|\.[a-z]{2}$/, "")) || kebab(host);

/**
 * Reads an OPML list into sources, one per publisher (feeds grouped by host; on feed platforms one per feed). A
 * parent outline whose name is a category (e.g. "Tech") sets the feeds' category; any other parent name is taken
 * as the country. Names come from the feed titles, the language is guessed from the list's text (a feed's own
 * declaration still wins per article), the logo is the homepage's favicon until a feed offers better.
 */
export function parseOpmlSources(
  xml: string,
  defaults: { country?: string | null; category?: string } = {},
): SourceSeed[] {
  return finishSeeds(readSeeds(xml, defaults));
}

/** A seed as one list describes it, before names, languages and slugs are settled over every list. */
export interface DraftSeed extends SourceSeed {
  key: string;
  texts: Array<string | null>;
}

/** Reads one list's publishers and feeds (see parseOpmlSources); finishSeeds settles them. */
export function readSeeds(
  xml: string,
  defaults: { country?: string | null; category?: string } = {},
): DraftSeed[] {
  const entries: Array<{ o: Outline; group: string | null }> = [];
  collect(readOutlines(xml), null, entries);
  const byKey = new Map<string, DraftSeed>();
  for (const { o, group } of entries) {
    let host: string;
    let key: string;
    try {
      host = publisherHost(o.xmlUrl as string);
      key = publisherKey(o.xmlUrl as string);
    } catch {
      continue;
    }
    const groupCategory = toCategory(group);
    const category =
      toCategory(o.category?.replace(/^\//, "")) ?? groupCategory ?? toCategory(defaults.category) ?? "world";
    const country = groupCategory ? (defaults.country ?? null) : (group ?? defaults.country ?? null);
    const title = cleanLine(o.title ?? o.text ?? "") || null;
    let seed = byKey.get(key);
    if (!seed) {
      const platform = key !== host;
      const homepage = o.htmlUrl ?? `https://${host}/`;
      seed = {
        slug: platform ? kebab(title ?? "", 60) || kebab(key, 60) : slugBase(host),
        name: host,
        homepage,
        country,
        language: o.language ?? null,
        category,
        description: stripInvisible(o.description ?? "").trim() || null,
        logoUrl: faviconUrl(homepage),
        feeds: [],
        key,
        texts: [],
      };
      byKey.set(key, seed);
    }
    seed.texts.push(title, o.description ?? null);
    if (!seed.feeds.some((f) => f.url === o.xmlUrl))
      seed.feeds.push({ url: o.xmlUrl as string, title, category });
  }
  return [...byKey.values()];
}

/** Names each publisher from all its feed titles, guesses missing languages and makes slugs unique. */
export function finishSeeds(drafts: DraftSeed[]): SourceSeed[] {
  const seeds = drafts.map(({ key: _key, texts, ...seed }) => {
    const host = publisherHost(seed.feeds[0]?.url as string);
    seed.name = brandName(
      seed.feeds.map((f) => f.title),
      host,
    );
    // A lone feed on a platform is known by its own title, never by the platform's name.
    if (seed.name === host && isFeedPlatform(host))
      seed.name = truncateText(seed.feeds[0]?.title ?? host, 60);
    seed.language ??= guessLanguage(texts, seed.country);
    return seed;
  });
  return uniqueSlugs(seeds);
}

/**
 * Different publishers can share a slug (huffingtonpost.fr and huffingtonpost.es): each of them then gets its
 * top-level domain appended, and feeds on a platform a counter, so a slug names one source.
 */
export function uniqueSlugs<T extends SourceSeed>(seeds: T[]): T[] {
  const bySlug = new Map<string, T[]>();
  for (const s of seeds) bySlug.set(s.slug, [...(bySlug.get(s.slug) ?? []), s]);
  for (const [slug, group] of bySlug) {
    if (group.length < 2) continue;
    const hostOf = (s: T) => publisherHost(s.feeds[0]?.url as string);
    // A publisher's own site keeps the plain slug over a channel of it on a platform (cnet.com over CNET's videos).
    const sites = group.filter((s) => !isFeedPlatform(hostOf(s)));
    const platforms = group.filter((s) => isFeedPlatform(hostOf(s)));
    const tlds = sites.map((s) => hostOf(s).split(".").pop() ?? "");
    sites.forEach((s, i) => {
      if (sites.length === 1) return;
      s.slug = tlds.filter((t) => t === tlds[i]).length === 1 ? `${slug}-${tlds[i]}` : `${slug}-${i + 1}`;
    });
    platforms.forEach((s, i) => {
      s.slug = `${slug}-${kebab(hostLabels(hostOf(s)).pop() ?? "feed")}${platforms.length > 1 ? `-${i + 1}` : ""}`;
    });
  }
  return seeds;
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

/**
 * Writes sources as OPML 2.0, keeping what `parseOpmlSources` reads back: sources grouped by country, those
 * without one under their category's name (which reads back as a topic list, not as a country).
 */
export function toOpml(sources: SourceSeed[], title = "Lede sources"): string {
  const groups = new Map<string, SourceSeed[]>();
  for (const s of sources) {
    const key = s.country ?? s.category;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const outlines = [...groups.entries()].map(([country, list]) => ({
    text: country,
    title: country,
    outlines: list.flatMap((s) =>
      s.feeds.map((f) => ({
        // The feed's own title: names and platform slugs are derived from it again on import.
        text: f.title ?? s.name,
        title: f.title ?? s.name,
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
