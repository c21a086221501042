import { detectMentions, type SentenceAnalysis } from "./detect";
import { gazetteer, type GazetteerIndex } from "./gazetteer";
import { resolveMentions } from "./resolve-mentions";
import { parseSentences } from "./tokens";
import type { ArticleEntity, ArticleText } from "./types";

/** Entities of one article, with the parsed sentences that relationship extraction reads. */
export interface EntityExtraction {
  entities: ArticleEntity[];
  sentences: SentenceAnalysis[];
}

export interface ExtractOptions {
  /** Defaults to the shipped gazetteer. */
  gazetteer?: GazetteerIndex;
}

/**
 * Persons, organisations and places named in an article's title and body, each with its mention count, aliases
 * and, for gazetteer entities, description and ids. Pure and synchronous.
 */
export function extractEntities(doc: ArticleText, options: ExtractOptions = {}): EntityExtraction {
  if (typeof doc.title !== "string") throw new TypeError("extractEntities: doc.title must be a string");
  const gaz = options.gazetteer ?? gazetteer();
  const title = parseSentences(doc.title, true);
  const body = parseSentences(doc.text ?? "", false, title.length);
  const bodyLower = new Set<string>();
  for (const s of body) {
    for (const t of s.tokens) {
      const c = t.text.charAt(0);
      if (c !== c.toUpperCase()) bodyLower.add(t.lower);
    }
  }
  const ctx = { gaz, bodyLower };
  const sentences = [...title, ...body].map((s) => detectMentions(s, ctx));
  return { entities: resolveMentions(sentences), sentences };
}
