// What the story-dynamics stage keeps per story: velocity with the time it was computed (it decays from there),
// its acceleration, the relevance behind the overall rank, independent sources, and the state that development
// detection compares fresh reporting with.
export const up = /* sql */ `
ALTER TABLE stories ADD COLUMN source_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stories ADD COLUMN velocity_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stories ADD COLUMN acceleration REAL NOT NULL DEFAULT 0;
ALTER TABLE stories ADD COLUMN relevance REAL NOT NULL DEFAULT 0;
ALTER TABLE stories ADD COLUMN dev_state TEXT NOT NULL DEFAULT '{}';
ALTER TABLE stories ADD COLUMN last_development_at INTEGER;
CREATE INDEX stories_priority ON stories(priority) WHERE merged_into IS NULL AND priority <> 'low';
CREATE INDEX story_assignments_time ON story_assignments(assigned_at);
`;
