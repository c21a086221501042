import { eng } from "stopword";

import type { StoryRecord } from "../db/store";
import { PublisherNames, stripLedeCredit, stripTitleCredit } from "../text/publisher-credit";
import { splitSentences } from "../text/sentences";

/**
 * Story summaries (contract §6.2 `summary`, §6.3 `rich_summary`), extractive: sentences taken from the ledes of the
 * story's most authoritative sources, never written anew. They are rebuilt whenever the story's members change
 * (lib/db/sqlite/story-read-model.ts), so they follow the story as it develops.
 *
 * - Members are read most authoritative source first (the source rankings' overall score; an unranked source counts
 *   as average), newest first within the same authority, one article per source before any second one.
 * - A lede gives its first two sentences, with its credit ("WASHINGTON (Reuters) -") removed. Cut-off sentences,
 *   boilerplate and sentences that only repeat their own headline are skipped.
 * - A sentence is kept only if it is not a near repeat of one already kept (most of its distinctive words shared).
 * - The summary has 2–3 sentences (1 when the story has only one usable lede); without any lede it falls back to a
 *   sentence about the story's coverage.
 */

/** A member article as the summaries read it. */
export interface SummaryMember {
  title: string;
  excerpt: string | null;
  sourceName: string;
  /** The source's overall ranking score in [0, 1]; null when the source is not ranked yet. */
  authority: number | null;
  time: number;
}

/** What the summaries know of the story itself. */
export interface SummaryStory {
  headline: string;
  articleCount: number;
  /** Distinct sources of all members. */
  sourceCount: number;
  /** Source names, biggest contributors first. */
  sources: string[];
  firstSeen: number;
  lastUpdated: number;
  entities: Array<{ name: string; type: string }>;
}

export interface StorySummaries {
  summary: string;
  richSummary: string;
}

/** The authority an unranked source is read with: the middle of the scale, neither trusted nor doubted. */
const UNRANKED_AUTHORITY = 0.5;
const MAX_SENTENCES = 3;
/** A summary stops growing past this length once it has two sentences. */
const SOFT_LENGTH = 420;
const SENTENCES_PER_LEDE = 2;
/**
 * Members whose ledes are read, in reading order: one per source comes first, so this is the 24 most authoritative
 * sources' ledes, and it bounds the work on a story of thousands of articles.
 */
const LEDE_READS = 24;
/** Members whose headline and lede are searched for figures: the most authoritative ones. */
const FIGURE_READS = 12;
/** Share of the smaller sentence's distinctive words found in the other from which two sentences say the same. */
const NEAR_REPEAT = 0.6;

const BOILERPLATE =
  /\b(click here|read more|subscribe|sign up|newsletter|all rights reserved|cookies?|javascript|share this|follow us|continue reading|for more information)\b|©|https?:\/\//i;

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

const STOP = new Set([...eng, "said", "says", "say", "also", "now", "new", "would", "could", "will"]);

/**
 * A sentence's distinctive words, lower case, stop words dropped and a plural or past-tense ending cut ("deaths" →
 * "death", "killed" → "kill"): cheap enough to compare every lede of a large story on each change.
 */
function termsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^\p{L}\p{N}.]+/u)) {
    const word = w.replace(/^\.+|\.+$/g, "");
    if (!word || STOP.has(word) || (word.length === 1 && !/\d/.test(word))) continue;
    out.add(/^\p{L}+$/u.test(word) && word.length > 4 ? word.replace(/(ies|es|s|ed|ing)$/, "") : word);
  }
  return out;
}

/** Share of the smaller term set found in the other (0 when either is empty). */
function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return shared / small.size;
}

/** Share of shared words from which two sentences that give the same figure state the same fact. */
const SAME_FIGURE_REPEAT = 0.4;

/**
 * Whether two word sets say the same thing: most of the smaller one's words are in the other, or they give the same
 * figure ("cut rates to 3.75%" / "cut borrowing costs to 3.75%") and share a good part of their words.
 */
function sameFact(a: Set<string>, b: Set<string>): boolean {
  const shared = overlap(a, b);
  if (shared >= NEAR_REPEAT) return true;
  if (shared < SAME_FIGURE_REPEAT) return false;
  for (const t of a) if (/\d/.test(t) && t.replace(/\D/g, "").length >= 2 && b.has(t)) return true;
  return false;
}

/** Whether two texts say the same thing (see `sameFact`). */
export function nearRepeat(a: string, b: string): boolean {
  return sameFact(termsOf(a), termsOf(b));
}

/** Members in reading order: one per source by authority (newest first within a tie), then the rest. */
function readingOrder(members: SummaryMember[]): SummaryMember[] {
  const auth = (m: SummaryMember) => m.authority ?? UNRANKED_AUTHORITY;
  const sorted = [...members].sort((a, b) => auth(b) - auth(a) || b.time - a.time);
  const seen = new Set<string>();
  const first: SummaryMember[] = [];
  const rest: SummaryMember[] = [];
  for (const m of sorted) {
    if (seen.has(m.sourceName)) rest.push(m);
    else {
      seen.add(m.sourceName);
      first.push(m);
    }
  }
  return [...first, ...rest];
}

