import { parseFeed as parseAnyFeed } from "feedsmith";

/** One entry of a feed, format-independent and still raw (HTML may remain in text fields). */
export interface FeedEntry {
  title: string | null;
  link: string | null;
  guid: string | null;
  published: string | null;
  summary: string | null;
  imageUrl: string | null;
  categories: string[];
  language: string | null;
}

export interface ParsedFeed {
  format: "rss" | "atom" | "rdf" | "json";
  title: string | null;
  link: string | null;
  language: string | null;
  /** The channel's own image or logo, if it declares one. */
  imageUrl: string | null;
  entries: FeedEntry[];
}

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

export const MAX_FEED_BYTES = 5 * 1024 * 1024;

/**
 * The document type declaration before the root element, if any. Comments and processing instructions in the
 * prolog are skipped, so a declaration cannot hide behind them. Linear in the prolog's length.
 */
function doctypeOf(body: string): string | null {
  let i = body.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (;;) {
    while (i < body.length && /\s/.test(body[i] as string)) i++;
    if (body.startsWith("<?", i)) i = endOf(body, "?>", i);
    else if (body.startsWith("<!--", i)) i = endOf(body, "-->", i);
    else if (body.slice(i, i + 9).toUpperCase() === "<!DOCTYPE") {
      const subset = body.indexOf("[", i);
      const close = body.indexOf(">", i);
      // With an internal subset the declaration runs to "]>"; without one, to the first ">".
      const end = subset >= 0 && subset < close ? body.indexOf("]>", subset) : close;
      return body.slice(i, end < 0 ? body.length : end + 2);
    } else return null;
    if (i < 0) return null;
  }
}
const endOf = (body: string, marker: string, from: number) => {
  const at = body.indexOf(marker, from);
  return at < 0 ? -1 : at + marker.length;
};

/** Parses RSS 2.0, RSS 1.0/RDF, Atom 1.0 or JSON Feed. Throws FeedParseError with a reason on bad input. */
export function parseFeed(body: string): ParsedFeed {
  if (body.length > MAX_FEED_BYTES) throw new FeedParseError(`feed is larger than ${MAX_FEED_BYTES} bytes`);
  const doctype = doctypeOf(body);
  // Entity declarations are how "billion laughs" bombs expand (and external entities read files); no real news
  // feed needs them, so the document is refused before any parser sees it.
  if (doctype && /<!ENTITY/i.test(doctype))
    throw new FeedParseError("feed declares XML entities (refused: entity expansion)");
  if (doctype && /^<!DOCTYPE\s+html\b/i.test(doctype))
    throw new FeedParseError("got an HTML page, not a feed");
  let parsed: ReturnType<typeof parseAnyFeed>;
  try {
    parsed = parseAnyFeed(body.replace(/^\uFEFF/, ""));
  } catch (e) {
    throw new FeedParseError(`not a recognised feed: ${(e as Error).message}`);
  }
  switch (parsed.format) {
    case "rss":
    case "rdf":
      return fromRss(parsed.format, parsed.feed as unknown as RssLike);
    case "atom":
      return fromAtom(parsed.feed as unknown as AtomLike);
    case "json":
      return fromJson(parsed.feed as unknown as JsonLike);
  }
}

interface RssLike {
  title?: string;
  link?: string;
  image?: { url?: string };
  language?: string;
  dc?: { language?: string; languages?: string[] };
  items?: Array<{
    title?: string;
    link?: string;
    guid?: { value?: string } | string;
    pubDate?: string;
    description?: string;
    content?: { encoded?: string };
    categories?: Array<{ name?: string }>;
    enclosures?: Array<{ url?: string; type?: string }>;
    enclosure?: { url?: string; type?: string };
    media?: MediaLike;
    dc?: { date?: string; dates?: string[]; subjects?: string[]; subject?: string };
  }>;
}
interface MediaLike {
  contents?: Array<{ url?: string; medium?: string; type?: string }>;
  thumbnails?: Array<{ url?: string }>;
  group?: MediaLike;
}
interface AtomLike {
  title?: { value?: string } | string;
  logo?: string;
  icon?: string;
  links?: Array<{ href?: string; rel?: string }>;
  xml?: { lang?: string };
  entries?: Array<{
    xml?: { lang?: string };
    id?: string;
    title?: { value?: string } | string;
    links?: Array<{ href?: string; rel?: string; type?: string }>;
    published?: string;
    updated?: string;
    summary?: { value?: string } | string;
    content?: { value?: string } | string;
    categories?: Array<{ term?: string; label?: string }>;
    media?: MediaLike;
  }>;
}
interface JsonLike {
  title?: string;
  icon?: string;
  favicon?: string;
  home_page_url?: string;
  language?: string;
  items?: Array<{
    id?: string;
    url?: string;
    external_url?: string;
    title?: string;
    summary?: string;
    content_text?: string;
    content_html?: string;
    date_published?: string;
    date_modified?: string;
    image?: string;
    banner_image?: string;
    tags?: string[];
    language?: string;
  }>;
}

