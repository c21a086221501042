import type { SentenceAnalysis } from "./detect";
import type { EntityExtraction } from "./extract-entities";
import type { Mention } from "./mention";
import { RELATION_RULES } from "./relation-rules";
import { roleRelation } from "./role-relations";
import type { Token } from "./tokens";
import {
  SYMMETRIC_RELATIONSHIPS,
  type ArticleEntity,
  type ArticleRelationship,
  type RelationshipType,
} from "./types";

/** Widest gap, in tokens, between two mentions a pattern may span. */
const MAX_GAP = 14;
/** Widest gap between two mentions still counted as co-occurring (long run-on "sentences" of lists). */
const MAX_CO_OCCURRENCE_GAP = 40;
const CO_OCCURRENCE_BASE = 0.1;
const CO_OCCURRENCE_STEP = 0.05;
const CO_OCCURRENCE_MAX = 0.3;

export interface Found {
  source: string;
  target: string;
  type: RelationshipType;
  confidence: number;
  pattern: string;
}

/** Noisy-or of two independent pieces of evidence: 0.8 and 0.6 give 0.92. */
export function combineConfidence(a: number, b: number): number {
  return 1 - (1 - a) * (1 - b);
}

function punct(post: string): string[] {
  return [...post.replace(/\s+/g, "")].filter((c) => /[,.;:()"“”!?-]/.test(c));
}

/** Lower-case words and punctuation of tokens [from, to), other mentions shown as "<e>", "co-founded" kept whole. */
export function render(
  tokens: readonly Token[],
  owner: readonly (Mention | undefined)[],
  from: number,
  to: number,
): string {
  const out: string[] = [];
  let glue = false;
  for (let k = from; k < to; k++) {
    const inside = owner[k];
    const t = tokens[k] as Token;
    if (inside) {
      out.push("<e>");
      k = inside.end - 1;
      const last = tokens[k] as Token;
      if (last.possessive) out.push("'s");
      out.push(...punct(last.post));
      glue = false;
      continue;
    }
    if (glue && out.length > 0) out[out.length - 1] += t.lower;
    else out.push(t.lower);
    glue = t.hyphenNext && k + 1 < to && !owner[k + 1];
    if (glue) out[out.length - 1] += "-";
    else {
      if (t.possessive) out.push("'s");
      out.push(...punct(t.post));
    }
  }
  return out.join(" ");
}

function head(tokens: readonly Token[], m: Mention): string {
  const last = tokens[m.end - 1] as Token;
  return [...(last.possessive ? ["'s"] : []), ...punct(last.post)].join(" ");
}

function join(...parts: string[]): string {
  return parts.filter(Boolean).join(" ");
}

/** For each token of a sentence, the mention it belongs to. */
function owners(s: SentenceAnalysis): (Mention | undefined)[] {
  const out = new Array<Mention | undefined>(s.sentence.tokens.length);
  for (const m of s.mentions) for (let k = m.start; k < m.end; k++) out[k] = m;
  return out;
}

function typed(
  a: Mention,
  b: Mention,
  s: SentenceAnalysis,
  owner: readonly (Mention | undefined)[],
  types: Map<string, ArticleEntity>,
): Found[] {
  const ea = a.ref ? types.get(a.ref) : undefined;
  const eb = b.ref ? types.get(b.ref) : undefined;
  if (!ea || !eb || ea.ref === eb.ref) return [];
  const tokens = s.sentence.tokens;
  const gap = join(head(tokens, a), render(tokens, owner, a.end, b.start))
    .replace(/^, \d{1,3} ,/, ",")
    // "Elon Musk, who founded SpaceX in 2002, also runs Tesla": a relative clause in between says nothing of b.
    .replace(/^, (?:who|which) [^,]*, /, "");
  let after: string | undefined;
  let before: string | undefined;
  const afterText = () =>
    (after ??= join(head(tokens, b), render(tokens, owner, b.end, Math.min(tokens.length, b.end + 8))));
  const beforeText = () => (before ??= render(tokens, owner, Math.max(0, a.start - 4), a.start));
  const out: Found[] = [];
  const role = roleRelation(tokens, a, b, ea, eb);
  if (role) out.push(role);
  for (const rule of RELATION_RULES) {
    if (rule.first && !rule.first.includes(ea.type)) continue;
    if (rule.second && !rule.second.includes(eb.type)) continue;
    if (!rule.gap.test(gap)) continue;
    if (rule.after && !rule.after.test(afterText())) continue;
    if (rule.before && !rule.before.test(beforeText())) continue;
    const [source, target] = rule.dir === "forward" ? [ea.ref, eb.ref] : [eb.ref, ea.ref];
    out.push({ source, target, type: rule.type, confidence: rule.confidence, pattern: rule.name });
  }
  if (ea.type === "location" && eb.type === "location") {
    const comma = commaPlace(tokens, a, b, ea, eb, afterText());
    if (comma) out.push(comma);
  }
  return out;
}

/** "Austin, Texas": a place, a comma, then the larger region or country it lies in (not a list of places). */
function commaPlace(
  tokens: readonly Token[],
  a: Mention,
  b: Mention,
  ea: ArticleEntity,
  eb: ArticleEntity,
  after: string,
): Found | null {
  if (b.start !== a.end || b.possessive || (tokens[a.end - 1] as Token).post.trim() !== ",") return null;
  if (ea.subcategory === "country" || (eb.subcategory !== "country" && eb.subcategory !== "region"))
    return null;
  if (/^(?:, )?(?:and|or)\b/.test(after) || /^, <e>/.test(after)) return null;
  return {
    source: ea.ref,
    target: eb.ref,
    type: "located_in",
    confidence: 0.7,
    pattern: "place-comma-region",
  };
}

function canonical(f: Found): Found {
  if (!SYMMETRIC_RELATIONSHIPS.has(f.type) || f.source <= f.target) return f;
  return { ...f, source: f.target, target: f.source };
}

/**
 * Relations between the entities of one article, from patterns over each sentence; pairs of one sentence with no
 * typed pattern get `associated_with` at low confidence. One result per (source, target, type).
 */
export function extractRelationships(extraction: EntityExtraction): ArticleRelationship[] {
  const byRef = new Map(extraction.entities.map((e) => [e.ref, e]));
  const merged = new Map<string, ArticleRelationship>();
  const pairs = new Map<string, { source: string; target: string; n: number }>();
  const typedPairs = new Set<string>();
  for (const s of extraction.sentences) {
    const ms = s.mentions.filter((m) => m.ref).sort((x, y) => x.start - y.start);
    if (ms.length < 2) continue;
    const owner = owners(s);
    for (let i = 0; i < ms.length; i++) {
      for (let j = i + 1; j < ms.length; j++) {
        const a = ms[i] as Mention;
        const b = ms[j] as Mention;
        if (!a.ref || !b.ref || a.ref === b.ref) continue;
        const pairKey = [a.ref, b.ref].sort().join("\u0000");
        const found = b.start - a.end <= MAX_GAP ? typed(a, b, s, owner, byRef).map(canonical) : [];
        for (const f of found) {
          typedPairs.add(pairKey);
          const key = `${f.source}\u0000${f.target}\u0000${f.type}`;
          const prev = merged.get(key);
          if (!prev) merged.set(key, { ...f, evidence: 1 });
          else {
            prev.confidence = combineConfidence(prev.confidence, f.confidence);
            prev.evidence++;
            if (f.confidence > prev.confidence) prev.pattern = f.pattern;
          }
        }
        if (b.start - a.end > MAX_CO_OCCURRENCE_GAP && found.length === 0) continue;
        const p = pairs.get(pairKey);
        if (p) p.n++;
        else {
          const [source, target] = [a.ref, b.ref].sort() as [string, string];
          pairs.set(pairKey, { source, target, n: 1 });
        }
      }
    }
  }
  for (const [key, p] of pairs) {
    if (typedPairs.has(key)) continue;
    const confidence = Math.min(CO_OCCURRENCE_MAX, CO_OCCURRENCE_BASE + CO_OCCURRENCE_STEP * (p.n - 1));
    merged.set(`${key}\u0000associated_with`, {
      source: p.source,
      target: p.target,
      type: "associated_with",
      confidence,
      evidence: p.n,
      pattern: "co-occurrence",
    });
  }
  return [...merged.values()];
}
