import { withSession } from "@/lib/api/with-session";
import { getStoryOrThrow, StoryParams } from "@/lib/stories/get-stories";

export const dynamic = "force-dynamic";

// What the open story page checks to learn whether it is behind: an article joining a story sends no event of its
// own, so after arrivals the page compares these with what it shows (components/stories/story-live.tsx). One story
// row and its developments: cheap enough to ask every second while news arrives. Merged-away stories answer 404.
export const GET = withSession({ params: StoryParams }, async ({ deps, params }) => {
  const story = await getStoryOrThrow(deps.store, params.id);
  const developments = await deps.store.stories.developments(story.id);
  return {
    id: story.id,
    article_count: story.articleCount,
    last_updated: story.lastUpdated,
    developments: developments.length,
  };
});
