import type { Db } from "../open-db";
import type { EntityListQuery, EntityRecord, EntityRelationshipRecord, EntityRepo } from "../store";
import { toArticle } from "./article-repo";
import { stmt } from "./stmt-cache";
import { versionReader } from "./versions";

interface EntityRow {
  id: number;
  name: string;
  type: string;
  subcategory: string | null;
  slug: string;
  description: string | null;
  image_url: string | null;
  wikidata_id: string | null;
  wikipedia_url: string | null;
  article_count: number;
  enriched: number;
}

interface RelationshipRow {
  id: number;
  source_entity_id: number;
  target_entity_id: number;
  relationship_type: string;
  confidence: number;
  article_count: number;
}

type ArticleRow = Parameters<typeof toArticle>[0];

const ENTITY_COLUMNS = `e.id, e.name, e.type, e.subcategory, e.slug, e.description, e.image_url, e.wikidata_id,
  e.wikipedia_url, e.article_count, e.enriched`;
const ARTICLE_COLUMNS = "a.*, s.name AS source_name, s.slug AS source_slug, s.language AS source_language";

// A name matches on the raw text (ASCII case-insensitive LIKE) or on the stored comparison forms (`norm_key`,
// alias `norm`: lowercase, diacritics folded) with the folded text, so "sao" finds "São Paulo".
const matches = (p: "prefix" | "sub") =>
  `(e.name LIKE @${p}Raw ESCAPE '\\' OR e.norm_key LIKE @${p}Folded ESCAPE '\\'
    OR EXISTS (SELECT 1 FROM entity_aliases al WHERE al.entity_id = e.id
               AND (al.alias LIKE @${p}Raw ESCAPE '\\' OR al.norm LIKE @${p}Folded ESCAPE '\\')))`;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function listSql(q: EntityListQuery): { where: string; order: string } {
  const where: string[] = [];
  if (q.match) where.push(matches("sub"));
  if (q.type !== undefined) where.push("e.type = @type");
  if (q.subcategory !== undefined) where.push("e.subcategory = @subcategory");
  return {
    where: where.length ? `WHERE ${where.join(" AND ")}` : "",
    order: `${q.match ? `CASE WHEN ${matches("prefix")} THEN 0 ELSE 1 END, ` : ""}e.article_count DESC, e.id DESC`,
  };
}

function listParams(q: EntityListQuery): Record<string, unknown> {
  const p: Record<string, unknown> = {};
  if (q.match) {
    const raw = likeEscape(q.match.raw);
    // An empty folded form (punctuation only) must match nothing, not everything: LIKE NULL is never true.
    const folded = q.match.folded ? likeEscape(q.match.folded) : null;
    Object.assign(p, {
      prefixRaw: `${raw}%`,
      subRaw: `%${raw}%`,
      prefixFolded: folded === null ? null : `${folded}%`,
      subFolded: folded === null ? null : `%${folded}%`,
    });
  }
  if (q.type !== undefined) p.type = q.type;
  if (q.subcategory !== undefined) p.subcategory = q.subcategory;
  return p;
}

const toRelationship = (r: RelationshipRow): EntityRelationshipRecord => ({
  id: r.id,
  sourceEntityId: r.source_entity_id,
  targetEntityId: r.target_entity_id,
  relationshipType: r.relationship_type,
  confidence: r.confidence,
  articleCount: r.article_count,
});

