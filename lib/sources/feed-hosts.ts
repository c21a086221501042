/**
 * Hosts that serve many unrelated publishers' feeds (feed proxies, video and podcast platforms, forums). A feed
 * there says nothing about its publisher's site: each such feed is its own source, and its homepage comes from
 * the feed itself once polled.
 */
const PLATFORMS = [
  "feedburner.com",
  "feedblitz.com",
  "feedpress.me",
  "youtube.com",
  "reddit.com",
  "medium.com",
  "substack.com",
  "blogspot.com",
  "wordpress.com",
  "tumblr.com",
  "libsyn.com",
  "megaphone.fm",
  "simplecast.com",
  "art19.com",
  "anchor.fm",
  "podbean.com",
  "soundcloud.com",
  "buzzsprout.com",
  "transistor.fm",
  "acast.com",
  "omny.fm",
  "podtrac.com",
  "google.com",
  "amazonaws.com",
  "cloudfront.net",
];

export function isFeedPlatform(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return PLATFORMS.some((p) => h === p || h.endsWith(`.${p}`));
}

/** The conventional icon of a site: `https://<host>/favicon.ico`, or null for an unusable homepage. */
export function faviconUrl(homepage: string): string | null {
  try {
    const u = new URL(homepage);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return `https://${u.hostname}/favicon.ico`;
  } catch {
    return null;
  }
}
