import { chooseCategory } from "../classify/choose-category";
import type { NewArticle, Source } from "../db/types";
import { htmlToText, truncateText } from "../text/html";
import { articleSlug } from "../text/kebab";
import { canonicalizeUrl, urlHash } from "./canonical-url";
import { parsePublished } from "./parse-date";

export { parsePublished };

/** An article as a feed or an import file gives it: untrusted, possibly relative, possibly HTML. */
export interface RawArticle {
  url: string | null;
  title: string | null;
  published?: number | string | null;
  summary?: string | null;
  imageUrl?: string | null;
  /** The item's own categories (section names, tags). */
  categories?: string[];
  /** The topic the registry gives the feed the item came from (a "Tech" list's feeds are technology). */
  feedCategory?: string | null;
  language?: string | null;
  externalId?: string;
}

export interface NormalizeContext {
  source: Source;
  /** Resolves relative links (the feed's own URL or its channel link). */
  baseUrl?: string;
  /** When Lede saw the article: the wall clock for fetched feeds, the article's own time for imports. */
  discoveredAt: number;
}

export class InvalidArticleError extends Error {}

export const MAX_TITLE_CHARS = 500;
export const MAX_EXCERPT_CHARS = 500;

/** Turns a raw article into one ready to store. Throws InvalidArticleError when it has no usable URL or title. */
export function normalizeArticle(raw: RawArticle, ctx: NormalizeContext): NewArticle {
  const title = truncateText(htmlToText(raw.title ?? ""), MAX_TITLE_CHARS);
  if (!title) throw new InvalidArticleError("article has no title");
  if (!raw.url) throw new InvalidArticleError("article has no URL");
  let canonicalUrl: string;
  let url: string;
  try {
    url = new URL(raw.url.trim(), ctx.baseUrl).toString();
    canonicalUrl = canonicalizeUrl(url);
  } catch (e) {
    throw new InvalidArticleError(`article URL is not valid: ${(e as Error).message}`);
  }
  const hash = urlHash(canonicalUrl);
  let publishedAt = parsePublished(raw.published);
  // A date far in the future is a publisher's time-zone or typing error; it would pin the article on top.
  if (publishedAt > ctx.discoveredAt + 10 * 60_000) publishedAt = ctx.discoveredAt;
  const excerpt = raw.summary ? truncateText(htmlToText(raw.summary), MAX_EXCERPT_CHARS) : "";
  const { category } = chooseCategory({
    itemCategories: raw.categories ?? [],
    feedCategory: raw.feedCategory ?? null,
    sourceCategory: ctx.source.category,
    title,
    excerpt,
  });
  let imageUrl: string | null = null;
  if (raw.imageUrl) {
    try {
      // Relative URLs in a feed are relative to the feed document; imports have no document, only the article.
      imageUrl = new URL(raw.imageUrl.trim(), ctx.baseUrl ?? url).toString();
    } catch {
      imageUrl = null;
    }
  }
  return {
    urlHash: hash,
    url,
    canonicalUrl,
    title,
    slug: articleSlug(title, hash),
    sourceId: ctx.source.id,
    category,
    language: raw.language?.slice(0, 2).toLowerCase() || ctx.source.language,
    publishedAt,
    discoveredAt: ctx.discoveredAt,
    excerpt: excerpt || null,
    imageUrl,
    ...(raw.externalId !== undefined ? { externalId: raw.externalId } : {}),
  };
}
