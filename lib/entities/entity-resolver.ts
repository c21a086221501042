import { combineConfidence } from "./extract-relationships";
import { gazetteer, type GazetteerIndex } from "./gazetteer";
import { entityRef, normName } from "./normalize";
import type { ArticleEntity, ArticleRelationship, EntityType } from "./types";
import { SYMMETRIC_RELATIONSHIPS } from "./types";

/** An entity already known (from earlier articles or the database): its identity and the names it goes by. */
export interface KnownEntity {
  type: EntityType;
  key: string;
  name: string;
  aliases?: readonly string[];
}

export interface ResolvedArticle {
  entities: ArticleEntity[];
  relationships: ArticleRelationship[];
  /** Article-level ref → the ref it was resolved to (identity for most). */
  refMap: Map<string, string>;
}

function lastWord(name: string): string {
  const words = normName(name).split(" ");
  return words.length > 1 ? (words[words.length - 1] ?? "") : "";
}

/**
 * Keeps a registry of known entities across articles and maps each article's entities onto it: an alias already
 * seen for one entity ("Biden" after "Joe Biden") or a surname that only one known person carries resolves to that
 * entity; anything else is registered as new. A surname shared by two known persons stays its own entity.
 */
export class EntityResolver {
  private readonly names = new Map<string, string>(); // ref → display name
  private readonly aliases = new Map<string, Set<string>>(); // `${type}|${norm}` → refs
  private readonly surnames = new Map<string, Set<string>>(); // norm surname → person refs

  constructor(known: Iterable<KnownEntity> = [], gaz: GazetteerIndex = gazetteer()) {
    for (const e of gaz.entries) if (e.type === "person") this.register(e);
    for (const k of known) this.register(k);
  }

  get size(): number {
    return this.names.size;
  }

  /** Adds an entity (or more names for one already known). */
  register(e: KnownEntity): void {
    const ref = entityRef(e.type, e.key);
    if (!this.names.has(ref)) this.names.set(ref, e.name);
    for (const alias of [e.name, ...(e.aliases ?? [])]) {
      const k = `${e.type}|${normName(alias)}`;
      const set = this.aliases.get(k) ?? new Set<string>();
      set.add(ref);
      this.aliases.set(k, set);
    }
    const surname = e.type === "person" ? lastWord(e.name) : "";
    if (surname) {
      const set = this.surnames.get(surname) ?? new Set<string>();
      set.add(ref);
      this.surnames.set(surname, set);
    }
  }

  /** The known ref an article entity stands for, or null when it is new or ambiguous. */
  lookup(e: Pick<ArticleEntity, "ref" | "type" | "key" | "aliases">): string | null {
    if (this.names.has(e.ref)) return e.ref;
    const hits = new Set<string>();
    // A full name resolves by full names only: "John Smith" must not join "Anna Smith" through a shared "Smith".
    const multiWord = e.key.includes(" ");
    for (const alias of e.aliases) {
      const norm = normName(alias);
      if (multiWord && !norm.includes(" ")) continue;
      for (const ref of this.aliases.get(`${e.type}|${norm}`) ?? []) hits.add(ref);
    }
    if (hits.size === 1) return [...hits][0] ?? null;
    if (hits.size > 1) return null;
    if (e.type === "person" && !e.key.includes(" ")) {
      const people = this.surnames.get(e.key);
      if (people?.size === 1) return [...people][0] ?? null;
    }
    return null;
  }

  /** Resolves one article's entities and relationships; new entities are registered for later articles. */
  resolve(
    entities: readonly ArticleEntity[],
    relationships: readonly ArticleRelationship[] = [],
  ): ResolvedArticle {
    const refMap = new Map<string, string>();
    const out = new Map<string, ArticleEntity>();
    for (const e of entities) {
      const known = this.lookup(e);
      const ref = known ?? e.ref;
      refMap.set(e.ref, ref);
      const [type, ...rest] = ref.split(":");
      const key = rest.join(":");
      this.register({
        type: type as EntityType,
        key,
        name: this.names.get(ref) ?? e.name,
        aliases: e.aliases,
      });
      const merged = out.get(ref);
      if (merged) {
        merged.count += e.count;
        merged.aliases = [...new Set([...merged.aliases, ...e.aliases])];
      } else {
        out.set(
          ref,
          known && known !== e.ref ? { ...e, ref, key, name: this.names.get(ref) ?? e.name } : { ...e },
        );
      }
    }
    return { entities: [...out.values()], relationships: remap(relationships, refMap), refMap };
  }
}

function remap(
  relationships: readonly ArticleRelationship[],
  refMap: ReadonlyMap<string, string>,
): ArticleRelationship[] {
  const out = new Map<string, ArticleRelationship>();
  for (const r of relationships) {
    let source = refMap.get(r.source) ?? r.source;
    let target = refMap.get(r.target) ?? r.target;
    if (source === target) continue;
    if (SYMMETRIC_RELATIONSHIPS.has(r.type) && target < source) [source, target] = [target, source];
    const k = `${source}\u0000${target}\u0000${r.type}`;
    const prev = out.get(k);
    if (prev) {
      prev.confidence = combineConfidence(prev.confidence, r.confidence);
      prev.evidence += r.evidence;
    } else out.set(k, { ...r, source, target });
  }
  return [...out.values()];
}
