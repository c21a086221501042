// Page furniture that sits inside the article container on many sites, where Readability's own "unlikely
// candidate" names (comment, sidebar, footer, related, social, …) do not reach: subscription walls, newsletter
// sign-ups, consent banners, ad slots, author boxes, post navigation and screen-reader-only labels. Matched on
// whole words of class and id names, as publishers' templates (WordPress themes, ad and consent vendors) name them.
const FURNITURE = new RegExp(
  String.raw`(^|[\s_-])(` +
    [
      "paywall",
      "regwall",
      "newsletter",
      "signup",
      "subscribe",
      "subscription",
      "cookie",
      "cookies",
      "consent",
      "cmp",
      "gdpr",
      "ad",
      "ads",
      "advert",
      "advertisement",
      "gpt",
      "dfp",
      "outbrain",
      "taboola",
      "sponsored",
      "promo",
      "share",
      "sharing",
      "sharedaddy",
      "author-info",
      "author-bio",
      "author-box",
      "post-navigation",
      "screen-reader-text",
      "sr-only",
      "visually-hidden",
    ].join("|") +
    String.raw`)([\s_-]|$)`,
  "i",
);

// Landmarks that hold the article itself are never removed, whatever they are called.
const KEEP = new Set(["HTML", "BODY", "MAIN", "ARTICLE"]);

/** Share of the page's text above which a matching element is taken for a wrapper of the article, and kept. */
const WRAPPER_SHARE = 0.5;

type Doc = { querySelectorAll(s: string): ArrayLike<Element>; body?: { textContent: string | null } | null };

/** Removes page furniture that Readability tends to keep, before it scores the page. */
export function removeBoilerplate(doc: Doc): void {
  const total = doc.body?.textContent?.length ?? 0;
  for (const el of Array.from(doc.querySelectorAll("[class], [id]"))) {
    if (KEEP.has(el.tagName.toUpperCase()) || !el.isConnected) continue;
    const names = `${el.getAttribute("class") ?? ""} ${el.getAttribute("id") ?? ""}`;
    if (!FURNITURE.test(names)) continue;
    if (total > 0 && (el.textContent?.length ?? 0) > total * WRAPPER_SHARE) continue;
    el.remove();
  }
  for (const el of Array.from(doc.querySelectorAll("amp-ad, amp-sticky-ad, amp-embed, amp-analytics")))
    el.remove();
}
