import { sql, type Expression, type SqlBool } from "kysely";

import type { EntityListQuery, EntityRecord, EntityRelationshipRecord, EntityRepo } from "../store";
import type { PgDb } from "./connect";
import { likeEscape, readVersion, selectArticles, toArticle, type PgExecutor } from "./content-rows";
import { isRowId } from "./text-values";

const ENTITY_COLUMNS = [
  "e.id",
  "e.name",
  "e.type",
  "e.subcategory",
  "e.slug",
  "e.description",
  "e.image_url",
  "e.wikidata_id",
  "e.wikipedia_url",
  "e.article_count",
  "e.enriched",
] as const;

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
  enriched: boolean;
}

/** ASCII case-insensitive LIKE, as SQLite's: lower() of the C collation folds ASCII letters only. */
const ilike = (column: string, pattern: string | null) =>
  sql<SqlBool>`lower(${sql.ref(column)} COLLATE "C") LIKE lower(${pattern}::text COLLATE "C")`;

/**
 * A name matches on the raw text or on the stored comparison forms (`norm_key`, alias `norm`: lowercase,
 * diacritics folded) with the folded text, so "sao" finds "São Paulo". A null folded pattern matches nothing.
 */
const matches = (raw: string, folded: string | null): Expression<SqlBool> =>
  sql<SqlBool>`(${ilike("e.name", raw)} OR ${ilike("e.norm_key", folded)}
    OR EXISTS (SELECT 1 FROM entity_aliases al WHERE al.entity_id = e.id
               AND (${ilike("al.alias", raw)} OR ${ilike("al.norm", folded)})))`;

export async function entityRecords(db: PgExecutor, rows: EntityRow[]): Promise<EntityRecord[]> {
  const aliases = new Map<number, string[]>();
  if (rows.length > 0) {
    const all = await db
      .selectFrom("entity_aliases")
      .select(["entity_id", "alias"])
      .where("entity_id", "=", sql<number>`ANY(${rows.map((r) => r.id)}::bigint[])`)
      .orderBy("entity_id")
      .orderBy("seq")
      .execute();
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
    enriched: r.enriched,
    aliases: (aliases.get(r.id) ?? []).filter((a) => a !== r.name),
  }));
}

const toRelationship = (r: {
  id: number;
  source_entity_id: number;
  target_entity_id: number;
  relationship_type: string;
  confidence: number;
  article_count: number;
}): EntityRelationshipRecord => ({
  id: r.id,
  sourceEntityId: r.source_entity_id,
  targetEntityId: r.target_entity_id,
  relationshipType: r.relationship_type,
  confidence: r.confidence,
  articleCount: r.article_count,
});

function listQuery(db: PgDb, q: EntityListQuery) {
  let base = db.selectFrom("entities as e");
  let prefix: Expression<SqlBool> | null = null;
  if (q.match) {
    const raw = likeEscape(q.match.raw);
    // An empty folded form (punctuation only) must match nothing, not everything.
    const folded = q.match.folded ? likeEscape(q.match.folded) : null;
    base = base.where(matches(`%${raw}%`, folded === null ? null : `%${folded}%`));
    prefix = matches(`${raw}%`, folded === null ? null : `${folded}%`);
  }
  if (q.type !== undefined) base = base.where("e.type", "=", q.type);
  if (q.subcategory !== undefined) base = base.where("e.subcategory", "=", q.subcategory);
  return { base, prefix };
}

