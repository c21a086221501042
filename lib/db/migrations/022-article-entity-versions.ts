// Version counters for the article and entity read caches (issue #15), as `story_version` is for stories
// (migration 008): each moves on every write to a row of its table, in every process sharing the file, so a
// serialised page of items or entities is kept until a write could have changed it.
const versioned = (table: string, name: string) => `
INSERT OR IGNORE INTO sequences (name, next) VALUES ('${name}', 1);
CREATE TRIGGER ${table}_version_insert AFTER INSERT ON ${table} BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = '${name}';
END;
CREATE TRIGGER ${table}_version_update AFTER UPDATE ON ${table} BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = '${name}';
END;
CREATE TRIGGER ${table}_version_delete AFTER DELETE ON ${table} BEGIN
  UPDATE sequences SET next = next + 1 WHERE name = '${name}';
END;
`;

export const up = /* sql */ `
${versioned("articles", "article_version")}
${versioned("entities", "entity_version")}
`;
