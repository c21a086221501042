import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";

import { removeBoilerplate } from "./boilerplate";
import { domToText } from "./html-to-text";
import { readPageMetadata } from "./page-metadata";

export interface ExtractedPage {
  /** `has_content` when the main text has at least MIN_CONTENT_WORDS words, else `no_content`. */
  status: "has_content" | "no_content";
  title: string | null;
  /** Main text: paragraphs separated by a blank line. */
  text: string;
  words: number;
  imageUrl: string | null;
  thumbUrl: string | null;
  videoUrl: string | null;
}

/** Below this, what Readability found is a fragment (a video caption, an error page), not an article body. */
export const MIN_CONTENT_WORDS = 30;

/** Images narrower than this (by their declared width) are icons, avatars or tracking pixels. */
const MIN_IMAGE_WIDTH = 300;

/** Extracts the main text and media of an HTML page fetched from `pageUrl` (its final URL after redirects). */
export function extractFromHtml(
  html: string,
  pageUrl: string,
  opts: { removeBoilerplate?: boolean } = {},
): ExtractedPage {
  const { document } = parseHTML(html);
  const base = baseUrl(document, pageUrl);
  const resolve = (u: string) => absoluteHttpUrl(u, base);
  const meta = readPageMetadata(document, resolve);
  // Off only to measure what the furniture removal adds (bench/extraction.ts).
  if (opts.removeBoilerplate !== false) removeBoilerplate(document);
  // Readability often leaves the hero picture above the text out of its content, so look in the article first.
  const region = document.querySelector("article") ?? document.querySelector("main");
  const heroImage = region ? firstLargeImage(region, resolve) : null;
  const article = new Readability(document as unknown as Document, { keepClasses: false }).parse();

  let text = "";
  let contentImage: string | null = null;
  if (article?.content) {
    const { document: content } = parseHTML(`<!DOCTYPE html><html><body>${article.content}</body></html>`);
    text = domToText(content.body);
    contentImage = firstLargeImage(content, resolve);
  }
  const words = countWords(text);
  const imageUrl = meta.images[0] ?? heroImage ?? contentImage;
  return {
    status: words >= MIN_CONTENT_WORDS ? "has_content" : "no_content",
    title: meta.title ?? cleanTitle(article?.title) ?? null,
    text: words > 0 ? text : "",
    words,
    imageUrl,
    thumbUrl: meta.thumbs.find((t) => t !== imageUrl) ?? imageUrl,
    videoUrl: meta.videos[0] ?? null,
  };
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
}

function cleanTitle(title: string | null | undefined): string | null {
  const t = title?.replace(/\s+/g, " ").trim();
  return t ? t : null;
}

function baseUrl(doc: { querySelector(s: string): Element | null }, pageUrl: string): string {
  const href = doc.querySelector("base[href]")?.getAttribute("href");
  if (!href) return pageUrl;
  try {
    return new URL(href, pageUrl).href;
  } catch {
    return pageUrl;
  }
}

/** An absolute http(s) URL, or null for data:, javascript:, malformed and empty values. */
export function absoluteHttpUrl(value: string, base: string): string | null {
  const v = value.trim();
  if (!v) return null;
  try {
    const u = new URL(v, base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

function firstLargeImage(
  doc: { querySelectorAll(s: string): ArrayLike<Element> },
  resolve: (u: string) => string | null,
): string | null {
  for (const img of Array.from(doc.querySelectorAll("img"))) {
    const width = Number(img.getAttribute("width"));
    if (Number.isFinite(width) && width > 0 && width < MIN_IMAGE_WIDTH) continue;
    // Lazy-loading pages put a placeholder (often a data: URI) in src and the real image in data-src or srcset.
    const candidates = [
      img.getAttribute("data-src"),
      img.getAttribute("data-lazy-src"),
      img.getAttribute("src"),
      largestFromSrcset(img.getAttribute("srcset")),
    ];
    for (const c of candidates) {
      const url = c ? resolve(c) : null;
      if (url && !/\.svg(\?|$)/i.test(url)) return url;
    }
  }
  return null;
}

function largestFromSrcset(srcset: string | null): string | null {
  if (!srcset) return null;
  let best: { url: string; w: number } | null = null;
  for (const part of srcset.split(",")) {
    const [url, size] = part.trim().split(/\s+/);
    const w = Number.parseFloat(size ?? "1");
    if (url && (!best || w > best.w)) best = { url, w };
  }
  return best?.url ?? null;
}