export function pgEntityRepo(db: PgDb): EntityRepo {
  const select = (ex: PgExecutor) => ex.selectFrom("entities as e").select(ENTITY_COLUMNS);
  return {
    async version() {
      return readVersion(db, "entity_version");
    },

    async list(q) {
      const { base, prefix } = listQuery(db, q);
      const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      let page = base.select(ENTITY_COLUMNS);
      if (prefix) page = page.orderBy(sql`CASE WHEN ${prefix} THEN 0 ELSE 1 END`);
      const rows = await page
        .orderBy("e.article_count", "desc")
        .orderBy("e.id", "desc")
        .limit(q.limit)
        .offset(q.offset)
        .execute();
      return { entities: await entityRecords(db, rows), total: n };
    },

    async get(idOrSlug) {
      let row: EntityRow | undefined;
      if (typeof idOrSlug === "number" && !isRowId(idOrSlug)) return null;
      if (typeof idOrSlug === "number")
        row = await select(db).where("e.id", "=", idOrSlug).executeTakeFirst();
      else {
        // Slugs end in `-{id}` (contract §2): try that row first, then any row carrying the slug.
        const id = /-(\d+)$/.exec(idOrSlug)?.[1];
        if (id !== undefined && Number(id) <= Number.MAX_SAFE_INTEGER)
          row = await select(db)
            .where("e.id", "=", Number(id))
            .where("e.slug", "=", idOrSlug)
            .executeTakeFirst();
        row ??= await select(db).where("e.slug", "=", idOrSlug).orderBy("e.id").limit(1).executeTakeFirst();
      }
      return row ? ((await entityRecords(db, [row]))[0] ?? null) : null;
    },

    async getMany(ids) {
      if (ids.length === 0) return [];
      const rows = await select(db)
        .where("e.id", "=", sql<number>`ANY(${ids}::bigint[])`)
        .execute();
      const byId = new Map((await entityRecords(db, rows)).map((e) => [e.id, e]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    async articles(entityId, { limit, offset }) {
      const { n } = await db
        .selectFrom("article_entities")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("entity_id", "=", entityId)
        .executeTakeFirstOrThrow();
      const rows = await selectArticles(db)
        .innerJoin("article_entities as ae", "ae.article_id", "a.id")
        .where("ae.entity_id", "=", entityId)
        .orderBy("ae.published_at", "desc")
        .orderBy("ae.discovered_at", "desc")
        .orderBy("ae.article_id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
      return { items: rows.map(toArticle), total: n };
    },

    async mentionWindows({ baselineFrom, recentFrom, until }) {
      const rows = await sql<{ entityId: number; recent: number; baseline: number }>`
        SELECT ae.entity_id AS "entityId",
               COUNT(*) FILTER (WHERE a.discovered_at > ${recentFrom})::bigint AS recent,
               COUNT(*) FILTER (WHERE a.discovered_at <= ${recentFrom})::bigint AS baseline
        FROM articles a JOIN article_entities ae ON ae.article_id = a.id
        WHERE a.discovered_at > ${baselineFrom} AND a.discovered_at <= ${until}
        GROUP BY ae.entity_id HAVING COUNT(*) FILTER (WHERE a.discovered_at > ${recentFrom}) > 0`.execute(db);
      return rows.rows;
    },

    async strongestRelationships({ entityIds, excludeIds, limit }) {
      if (entityIds.length === 0 || limit <= 0) return [];
      // Two index probes (source, then target) rather than an OR the planner may answer with a scan.
      const rows = await sql<Parameters<typeof toRelationship>[0]>`
        WITH touching AS (
          SELECT r.* FROM entity_relationships r WHERE r.source_entity_id = ANY(${entityIds}::bigint[])
          UNION
          SELECT r.* FROM entity_relationships r WHERE r.target_entity_id = ANY(${entityIds}::bigint[]))
        SELECT * FROM touching WHERE id <> ALL(${excludeIds}::bigint[])
        ORDER BY article_count * confidence DESC, id DESC LIMIT ${limit}`.execute(db);
      return rows.rows.map(toRelationship);
    },

    async storyEntities(storyId, limit) {
      const rows = await select(db)
        .innerJoin("story_entities as se", "se.entity_id", "e.id")
        .select("se.mention_count")
        .where("se.story_id", "=", storyId)
        .orderBy("se.mention_count", "desc")
        .orderBy("e.id", "desc")
        .limit(limit)
        .execute();
      const entities = await entityRecords(db, rows);
      return entities.map((entity, i) => ({ entity, mentionCount: rows[i]?.mention_count ?? 0 }));
    },
  };
}
