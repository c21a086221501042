import { PublisherNames, stripTitleCredit } from "../../text/publisher-credit";
import { titleWords } from "../../text/tokenize";

/**
 * Development detection: when fresh reporting materially changes a story. The rules (docs/stories.md):
 *
 * | trigger | significance |
 * |---|---|
 * | independent sources reach 3 | minor |
 * | independent sources reach 5 or 10 | moderate |
 * | independent sources reach 20 | major |
 * | the headline shifts (fewer than half of its words shared with the previous one) | moderate |
 * | a new figure in a headline (a number no earlier report had) | minor; moderate for tolls, votes, money, rates |
 * | a new key entity (mentioned by at least two reports, not known to the story before) | minor |
 * | coverage surges to `breaking` priority | major |
 *
 * Triggers found in one batch of arrivals make one development, with the highest significance among them.
 */

export type Significance = "minor" | "moderate" | "major";
const ORDER: Record<Significance, number> = { minor: 1, moderate: 2, major: 3 };

export const SOURCE_MILESTONES: Array<[number, Significance]> = [
  [3, "minor"],
  [5, "moderate"],
  [10, "moderate"],
  [20, "major"],
];

/** What detection remembers of a story between batches (stored as JSON with the story). */
export interface DevState {
  /** Last development's sequence number (the story's `enrichment_seq` counter). */
  seq: number;
  /** Highest source milestone reached. */
  milestone: number;
  /** Figures seen in the story's headlines so far. */
  figures: string[];
  /** Entities already part of the story. */
  entities: number[];
  /** The headline the last development (or the first look) saw. */
  headline: string;
}

export interface DevMember {
  articleId: number;
  urlHash: string;
  title: string;
  time: number;
  sourceId: number;
  /** The source's name, to read its credit off the title. */
  sourceName?: string;
  duplicateOf: number | null;
}

export interface DevEntity {
  id: number;
  name: string;
  mentions: number;
}

export interface DevInput {
  headline: string;
  members: DevMember[];
  /** Members that arrived in this batch. */
  fresh: Set<number>;
  entities: DevEntity[];
  /** The story's priority rose to `breaking` in this batch. */
  becameBreaking: boolean;
}

export interface DevelopmentDraft {
  createdAtMs: number;
  title: string;
  description: string;
  significance: Significance;
  previousHeadline: string | null;
  newHeadline: string | null;
  triggerArticleHashes: string[];
  enrichmentSeq: number;
}

interface Trigger {
  significance: Significance;
  title: string;
  description: string;
}

const FIGURE =
  /(?:[$€£]\s?)?\b\d+(?:[.,]\d+)*(?:\s?(?:%|(?:percent|per cent|bn|billion|m|million|k|thousand|trillion)\b))?/gi;
const YEAR = /^(19|20)\d\d$/;
const WEIGHTY =
  /\b(dead|death|deaths|died|killed|kills|toll|injured|wounded|missing|casualties|votes?|percent|per cent|rate|rates|billion|million|trillion|points|fined|jobs)\b|%|[$€£]/i;

/** Figures in a headline, normalised ("1,200" → "1200"); bare years and single digits are not figures. */
export function figuresIn(title: string): string[] {
  const out: string[] = [];
  for (const m of title.matchAll(FIGURE)) {
    const raw = m[0].trim();
    const digits = raw.replace(/[^\d.]/g, "").replace(/\.(?=.*\.)/g, "");
    if (!digits || YEAR.test(digits) || (digits.length === 1 && raw.length === 1)) continue;
    out.push(raw.toLowerCase().replace(/,/g, "").replace(/\s+/g, " "));
  }
  return out;
}

function wordsOf(headline: string): Set<string> {
  return new Set(titleWords(headline).map((w) => w.term));
}

/** Share of the smaller headline's words found in the other. */
export function headlineOverlap(a: string, b: string): number {
  const x = wordsOf(a);
  const y = wordsOf(b);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / Math.min(x.size, y.size);
}

function independentSources(members: DevMember[]): number {
  return new Set(members.filter((m) => m.duplicateOf === null).map((m) => m.sourceId)).size;
}

export function initialDevState(input: DevInput): DevState {
  const earlier = input.members.filter((m) => !input.fresh.has(m.articleId));
  const sources = independentSources(earlier.length ? earlier : input.members);
  return {
    seq: 0,
    milestone: Math.max(0, ...SOURCE_MILESTONES.filter(([n]) => sources >= n).map(([n]) => n)),
    figures: [...new Set(input.members.flatMap((m) => figuresIn(m.title)))],
    entities: input.entities.map((e) => e.id),
    headline: input.headline,
  };
}