interface Candidate {
  text: string;
  terms: Set<string>;
  source: string;
}

function usable(sentence: string): boolean {
  if (sentence.length < 30 || sentence.length > 360) return false;
  if (/(\.\.\.|…|\[…\]|\[\.\.\.\])$/.test(sentence)) return false;
  if (BOILERPLATE.test(sentence)) return false;
  return /^["'“‘(]?[\p{Lu}\p{N}]/u.test(sentence);
}

/** A sentence as it ends a summary: with a closing stop. */
const closed = (s: string) => (/[.!?]["'”’)]*$/.test(s) ? s : `${s}.`);

/** Candidate sentences in reading order, produced as the summary asks for them (it usually stops early). */
function* candidates(members: SummaryMember[], names: PublisherNames): Generator<Candidate> {
  for (const m of readingOrder(members).slice(0, LEDE_READS)) {
    if (!m.excerpt) continue;
    let title: Set<string> | null = null;
    const lede = stripLedeCredit(m.excerpt, names);
    for (const raw of splitSentences(lede).slice(0, SENTENCES_PER_LEDE)) {
      const sentence = stripTitleCredit(raw, names);
      if (!usable(sentence)) continue;
      const terms = termsOf(sentence);
      if (terms.size < 4) continue;
      title ??= termsOf(stripTitleCredit(m.title, names));
      // A lede that only restates its own headline adds nothing below the headline.
      if (overlap(terms, title) >= 0.9 && terms.size <= title.size + 1) continue;
      yield { text: closed(sentence), terms, source: m.sourceName };
    }
  }
}

/** The summary's sentences, most authoritative first, without near repeats of each other or of the headline. */
function pickSentences(headline: string, members: SummaryMember[], names: PublisherNames): Candidate[] {
  const head = termsOf(headline);
  const chosen: Candidate[] = [];
  let length = 0;
  for (const c of candidates(members, names)) {
    if (chosen.length >= MAX_SENTENCES || (chosen.length >= 2 && length >= SOFT_LENGTH)) break;
    if (c.terms.size === 0 || overlap(c.terms, head) >= 0.9) continue;
    if (chosen.some((k) => sameFact(k.terms, c.terms))) continue;
    chosen.push(c);
    length += c.text.length + 1;
  }
  return chosen;
}

function sourcePhrase(sources: string[], total: number): string {
  const shown = sources.slice(0, 3);
  if (shown.length === 0) return "no named source";
  const others = Math.max(0, total - shown.length);
  if (others === 0) return shown.join(", ").replace(/, ([^,]*)$/, " and $1");
  return `${shown.join(", ")} and ${others.toLocaleString("en")} other source${others === 1 ? "" : "s"}`;
}

/** The coverage sentence: how many articles from how many sources, since when. */
export function coverageSentence(s: {
  articleCount: number;
  sourceCount: number;
  sources: string[];
  firstSeen: number;
}): string {
  const n = s.articleCount;
  return `Reported in ${n.toLocaleString("en")} article${n === 1 ? "" : "s"} by ${sourcePhrase(s.sources, s.sourceCount)} since ${when(s.firstSeen)}.`;
}

// A figure and the word that says what it counts: "at least 30 people", "$8.8bn", "5.6 per cent", "magnitude 7.1".
const FIGURE =
  /(?:\b(?:at least|more than|nearly|almost|about|around|over|some|up to|magnitude)\s+)?(?:[$€£]\s?)?\b\d[\d,]*(?:\.\d+)?(?:\s?(?:%|per ?cent\b|bn\b|billion\b|m\b|million\b|trillion\b|thousand\b|k\b))?(?:\s+[a-z][a-z-]{2,})?/gi;
// Words after a figure that begin what is said of it, not what it counts.
const NOT_COUNTED =
  /^(and|or|in|on|at|the|to|of|for|by|from|with|as|after|before|since|per|is|are|was|were|has|have|had|will|would|said|says|hit|hits|rose|fell|rise|fall|than|this|that|who|which|when|\w+ed|\w+ing)$/i;
const YEARLIKE = /^(?:19|20)\d\d$/;
const TIMELIKE = /^\d{1,2}(?:[.:]\d\d)?\s?(?:am|pm|a\.m|p\.m|gmt|utc)\b/i;
const MONEY_OR_RATE = /[$€£%]|per ?cent|million|billion|trillion|bn\b/i;

/** Figures of a sentence with what they count; years, times and lone digits are not figures. */
export function figurePhrases(sentence: string): string[] {
  const out: string[] = [];
  for (const m of sentence.matchAll(FIGURE)) {
    let phrase = m[0].trim().replace(/[,.]$/, "");
    const last = /\s([a-z][a-z-]+)$/i.exec(phrase)?.[1];
    if (last && NOT_COUNTED.test(last) && /\d/.test(phrase.slice(0, -last.length)))
      phrase = phrase.slice(0, -last.length).trim();
    const number = /\d[\d,]*(?:\.\d+)?/.exec(phrase)?.[0] ?? "";
    const bare = number.replace(/,/g, "");
    if (YEARLIKE.test(bare) && !MONEY_OR_RATE.test(phrase)) continue;
    if (TIMELIKE.test(phrase.replace(/^\D+/, ""))) continue;
    if (bare.length === 1 && !MONEY_OR_RATE.test(phrase) && !/magnitude/i.test(phrase)) continue;
    out.push(phrase);
  }
  return out;
}

function mdEscape(text: string): string {
  return text.replace(/([\\`*_[\]#<>|])/g, "\\$1");
}

/** "Rescuers reached the village." → "Rescuers reached the village, according to Global Dispatch." */
function attributed(sentence: string, source: string): string {
  const m = /^(.*[^.!?])\.(["'”’)]*)$/.exec(sentence);
  if (m && !/[!?]["'”’)]*$/.test(sentence)) return `${m[1]}${m[2] ?? ""}, according to ${source}.`;
  return `${sentence} (${source})`;
}

/** The summary and the rich summary of a story, from its members' ledes. */
export function buildStorySummaries(story: SummaryStory, members: SummaryMember[]): StorySummaries {
  const names = new PublisherNames([...story.sources, ...members.map((m) => m.sourceName)]);
  const headline = stripTitleCredit(story.headline, names);
  const chosen = pickSentences(headline, members, names);
  const coverage = coverageSentence(story);
  const summary = chosen.length ? chosen.map((c) => c.text).join(" ") : `${closed(headline)} ${coverage}`;

  // Figures, each credited to the most authoritative source whose lede or headline gave it first.
  const figures: Array<{ phrase: string; source: string }> = [];
  const seenNumbers = new Set<string>();
  for (const m of readingOrder(members).slice(0, FIGURE_READS)) {
    if (figures.length >= 4) break;
    const texts = [
      stripTitleCredit(m.title, names),
      ...(m.excerpt ? [stripLedeCredit(m.excerpt, names)] : []),
    ];
    for (const t of texts)
      for (const phrase of figurePhrases(t)) {
        const key = (/\d[\d,]*(?:\.\d+)?/.exec(phrase)?.[0] ?? phrase).replace(/,/g, "");
        if (seenNumbers.has(key) || figures.length >= 4) continue;
        seenNumbers.add(key);
        figures.push({ phrase, source: m.sourceName });
      }
  }
  const named = (type: string) =>
    story.entities
      .filter((e) => e.type === type && !names.has(e.name))
      .slice(0, 5)
      .map((e) => mdEscape(e.name));
  const who = [...named("person"), ...named("org")].slice(0, 6);
  const where = named("location");

  const facts = [
    `- **What:** ${mdEscape(headline)}`,
    ...(who.length ? [`- **Who:** ${who.join(", ")}`] : []),
    ...(where.length ? [`- **Where:** ${where.join(", ")}`] : []),
    ...(figures.length
      ? [
          `- **Figures:** ${figures.map((f) => `${mdEscape(f.phrase)}, according to ${mdEscape(f.source)}`).join("; ")}`,
        ]
      : []),
    `- **Coverage:** ${story.articleCount.toLocaleString("en")} article${story.articleCount === 1 ? "" : "s"} from ${story.sourceCount.toLocaleString("en")} source${story.sourceCount === 1 ? "" : "s"}, first seen ${when(story.firstSeen)}, last updated ${when(story.lastUpdated)}`,
  ];
  const lead = chosen.length
    ? chosen.map((c) => mdEscape(attributed(c.text, c.source))).join(" ")
    : mdEscape(`${closed(headline)} ${coverage}`);
  const richSummary = [lead, "", "### Key facts", "", ...facts].join("\n");
  return { summary, richSummary };
}

/**
 * The plain summary a story shows (contract §6.2): the stored one, rebuilt from the members' ledes whenever they
 * change; a story stored before summaries were kept shows its coverage sentence.
 */
export function plainSummary(s: StoryRecord): string {
  if (s.summary) return s.summary;
  const headline = stripTitleCredit(s.headline, s.sources);
  return `${closed(headline)} ${coverageSentence(s)}`;
}

/** The rich summary (contract §6.3): the stored one, else the plain summary with the coverage as a key fact. */
export function richSummary(s: StoryRecord): string {
  if (s.richSummary) return s.richSummary;
  return [
    mdEscape(plainSummary(s)),
    "",
    "### Key facts",
    "",
    `- **Coverage:** ${s.articleCount.toLocaleString("en")} article${s.articleCount === 1 ? "" : "s"} from ${s.sourceCount.toLocaleString("en")} source${s.sourceCount === 1 ? "" : "s"}, first seen ${when(s.firstSeen)}, last updated ${when(s.lastUpdated)}`,
  ].join("\n");
}
