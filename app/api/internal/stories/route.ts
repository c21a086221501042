import { withSession } from "@/lib/api/with-session";
import { getStoryFeed, StoryFeedQuery } from "@/lib/stories/story-feed";

export const dynamic = "force-dynamic";

export const GET = withSession({ query: StoryFeedQuery }, async ({ deps, query, now }) =>
  getStoryFeed(deps.store, query, now),
);
