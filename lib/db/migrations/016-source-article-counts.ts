// Each source's article count kept on its row (`/v1/sources`, contract §6.8): counting every source's articles
// on request reads the whole source index, a million entries at a million articles. Triggers keep the count exact
// for every writer, in any process.
export const up = /* sql */ `
ALTER TABLE sources ADD COLUMN article_count INTEGER NOT NULL DEFAULT 0;
UPDATE sources SET article_count = (SELECT COUNT(*) FROM articles a WHERE a.source_id = sources.id);
CREATE TRIGGER sources_article_count_insert AFTER INSERT ON articles BEGIN
  UPDATE sources SET article_count = article_count + 1 WHERE id = new.source_id;
END;
CREATE TRIGGER sources_article_count_delete AFTER DELETE ON articles BEGIN
  UPDATE sources SET article_count = article_count - 1 WHERE id = old.source_id;
END;
CREATE TRIGGER sources_article_count_move AFTER UPDATE OF source_id ON articles
  WHEN new.source_id IS NOT old.source_id BEGIN
  UPDATE sources SET article_count = article_count - 1 WHERE id = old.source_id;
  UPDATE sources SET article_count = article_count + 1 WHERE id = new.source_id;
END;
`;
