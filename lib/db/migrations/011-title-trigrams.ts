// Title substrings found through an index: `/v1/items?keyword=` is a case-insensitive substring of the title
// (contract §7.2), which no word index answers and a scan answers in time linear in the archive. A trigram index
// over titles gives the candidate rows of any keyword of 3 or more characters; the query keeps its exact test on
// them. The index holds no copy of the titles (external content) and follows the articles table by triggers.
export const up = /* sql */ `
CREATE VIRTUAL TABLE articles_title_tri USING fts5(title, content='articles', content_rowid='id', tokenize='trigram');
INSERT INTO articles_title_tri(articles_title_tri) VALUES ('rebuild');
CREATE TRIGGER articles_title_tri_insert AFTER INSERT ON articles BEGIN
  INSERT INTO articles_title_tri(rowid, title) VALUES (new.id, new.title);
END;
CREATE TRIGGER articles_title_tri_delete AFTER DELETE ON articles BEGIN
  INSERT INTO articles_title_tri(articles_title_tri, rowid, title) VALUES ('delete', old.id, old.title);
END;
CREATE TRIGGER articles_title_tri_update AFTER UPDATE OF title ON articles BEGIN
  INSERT INTO articles_title_tri(articles_title_tri, rowid, title) VALUES ('delete', old.id, old.title);
  INSERT INTO articles_title_tri(rowid, title) VALUES (new.id, new.title);
END;
`;
