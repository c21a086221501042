import {
  assertFetchable,
  assertLiteralFetchable,
  isSafeFetchError,
  type AllowRule,
  type LookupAll,
} from "../net";
import type { SourceSeed } from "./opml";

/** What may be registered as a feed: public addresses, and the private ones the operator allows. */
export interface FeedTargetPolicy {
  /** LEDE_FETCH_ALLOW_PRIVATE, parsed (`fetchOptionsFromEnv(env).allow`). Empty: public addresses only. */
  allow?: readonly AllowRule[];
  /** Resolver for host names (the system's unless told). */
  lookup?: LookupAll;
  /** Per host name; a name that does not resolve in time is let through (the fetch checks it again). */
  resolveTimeoutMs?: number;
}

export interface RefusedFeed {
  url: string;
  reason: string;
}

/** A list holds feeds Lede may not fetch; nothing of it was registered. */
export class RefusedFeedsError extends Error {
  constructor(readonly refused: RefusedFeed[]) {
    super(
      [
        `refused ${refused.length} feed${refused.length === 1 ? "" : "s"} pointing at addresses that may not be fetched (nothing was registered):`,
        ...refused.map((r) => `  ${r.url}: ${r.reason}`),
        "Private, loopback and link-local feeds are fetched only when LEDE_FETCH_ALLOW_PRIVATE lists them.",
      ].join("\n"),
    );
    this.name = "RefusedFeedsError";
  }
}

const feedUrls = (seeds: readonly SourceSeed[]): string[] => [
  ...new Set(seeds.flatMap((s) => s.feeds.map((f) => f.url))),
];

/**
 * Feeds whose URL is not http(s), or whose host is an IP literal of a private, loopback, link-local or other
 * non-public range (in any spelling: `2130706433`, `[::ffff:127.0.0.1]`) that the allowlist does not name.
 * Synchronous: host names are not resolved here.
 */
export function refusedLiteralFeeds(
  seeds: readonly SourceSeed[],
  allow: readonly AllowRule[] = [],
): RefusedFeed[] {
  const refused: RefusedFeed[] = [];
  for (const url of feedUrls(seeds)) {
    try {
      assertLiteralFetchable(url, allow);
    } catch (e) {
      if (!isSafeFetchError(e)) throw e;
      refused.push({ url, reason: e.message });
    }
  }
  return refused;
}

/**
 * refusedLiteralFeeds, plus feeds whose host name resolves to an address that may not be fetched. A name that does
 * not resolve now is not refused: the fetcher checks every address again each time it polls.
 */
export async function refusedFeeds(
  seeds: readonly SourceSeed[],
  policy: FeedTargetPolicy = {},
): Promise<RefusedFeed[]> {
  const allow = policy.allow ?? [];
  const refused = refusedLiteralFeeds(seeds, allow);
  const done = new Set(refused.map((r) => r.url));
  const pending = feedUrls(seeds).filter((u) => !done.has(u));
  const byHost = new Map<string, Promise<string | null>>();
  const reasonFor = (url: string): Promise<string | null> => {
    // One resolution per host and port (the allowlist can name a port).
    const key = new URL(url).host;
    let p = byHost.get(key);
    if (!p) {
      p = assertFetchable(url, {
        allow,
        lookup: policy.lookup,
        timeoutMs: policy.resolveTimeoutMs ?? 3_000,
      }).then(
        () => null,
        (e: unknown) => (isSafeFetchError(e) && e.code === "blocked_address" ? e.message : null),
      );
      byHost.set(key, p);
    }
    return p;
  };
  // A few names at a time: a long list must not open hundreds of lookups at once.
  const queue = [...pending];
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const reason = await reasonFor(url);
      if (reason) refused.push({ url, reason });
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, queue.length) }, worker));
  const order = new Map(feedUrls(seeds).map((u, i) => [u, i]));
  return refused.sort((a, b) => (order.get(a.url) ?? 0) - (order.get(b.url) ?? 0));
}
