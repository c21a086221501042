// Every React Query key of the dashboard, in one place, so invalidations always match their queries.
export const queryKeys = {
  keys: () => ["keys"] as const,
  usage: (days: number, keyId: string | null) => ["usage", days, keyId] as const,
  /** Every view of the story feed: the live stream invalidates them together. */
  storyFeeds: () => ["story-feed"] as const,
  storyFeed: (view: string, category: string | null, tickers: string) =>
    ["story-feed", view, category, tickers] as const,
  entityNetwork: (entityId: number, depth: number, limit: number) =>
    ["entity-network", entityId, depth, limit] as const,
};
