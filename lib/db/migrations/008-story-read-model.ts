// Story rows carry what a story list shows, so a page of stories is one indexed query: its sources by
// contribution (`sources_json`), its most mentioned entities (`top_entities_json`) and its members' newest image
// (`member_image_url`). The clustering transaction writes the first and the last whenever memberships change, the
// entity refresh writes the second. NULL means not written yet: readers then compute it from the members.
//
// `story_version` in `sequences` moves on every write to a story row (the triggers below), in every process that
// shares the file, so a reader can keep serialised story pages until it moves.
export const up = /* sql */ `
ALTER TABLE stories ADD COLUMN sources_json TEXT;
ALTER TABLE stories ADD COLUMN top_entities_json TEXT;
ALTER TABLE stories ADD COLUMN member_image_url TEXT;

-- Stories written before this migration, computed once here (the same statements as lib/db/sqlite/story-read-model.ts).
UPDATE stories SET
  sources_json = (SELECT json_group_array(name) FROM (
    SELECT s.name FROM articles a JOIN sources s ON s.id = a.source_id WHERE a.story_id = stories.id
    GROUP BY s.id ORDER BY COUNT(*) DESC, s.name LIMIT 20)),
  member_image_url = (SELECT image_url FROM articles
    WHERE story_id = stories.id AND image_url IS NOT NULL ORDER BY published_at DESC LIMIT 1),
  top_entities_json = (SELECT json_group_array(json_object('name', name, 'type', type)) FROM (
    SELECT e.name, e.type FROM story_entities se JOIN entities e ON e.id = se.entity_id
    WHERE se.story_id = stories.id ORDER BY se.mention_count DESC, e.id LIMIT 10))
WHERE merged_into IS NULL;

INSERT OR IGNORE INTO sequences (name, next) VALUES ('story_version', 1);
CREATE TRIGGER stories_version_insert AFTER INSERT ON stories BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'story_version';
END;
CREATE TRIGGER stories_version_update AFTER UPDATE ON stories BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'story_version';
END;
CREATE TRIGGER stories_version_delete AFTER DELETE ON stories BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = 'story_version';
END;
`;
