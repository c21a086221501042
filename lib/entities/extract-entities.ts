import { detectMentions, type SentenceAnalysis } from "./detect";
import { gazetteer, type GazetteerIndex } from "./gazetteer";
import { outletName, OutletNames, stripCredits } from "./outlets";
import { resolveMentions } from "./resolve-mentions";
import { parseArticle } from "./tokens";
import type { ArticleEntity, ArticleText } from "./types";

/** Entities of one article, with the parsed sentences that relationship extraction reads. */
export interface EntityExtraction {
  entities: ArticleEntity[];
  sentences: SentenceAnalysis[];
}

export interface ExtractOptions {
  /** Defaults to the shipped gazetteer. */
  gazetteer?: GazetteerIndex;
  /** Names of registered outlets: cut from credits, never entities. */
  outlets?: OutletNames | null;
  /** Name of the article's own source: never an entity of the article, registered or not. */
  source?: string | null;
}

/**
 * Persons, organisations and places named in an article's title and body, each with its mention count, aliases
 * and, for gazetteer entities, description and ids. Pure and synchronous.
 */
export function extractEntities(doc: ArticleText, options: ExtractOptions = {}): EntityExtraction {
  if (typeof doc.title !== "string") throw new TypeError("extractEntities: doc.title must be a string");
  const gaz = options.gazetteer ?? gazetteer();
  const own = options.source ? [outletName(options.source)] : [];
  const registry = options.outlets ?? null;
  const outlets = own.length && !registry?.has(own[0]!) ? new OutletNames(own, registry) : registry;
  const { title, body } = parseArticle(
    stripCredits(doc.title, outlets, own),
    stripCredits(doc.text ?? "", outlets, own),
  );
  const bodyLower = new Set<string>();
  for (const s of body) {
    for (const t of s.tokens) {
      const c = t.text.charAt(0);
      if (c !== c.toUpperCase()) bodyLower.add(t.lower);
    }
  }
  const ctx = { gaz, bodyLower, outlets };
  const sentences = [...title, ...body].map((s) => detectMentions(s, ctx));
  if (outlets) {
    // An outlet named alone ("Reuters", "Byteline") is where the news came from, not what it is about.
    for (const s of sentences) s.mentions = s.mentions.filter((m) => !outlets.has(m.surface));
  }
  const entities = resolveMentions(sentences);
  if (!outlets) return { entities, sentences };
  // An outlet named by another form ("WSJ" for The Wall Street Journal) is still an outlet.
  const dropped = new Set(entities.filter((e) => outlets.has(e.name)).map((e) => e.ref));
  if (dropped.size === 0) return { entities, sentences };
  for (const s of sentences) s.mentions = s.mentions.filter((m) => !m.ref || !dropped.has(m.ref));
  return { entities: entities.filter((e) => !dropped.has(e.ref)), sentences };
}
