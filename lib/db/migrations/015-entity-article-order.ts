// An entity's articles newest first (`/v1/entities/{id}/articles`, contract §7.6) from index entries: the mention
// rows carry their article's published and discovered times, so the page is read in order from an index instead of
// sorting every article of the entity (a widely named one has tens of thousands at a million articles). The times
// are filled from the article by a trigger on insert; an article's times never change after it is stored.
export const up = /* sql */ `
ALTER TABLE article_entities ADD COLUMN published_at INTEGER NOT NULL DEFAULT 0;
ALTER TABLE article_entities ADD COLUMN discovered_at INTEGER NOT NULL DEFAULT 0;
UPDATE article_entities SET (published_at, discovered_at) =
  (SELECT a.published_at, a.discovered_at FROM articles a WHERE a.id = article_entities.article_id);
CREATE INDEX article_entities_newest
  ON article_entities(entity_id, published_at DESC, discovered_at DESC, article_id DESC);
CREATE TRIGGER article_entities_times AFTER INSERT ON article_entities BEGIN
  UPDATE article_entities SET (published_at, discovered_at) =
    (SELECT a.published_at, a.discovered_at FROM articles a WHERE a.id = new.article_id)
  WHERE article_id = new.article_id AND entity_id = new.entity_id;
END;
`;
