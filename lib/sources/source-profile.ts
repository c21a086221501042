import type { Store } from "../db/store";
import type { Source } from "../db/types";
import type { ParsedFeed } from "../ingestion/parse-feed";
import { logger } from "../logger";
import { faviconUrl, isFeedPlatform } from "./feed-hosts";

const httpUrl = (raw: string | null, base: string): string | null => {
  if (!raw) return null;
  try {
    const u = new URL(raw.trim(), base);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
};

const placeholderHomepage = (homepage: string): boolean => {
  try {
    return isFeedPlatform(new URL(homepage).hostname);
  } catch {
    return true;
  }
};

/**
 * What a feed says of its publisher improves a guessed profile: the channel link replaces a homepage the registry
 * could only guess (a feed platform's), and the channel image replaces a logo derived as the homepage's favicon.
 * Profiles someone set by hand are left alone. Never throws: a profile update must not fail a poll.
 */
export async function refreshSourceProfile(
  store: Store,
  source: Source,
  feed: ParsedFeed,
  feedUrl: string,
): Promise<void> {
  try {
    const patch: { homepage?: string; logoUrl?: string | null } = {};
    let homepage = source.homepage;
    const link = httpUrl(feed.link, feedUrl);
    if (link && placeholderHomepage(homepage) && !placeholderHomepage(link)) {
      patch.homepage = homepage = link;
    }
    const derived = source.logoUrl === null || source.logoUrl === faviconUrl(source.homepage);
    const logo = httpUrl(feed.imageUrl, feedUrl) ?? faviconUrl(homepage);
    if (derived && logo && logo !== source.logoUrl) patch.logoUrl = logo;
    if (Object.keys(patch).length > 0) await store.sources.updateProfile(source.id, patch);
  } catch (err) {
    logger.warn({ err, source: source.slug }, "source profile update failed");
  }
}