const textOf = (v: { value?: string } | string | undefined): string | null =>
  v === undefined ? null : typeof v === "string" ? v : (v.value ?? null);

function mediaImage(m: MediaLike | undefined): string | null {
  if (!m) return null;
  const content = m.contents?.find(
    (c) => c.url && (c.medium === "image" || c.type?.startsWith("image/") || !c.medium),
  );
  return content?.url ?? m.thumbnails?.find((t) => t.url)?.url ?? mediaImage(m.group);
}

function fromRss(format: "rss" | "rdf", f: RssLike): ParsedFeed {
  const language = f.language ?? f.dc?.language ?? f.dc?.languages?.[0] ?? null;
  return {
    format,
    title: f.title ?? null,
    link: f.link ?? null,
    language,
    imageUrl: f.image?.url ?? null,
    entries: (f.items ?? []).map((it) => {
      const enclosures = it.enclosures ?? (it.enclosure ? [it.enclosure] : []);
      const image =
        enclosures.find((e) => e.url && (!e.type || e.type.startsWith("image/")))?.url ??
        mediaImage(it.media);
      const subjects = it.dc?.subjects ?? (it.dc?.subject ? [it.dc.subject] : []);
      return {
        title: it.title ?? null,
        link:
          it.link ??
          (typeof it.guid === "object" && /^https?:/.test(it.guid.value ?? "")
            ? (it.guid.value ?? null)
            : null),
        guid: typeof it.guid === "string" ? it.guid : (it.guid?.value ?? null),
        published: it.pubDate ?? it.dc?.date ?? it.dc?.dates?.[0] ?? null,
        summary: it.description ?? it.content?.encoded ?? null,
        imageUrl: image ?? null,
        categories: [...(it.categories ?? []).map((c) => c.name ?? ""), ...subjects].filter(Boolean),
        language,
      };
    }),
  };
}

function fromAtom(f: AtomLike): ParsedFeed {
  const pickLink = (links: Array<{ href?: string; rel?: string }> | undefined) =>
    links?.find((l) => !l.rel || l.rel === "alternate")?.href ?? links?.[0]?.href ?? null;
  return {
    format: "atom",
    title: textOf(f.title),
    link: pickLink(f.links),
    language: f.xml?.lang ?? null,
    imageUrl: f.logo ?? f.icon ?? null,
    entries: (f.entries ?? []).map((e) => ({
      title: textOf(e.title),
      link: pickLink(e.links),
      guid: e.id ?? null,
      published: e.published ?? e.updated ?? null,
      summary: textOf(e.summary) ?? textOf(e.content),
      imageUrl:
        e.links?.find((l) => l.rel === "enclosure" && l.type?.startsWith("image/"))?.href ??
        mediaImage(e.media) ??
        null,
      categories: (e.categories ?? []).map((c) => c.label ?? c.term ?? "").filter(Boolean),
      language: e.xml?.lang ?? f.xml?.lang ?? null,
    })),
  };
}

function fromJson(f: JsonLike): ParsedFeed {
  return {
    format: "json",
    title: f.title ?? null,
    link: f.home_page_url ?? null,
    language: f.language ?? null,
    imageUrl: f.icon ?? f.favicon ?? null,
    entries: (f.items ?? []).map((it) => ({
      title: it.title ?? null,
      link: it.url ?? it.external_url ?? null,
      guid: it.id ?? null,
      published: it.date_published ?? it.date_modified ?? null,
      summary: it.summary ?? it.content_html ?? it.content_text ?? null,
      imageUrl: it.image ?? it.banner_image ?? null,
      categories: it.tags ?? [],
      language: it.language ?? f.language ?? null,
    })),
  };
}