export function sqliteEntityRepo(db: Db): EntityRepo {
  const aliasesOf = db.prepare(
    `SELECT entity_id, alias FROM entity_aliases WHERE entity_id IN (SELECT value FROM json_each(?))
     ORDER BY entity_id, rowid`,
  );

  /** Rows to records, with every row's aliases read in one query. */
  function withAliases(rows: EntityRow[]): EntityRecord[] {
    const aliases = new Map<number, string[]>();
    if (rows.length > 0) {
      const all = aliasesOf.all(JSON.stringify(rows.map((r) => r.id))) as Array<{
        entity_id: number;
        alias: string;
      }>;
      for (const a of all) {
        const list = aliases.get(a.entity_id) ?? [];
        list.push(a.alias);
        aliases.set(a.entity_id, list);
      }
    }
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      subcategory: r.subcategory,
      slug: r.slug,
      description: r.description,
      imageUrl: r.image_url,
      wikidataId: r.wikidata_id,
      wikipediaUrl: r.wikipedia_url,
      articleCount: r.article_count,
      enriched: r.enriched !== 0,
      aliases: (aliases.get(r.id) ?? []).filter((a) => a !== r.name),
    }));
  }

  const byId = db.prepare(`SELECT ${ENTITY_COLUMNS} FROM entities e WHERE e.id = ?`);
  const byIdAndSlug = db.prepare(`SELECT ${ENTITY_COLUMNS} FROM entities e WHERE e.id = ? AND e.slug = ?`);
  const bySlug = db.prepare(
    `SELECT ${ENTITY_COLUMNS} FROM entities e WHERE e.slug = ? ORDER BY e.id LIMIT 1`,
  );

  const version = versionReader(db, "entity_version");
  return {
    async version() {
      return version();
    },
    async list(q) {
      const { where, order } = listSql(q);
      const params = listParams(q);
      const total = stmt(db, `SELECT COUNT(*) FROM entities e ${where}`).pluck().get(params) as number;
      const rows = stmt(
        db,
        `SELECT ${ENTITY_COLUMNS} FROM entities e ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`,
      ).all({ ...params, limit: q.limit, offset: q.offset }) as EntityRow[];
      return { entities: withAliases(rows), total };
    },

    async get(idOrSlug) {
      let row: EntityRow | undefined;
      if (typeof idOrSlug === "number") row = byId.get(idOrSlug) as EntityRow | undefined;
      else {
        // Slugs end in `-{id}` (contract §2): try that row first, then any row carrying the slug.
        const id = /-(\d+)$/.exec(idOrSlug)?.[1];
        if (id !== undefined) row = byIdAndSlug.get(Number(id), idOrSlug) as EntityRow | undefined;
        row ??= bySlug.get(idOrSlug) as EntityRow | undefined;
      }
      return row ? (withAliases([row])[0] ?? null) : null;
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = stmt(
        db,
        `SELECT ${ENTITY_COLUMNS} FROM entities e WHERE e.id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify(ids)) as EntityRow[];
      const byKey = new Map(withAliases(rows).map((e) => [e.id, e]));
      return ids.flatMap((id) => byKey.get(id) ?? []);
    },

    async articles(entityId, { limit, offset }) {
      const total = stmt(db, "SELECT COUNT(*) FROM article_entities WHERE entity_id = ?")
        .pluck()
        .get(entityId) as number;
      const rows = stmt(
        db,
        `SELECT ${ARTICLE_COLUMNS} FROM article_entities ae
         JOIN articles a ON a.id = ae.article_id JOIN sources s ON s.id = a.source_id
         WHERE ae.entity_id = ?
         ORDER BY ae.published_at DESC, ae.discovered_at DESC, ae.article_id DESC LIMIT ? OFFSET ?`,
      ).all(entityId, limit, offset) as ArticleRow[];
      return { items: rows.map(toArticle), total };
    },

    async mentionWindows({ baselineFrom, recentFrom, until }) {
      // Walks the articles of the whole span once along the discovered_at index, then their mentions.
      return stmt(
        db,
        `SELECT ae.entity_id AS entityId,
                SUM(a.discovered_at > @recentFrom) AS recent,
                SUM(a.discovered_at <= @recentFrom) AS baseline
         FROM articles a JOIN article_entities ae ON ae.article_id = a.id
         WHERE a.discovered_at > @baselineFrom AND a.discovered_at <= @until
         GROUP BY ae.entity_id HAVING recent > 0`,
      ).all({ baselineFrom, recentFrom, until }) as Array<{
        entityId: number;
        recent: number;
        baseline: number;
      }>;
    },

    async strongestRelationships({ entityIds, excludeIds, limit }) {
      if (entityIds.length === 0 || limit <= 0) return [];
      // Two index probes (source, then target) rather than an OR the planner may answer with a scan.
      const rows = stmt(
        db,
        `WITH f(id) AS (SELECT value FROM json_each(@ids)),
         touching AS (
           SELECT r.* FROM entity_relationships r JOIN f ON r.source_entity_id = f.id
           UNION
           SELECT r.* FROM entity_relationships r JOIN f ON r.target_entity_id = f.id)
         SELECT * FROM touching WHERE id NOT IN (SELECT value FROM json_each(@exclude))
         ORDER BY article_count * confidence DESC, id DESC LIMIT @limit`,
      ).all({
        ids: JSON.stringify(entityIds),
        exclude: JSON.stringify(excludeIds),
        limit,
      }) as RelationshipRow[];
      return rows.map(toRelationship);
    },

    async storyEntities(storyId, limit) {
      const rows = stmt(
        db,
        `SELECT ${ENTITY_COLUMNS}, se.mention_count FROM story_entities se JOIN entities e ON e.id = se.entity_id
         WHERE se.story_id = ? ORDER BY se.mention_count DESC, e.id DESC LIMIT ?`,
      ).all(storyId, limit) as Array<EntityRow & { mention_count: number }>;
      const entities = withAliases(rows);
      return entities.map((entity, i) => ({ entity, mentionCount: rows[i]?.mention_count ?? 0 }));
    },
  };
}
