import { extractEntities } from "./extract-entities";
import { extractRelationships } from "./extract-relationships";
import { normName } from "./normalize";
import type { OutletNames } from "./outlets";
import { SYMMETRIC_RELATIONSHIPS, type EntityType } from "./types";

// Scoring of the entity and relationship fixtures, shared by the quality test and bench/entity-quality.ts.

export interface NerSentence {
  text: string;
  entities: [string, string][];
}

export interface RelationSentence {
  text: string;
  relations: [string, string, string][];
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

export interface Prf extends Counts {
  precision: number;
  recall: number;
  f1: number;
}

export function prf(c: Counts): Prf {
  const precision = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const recall = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { ...c, precision, recall, f1 };
}

const LEADING_TITLE =
  /^(?:the|president|prime minister|king|queen|prince|princess|pope|mr|mrs|ms|dr|sen|rep|gov|sir|dame|lord|lady|sheikh) /;

/**
 * Names compare after normalisation: case, diacritics, punctuation, possessive, a leading "the" and a leading title
 * ("Prince William" = "William") removed.
 */
export function matchName(name: string): string {
  let n = normName(name);
  for (let prev = ""; prev !== n; ) {
    prev = n;
    n = n.replace(LEADING_TITLE, "");
  }
  return n;
}

/** A fixture sentence as an article: a line without final punctuation is a headline, anything else body text. */
function asArticle(text: string): { title: string; text: string } {
  return /[.!?"”]$/.test(text.trim()) ? { title: "", text } : { title: text, text: "" };
}

/** Mentions found in a sentence, as [normalised surface, type]. */
export function predictedMentions(text: string): [string, EntityType][] {
  const { entities, sentences } = extractEntities(asArticle(text));
  const types = new Map(entities.map((e) => [e.ref, e.type]));
  const out: [string, EntityType][] = [];
  for (const s of sentences) {
    for (const m of s.mentions) {
      const type = m.ref ? types.get(m.ref) : undefined;
      if (type) out.push([matchName(m.surface), type]);
    }
  }
  return out;
}

export interface NerReport {
  byType: Record<EntityType, Prf>;
  overall: Prf;
  errors: { text: string; missed: string[]; spurious: string[] }[];
}

/** Mention-level precision, recall and F1 per type: a prediction counts when its normalised name and type match. */
export function scoreNer(sentences: readonly NerSentence[]): NerReport {
  const counts: Record<EntityType, Counts> = {
    person: { tp: 0, fp: 0, fn: 0 },
    org: { tp: 0, fp: 0, fn: 0 },
    location: { tp: 0, fp: 0, fn: 0 },
  };
  const errors: NerReport["errors"] = [];
  for (const s of sentences) {
    const gold = s.entities.map(([name, type]) => `${type}|${matchName(name)}`);
    const pred = predictedMentions(s.text).map(([name, type]) => `${type}|${name}`);
    const left = [...gold];
    const spurious: string[] = [];
    for (const p of pred) {
      const type = p.split("|")[0] as EntityType;
      const i = left.indexOf(p);
      if (i >= 0) {
        left.splice(i, 1);
        counts[type].tp++;
      } else {
        counts[type].fp++;
        spurious.push(p);
      }
    }
    for (const g of left) counts[g.split("|")[0] as EntityType].fn++;
    if (left.length || spurious.length) errors.push({ text: s.text, missed: left, spurious });
  }
  const total = (["person", "org", "location"] as const).reduce(
    (acc, t) => ({ tp: acc.tp + counts[t].tp, fp: acc.fp + counts[t].fp, fn: acc.fn + counts[t].fn }),
    { tp: 0, fp: 0, fn: 0 },
  );
  return {
    byType: { person: prf(counts.person), org: prf(counts.org), location: prf(counts.location) },
    overall: prf(total),
    errors,
  };
}

export interface RelationReport {
  typed: Prf;
  /** Untyped co-occurrence pairs the extractor emitted (associated_with), not scored. */
  associated: number;
  errors: { text: string; missed: string[]; spurious: string[] }[];
}

function relationKey(source: string, type: string, target: string): string {
  const [a, b] =
    SYMMETRIC_RELATIONSHIPS.has(type as never) && target < source ? [target, source] : [source, target];
  return `${a} ${type} ${b}`;
}

/** Precision and recall of typed relations (not associated_with), matched by normalised entity name or alias. */
export function scoreRelations(sentences: readonly RelationSentence[]): RelationReport {
  const c: Counts = { tp: 0, fp: 0, fn: 0 };
  let associated = 0;
  const errors: RelationReport["errors"] = [];
  for (const s of sentences) {
    const extraction = extractEntities(asArticle(s.text));
    const names = new Map(extraction.entities.map((e) => [e.ref, e.aliases.map(matchName)]));
    const rels = extractRelationships(extraction);
    const gold = s.relations.map(([a, t, b]) => ({ a: matchName(a), t, b: matchName(b), key: "" }));
    for (const g of gold) g.key = relationKey(g.a, g.t, g.b);
    const left = [...gold];
    const spurious: string[] = [];
    for (const r of rels) {
      if (r.type === "associated_with") {
        associated++;
        continue;
      }
      const as = names.get(r.source) ?? [];
      const bs = names.get(r.target) ?? [];
      const i = left.findIndex((g) => as.some((a) => bs.some((b) => relationKey(a, r.type, b) === g.key)));
      if (i >= 0) {
        left.splice(i, 1);
        c.tp++;
      } else {
        c.fp++;
        spurious.push(`${as[0]} ${r.type} ${bs[0]}`);
      }
    }
    c.fn += left.length;
    if (left.length || spurious.length)
      errors.push({ text: s.text, missed: left.map((g) => g.key), spurious });
  }
  return { typed: prf(c), associated, errors };
}

/** A hand-marked article of `fixtures/article-entities.json`. */
export interface MarkedArticle {
  set: string;
  id: string;
  source: string;
  title: string;
  text?: string;
  /** [name, type]; a name "A|B" lists the forms one entity is written in. */
  entities: [string, string][];
}

export interface ArticleReport {
  /** Entity-level: a prediction counts when one of its names is one of the gold entity's and its type matches. */
  byType: Record<EntityType, Prf>;
  overall: Prf;
  /** Per gold type: of the gold entities found by name, the share given the right type. */
  typeAccuracy: Record<EntityType | "overall", { correct: number; found: number; accuracy: number }>;
  /** Predicted entities named as a registered outlet (must be none). */
  outletEntities: string[];
  errors: { title: string; missed: string[]; spurious: string[]; mistyped: string[] }[];
}

/**
 * Scores extraction on whole articles, as enrichment runs it: credits cut, outlets known, the article's own
 * source passed. Each article's distinct entities are compared with the hand-marked ones.
 */
export function scoreArticles(items: readonly MarkedArticle[], outlets: OutletNames | null): ArticleReport {
  const types = ["person", "org", "location"] as const;
  const counts = Object.fromEntries(types.map((t) => [t, { tp: 0, fp: 0, fn: 0 }])) as Record<
    EntityType,
    Counts
  >;
  const typing = Object.fromEntries(
    [...types, "overall"].map((t) => [t, { correct: 0, found: 0, accuracy: 1 }]),
  ) as ArticleReport["typeAccuracy"];
  const outletEntities: string[] = [];
  const errors: ArticleReport["errors"] = [];
  for (const it of items) {
    const pred = extractEntities(
      { title: it.title, text: it.text ?? "" },
      { outlets, source: it.source },
    ).entities;
    for (const p of pred) if (outlets?.has(p.name)) outletEntities.push(p.name);
    const left = pred.map((p) => ({
      type: p.type,
      name: p.name,
      names: new Set([p.name, ...p.aliases].map(matchName)),
    }));
    const missed: string[] = [];
    const mistyped: string[] = [];
    for (const [name, t] of it.entities) {
      const type = t as EntityType;
      const forms = name.split("|").map(matchName);
      const i = left.findIndex((p) => forms.some((f) => p.names.has(f)));
      if (i < 0) {
        counts[type].fn++;
        missed.push(`${type}|${name}`);
        continue;
      }
      const [p] = left.splice(i, 1);
      typing[type].found++;
      typing.overall.found++;
      if (p!.type === type) {
        counts[type].tp++;
        typing[type].correct++;
        typing.overall.correct++;
      } else {
        counts[type].fn++;
        counts[p!.type].fp++;
        mistyped.push(`${name}: ${type} as ${p!.type}`);
      }
    }
    for (const p of left) counts[p.type].fp++;
    if (missed.length || left.length || mistyped.length)
      errors.push({ title: it.title, missed, spurious: left.map((p) => `${p.type}|${p.name}`), mistyped });
  }
  for (const t of Object.values(typing)) t.accuracy = t.found === 0 ? 1 : t.correct / t.found;
  const total = types.reduce(
    (acc, t) => ({ tp: acc.tp + counts[t].tp, fp: acc.fp + counts[t].fp, fn: acc.fn + counts[t].fn }),
    { tp: 0, fp: 0, fn: 0 },
  );
  return {
    byType: { person: prf(counts.person), org: prf(counts.org), location: prf(counts.location) },
    overall: prf(total),
    typeAccuracy: typing,
    outletEntities,
    errors,
  };
}
