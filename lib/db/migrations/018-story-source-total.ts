// A story's true number of distinct sources, kept on its row next to `sources_json` (which lists at most the 20
// biggest contributors, contract §6.2): cards, the story page and the summaries all show this count. The listing
// writer (lib/db/sqlite/story-read-model.ts) keeps it current; NULL means not written yet, and readers then count.
export const up = /* sql */ `
ALTER TABLE stories ADD COLUMN source_total INTEGER;
UPDATE stories SET source_total = (SELECT COUNT(DISTINCT source_id) FROM articles WHERE story_id = stories.id)
WHERE merged_into IS NULL;
`;
