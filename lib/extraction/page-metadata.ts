// Title, images and video a page declares about itself: Open Graph, Twitter cards, schema.org JSON-LD and
// <link rel="image_src">, read before Readability rewrites the document.

export interface PageMetadata {
  title: string | null;
  images: string[];
  thumbs: string[];
  videos: string[];
}

type Doc = Pick<Document, "querySelectorAll" | "querySelector">;

/** Known embeddable video players, recognised in iframes and player meta tags. */
const VIDEO_PLAYER = new RegExp(
  [
    String.raw`^https?://(www\.)?youtube(-nocookie)?\.com/(embed|watch|shorts)`,
    String.raw`^https?://youtu\.be/`,
    String.raw`^https?://player\.vimeo\.com/video/`,
    String.raw`^https?://(www\.)?dailymotion\.com/(embed/)?video/`,
    String.raw`^https?://geo\.dailymotion\.com/player`,
    String.raw`^https?://players\.brightcove\.net/`,
    String.raw`^https?://(cdn|content)\.jw(player|platform)\.com/`,
    String.raw`^https?://player\.twitch\.tv/`,
    String.raw`^https?://(www\.)?facebook\.com/plugins/video`,
    String.raw`^https?://fast\.wistia\.(net|com)/embed/`,
    String.raw`^https?://(www\.)?tiktok\.com/embed`,
    String.raw`^https?://[^/]+/.*\.(mp4|webm|m3u8)(\?|$)`,
  ].join("|"),
  "i",
);

export function isVideoPlayerUrl(url: string): boolean {
  return VIDEO_PLAYER.test(url);
}

function metaValues(doc: Doc, keys: string[]): string[] {
  const out: string[] = [];
  for (const key of keys) {
    for (const el of Array.from(
      doc.querySelectorAll(`meta[property="${key}"], meta[name="${key}"], meta[itemprop="${key}"]`),
    )) {
      const v = el.getAttribute("content")?.trim();
      if (v) out.push(v);
    }
  }
  return out;
}

/** schema.org objects from every JSON-LD block, @graph entries flattened; malformed blocks are skipped. */
function jsonLdObjects(doc: Doc): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const visit = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      out.push(o);
      if (o["@graph"]) visit(o["@graph"]);
    }
  };
  for (const el of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      visit(JSON.parse(el.textContent ?? ""));
    } catch {
      // Publishers ship broken JSON-LD often enough; the other sources still apply.
    }
  }
  return out;
}

function urlsOf(v: unknown): string[] {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(urlsOf);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return urlsOf(o.url ?? o.contentUrl ?? o["@id"]);
  }
  return [];
}

const isType = (o: Record<string, unknown>, re: RegExp) =>
  [o["@type"]].flat().some((t) => typeof t === "string" && re.test(t));

/** Reads what the page says about itself. `resolve` absolutises a URL, or rejects it (null). */
export function readPageMetadata(doc: Doc, resolve: (url: string) => string | null): PageMetadata {
  const ld = jsonLdObjects(doc);
  const articles = ld.filter((o) => isType(o, /Article|BlogPosting|NewsArticle|Report|LiveBlogPosting/));
  const videosLd = ld.filter((o) => isType(o, /^VideoObject$/));
  const ldHeadline = articles.map((a) => a.headline).find((h): h is string => typeof h === "string");

  const images = [
    ...metaValues(doc, [
      "og:image:secure_url",
      "og:image:url",
      "og:image",
      "twitter:image",
      "twitter:image:src",
    ]),
    ...articles.flatMap((a) => urlsOf(a.image)),
    ...Array.from(doc.querySelectorAll('link[rel="image_src"]')).map((l) => l.getAttribute("href") ?? ""),
  ];
  const thumbs = [
    ...metaValues(doc, ["thumbnail", "thumbnailUrl", "twitter:image", "twitter:image:src"]),
    ...articles.flatMap((a) => urlsOf(a.thumbnailUrl)),
  ];
  const videos = [
    ...metaValues(doc, ["og:video:secure_url", "og:video:url", "og:video", "twitter:player"]),
    ...videosLd.flatMap((v) => [...urlsOf(v.embedUrl), ...urlsOf(v.contentUrl)]),
  ];
  const title = metaValues(doc, ["og:title", "twitter:title"])[0] ?? ldHeadline ?? null;
  const clean = (list: string[]) => [...new Set(list.map(resolve).filter((u): u is string => u !== null))];
  return {
    title: title?.trim() || null,
    images: clean(images),
    thumbs: clean(thumbs),
    videos: [...clean(videos), ...embeddedVideos(doc, resolve)],
  };
}

/** Video elements and iframes (AMP included) of known players, in document order. */
function embeddedVideos(doc: Doc, resolve: (url: string) => string | null): string[] {
  const out: string[] = [];
  for (const el of Array.from(
    doc.querySelectorAll("video, video source, iframe, amp-iframe, amp-video, amp-youtube"),
  )) {
    const tag = el.tagName.toUpperCase();
    if (tag === "AMP-YOUTUBE") {
      const id = el.getAttribute("data-videoid");
      if (id) out.push(`https://www.youtube.com/embed/${id}`);
      continue;
    }
    const src = resolve(el.getAttribute("src") || el.getAttribute("data-src") || "");
    if (!src) continue;
    if (tag === "VIDEO" || tag === "SOURCE" || tag === "AMP-VIDEO" || isVideoPlayerUrl(src)) out.push(src);
  }
  return out;
}