/** A headline quoted in a sentence: without its publisher's credit, inner double quotes made single. */
function quoted(headline: string, names: PublisherNames): string {
  return `“${stripTitleCredit(headline, names)
    .replace(/["“”]/g, "'")
    .replace(/[.:;,]+$/, "")}”`;
}

/** "30" → "30"; "30 and $8.8bn"; "30, 12 and $8.8bn". */
function listed(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Compares fresh reporting with the state; returns the development (if any) and the next state. */
export function detectDevelopment(
  state: DevState,
  input: DevInput,
): { development: DevelopmentDraft | null; state: DevState } {
  const fresh = input.members.filter((m) => input.fresh.has(m.articleId));
  const names = new PublisherNames(input.members.flatMap((m) => (m.sourceName ? [m.sourceName] : [])));
  const next: DevState = { ...state, figures: [...state.figures], entities: [...state.entities] };
  if (fresh.length === 0) return { development: null, state: next };
  const triggers: Trigger[] = [];

  const sources = independentSources(input.members);
  const reached = SOURCE_MILESTONES.filter(([n]) => sources >= n && n > state.milestone);
  if (reached.length) {
    const [n, significance] = reached[reached.length - 1] as [number, Significance];
    next.milestone = n;
    triggers.push({
      significance,
      title: `Reported by ${sources} independent sources`,
      description: `Coverage widened to ${sources} independent sources.`,
    });
  }

  let headlineShift = false;
  if (input.headline !== state.headline && headlineOverlap(input.headline, state.headline) < 0.5) {
    headlineShift = true;
    triggers.push({
      significance: "moderate",
      title: "Headline changed",
      description: `The story is now led by the headline ${quoted(input.headline, names)}.`,
    });
  }

  const known = new Set(state.figures);
  for (const m of fresh) {
    const added: string[] = [];
    for (const f of figuresIn(m.title)) {
      if (known.has(f)) continue;
      known.add(f);
      added.push(f);
    }
    if (added.length === 0) continue;
    const from = m.sourceName
      ? `${m.sourceName.replace(/\s*\([^)]*\)\s*$/, "")} reports`
      : "A new report reads";
    triggers.push({
      significance: WEIGHTY.test(m.title) ? "moderate" : "minor",
      title: `New figure${added.length === 1 ? "" : "s"}: ${added.join(", ")}`,
      description: `${from} ${quoted(m.title, names)}, with the new figure${added.length === 1 ? "" : "s"} ${listed(added)}.`,
    });
  }
  next.figures = [...known].slice(-200);

  const knownEntities = new Set(state.entities);
  const key = [...input.entities].sort((a, b) => b.mentions - a.mentions).slice(0, 5);
  for (const e of key) {
    if (knownEntities.has(e.id) || e.mentions < 2) continue;
    knownEntities.add(e.id);
    triggers.push({
      significance: "minor",
      title: `${e.name} enters the story`,
      description: `${e.name} is now named in ${e.mentions} reports.`,
    });
  }
  for (const e of input.entities) knownEntities.add(e.id);
  next.entities = [...knownEntities].slice(-500);

  if (input.becameBreaking)
    triggers.push({
      significance: "major",
      title: "Coverage surging",
      description: "Reporting accelerated sharply: the story is now breaking.",
    });

  if (triggers.length === 0) return { development: null, state: next };
  const top = triggers.reduce((a, b) => (ORDER[b.significance] > ORDER[a.significance] ? b : a));
  next.seq = state.seq + 1;
  if (headlineShift) next.headline = input.headline;
  const development: DevelopmentDraft = {
    createdAtMs: Math.max(...fresh.map((m) => m.time)),
    title: top.title,
    description: triggers.map((t) => t.description).join(" "),
    significance: top.significance,
    previousHeadline: headlineShift ? stripTitleCredit(state.headline, names) : null,
    newHeadline: headlineShift ? stripTitleCredit(input.headline, names) : null,
    triggerArticleHashes: fresh
      .filter((m) => m.duplicateOf === null)
      .slice(0, 20)
      .map((m) => m.urlHash),
    enrichmentSeq: next.seq,
  };
  return { development, state: next };
}
