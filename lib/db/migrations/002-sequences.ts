// Id blocks handed out atomically, so processes sharing the data directory never assign the same story id.
export const up = /* sql */ `
CREATE TABLE sequences (
  name TEXT PRIMARY KEY,
  next INTEGER NOT NULL
);
INSERT INTO sequences (name, next) SELECT 'story', COALESCE(MAX(id), 0) + 1 FROM stories;
`;
