import { isCommonWord, isKnownOrganisation } from "./common-words";
import {
  DISASTERS,
  LOCATION_SUFFIXES,
  ORG_NOUNS,
  ORG_SUFFIXES,
  PLACE_HEADS,
  PLACE_PREPOSITIONS,
  type Role,
} from "./lexicon";
import type { Mention, RoleSpan } from "./mention";
import { roleAt } from "./roles";
import type { Sentence, Token } from "./tokens";
import type { EntityType } from "./types";

/** What a gazetteer alias heading a longer name says about it: "Siemens Energy" (org), "Jordan Peterson". */
export type SpanCue = "org-head" | "person-head";

export interface SpanInput {
  tokens: readonly Token[];
  start: number;
  end: number;
  sentence: Sentence;
  roleBefore: RoleSpan | null;
  headCue: SpanCue | null;
  /** Mentions already found in the sentence (gazetteer ones, earlier spans). */
  mentions: readonly Mention[];
}

export interface SpanClass {
  /** Null: no evidence yet; the mention counts only if it links to an entity named elsewhere in the article. */
  type: EntityType | null;
  score: number;
  role: Role | null;
}

// Words before a name that make it a company: "agreed to buy X", "shares of X".
const ORG_CONTEXT = new Set([
  "buy",
  "acquire",
  "acquired",
  "bought",
  "purchased",
  "acquiring",
  "buying",
  "sued",
]);
const ORG_CONTEXT_PAIRS = new Set([
  "shares of",
  "shares in",
  "stake in",
  "invest in",
  "invested in",
  "merger with",
  "takeover of",
]);
// Organisation words that name an institution on their own ("the Senate").
const INSTITUTIONS = new Set([
  "senate",
  "parliament",
  "congress",
  "assembly",
  "cabinet",
  "court",
  "government",
]);
const FIRST_NAME_TAGS = ["FirstName", "MaleName", "FemaleName"];
const PLACE_TAGS = ["City", "Country", "Region"];
// Laws and treaties are named like organisations but are not entities.
const LAW_WORDS = new Set([
  "act",
  "law",
  "treaty",
  "accord",
  "convention",
  "protocol",
  "directive",
  "bill",
  "doctrine",
]);
const FAMILY = new Set("wife husband son daughter father mother brother sister widow partner".split(" "));
const FRIENDS = new Set("friend girlfriend boyfriend fiance fiancé fiancee fiancée".split(" "));
const ARTICLES = new Set(["a", "an", "the", "its", "his", "her", "their"]);

type Scores = Record<EntityType, number>;

function hasAny(tags: ReadonlySet<string>, names: readonly string[]): boolean {
  for (const n of names) if (tags.has(n)) return true;
  return false;
}

function isCamel(t: Token): boolean {
  return /^\p{Ll}+\p{Lu}/u.test(t.text) || /^\p{Lu}\p{Ll}+\p{Lu}\p{Ll}/u.test(t.text);
}

/** Words right before the span that belong to no other name, nearest last, up to a break. */
function wordsBefore(x: SpanInput, max: number): Token[] {
  const out: Token[] = [];
  for (let k = x.start - 1; k >= 0 && out.length < max; k--) {
    const t = x.tokens[k];
    if (!t || t.breakAfter || x.mentions.some((m) => m.start <= k && k < m.end)) break;
    out.unshift(t);
  }
  return out;
}

function nameCues(x: SpanInput, s: Scores): void {
  const first = x.tokens[x.start] as Token;
  const last = x.tokens[x.end - 1] as Token;
  const len = x.end - x.start;
  if (hasAny(first.tags, FIRST_NAME_TAGS)) s.person += len > 1 ? 2 : 1;
  if (len > 1 && last.tags.has("LastName")) s.person += 1;
  // "New Rochelle", "Fort Worth": the first word of many place names.
  if (len > 1 && PLACE_HEADS.has(first.lower)) s.location += 1;
  // "J.J. Abrams", "J.K. Rowling": initials before a name.
  if (len > 1 && /^(?:\p{Lu}\.){1,3}$/u.test(first.text)) s.person += 3;
  // compromise's lexicon knows the whole name as a person's ("Kanye West").
  if (len > 1 && first.tags.has("Person") && last.tags.has("Person") && !ORG_SUFFIXES.has(last.lower))
    s.person += 2;
  // "the Senate" names an institution in prose; in a title-case headline "Government" is just a word.
  if (len > 1 ? ORG_SUFFIXES.has(last.lower) : INSTITUTIONS.has(last.lower) && !x.sentence.titleCase) {
    s.org += len > 1 ? 4 : 2;
  }
  if (len > 1 && LOCATION_SUFFIXES.has(last.lower)) s.location += 4;
  for (let k = x.start; k < x.end; k++) {
    const t = x.tokens[k] as Token;
    if (t.text === "&") s.org += 4;
    if (isCamel(t)) s.org += 2;
    // "Administration for Market Regulation", "Gulf of Mexico": the head before "of"/"for" decides.
    const nextWord = x.tokens[k + 1]?.lower;
    if (k < x.end - 1 && (nextWord === "of" || nextWord === "for")) {
      if (ORG_SUFFIXES.has(t.lower)) s.org += 4;
      if (LOCATION_SUFFIXES.has(t.lower)) s.location += 4;
    }
  }
  // An acronym, not a shouted word ("WORSE").
  if (
    len === 1 &&
    first.upper &&
    !x.sentence.allCaps &&
    !(first.lower.length >= 4 && isCommonWord(first.lower))
  )
    s.org += 2;
  // compromise's lexicon knows many companies by name ("Honda", "Nissan"); "Doug Ford" is still a person. Its
  // tags are not read here: in a headline it spreads them over capitalised runs ("Sendai Earthquake").
  for (let k = hasAny(first.tags, FIRST_NAME_TAGS) ? x.end : x.start; k < x.end; k++) {
    if (isKnownOrganisation((x.tokens[k] as Token).lower)) {
      s.org += 2;
      break;
    }
  }
  let place = 0;
  for (let k = x.start; k < x.end; k++) {
    const tags = (x.tokens[k] as Token).tags;
    place = Math.max(place, hasAny(tags, PLACE_TAGS) ? 2 : tags.has("Place") ? 1 : 0);
  }
  s.location += place;
  if (x.headCue === "org-head") s.org += 2;
  // A dateline: capitals opening the body, then a comma, bracket or dash ("SANTA CLARA, Calif. —").
  if (x.sentence.opensBody && x.start === 0 && /^\s*[,(—–-]/.test(last.post)) {
    let caps = true;
    for (let k = x.start; k < x.end; k++) caps &&= (x.tokens[k] as Token).upper;
    if (caps) s.location += 5;
  }
  if (x.headCue === "person-head") s.person += 2;
}

function contextBefore(x: SpanInput, s: Scores): Role | null {
  if (x.roleBefore) {
    // In a title-case headline "Executive Order" is no title: a role counts fully only before a known name.
    const named = hasAny((x.tokens[x.start] as Token).tags, [...FIRST_NAME_TAGS, "LastName", "Person"]);
    s.person += x.sentence.titleCase && !named ? 1 : 4;
    return x.roleBefore.role;
  }
  const before = wordsBefore(x, 3);
  const prev = before[before.length - 1];
  const pair = before
    .slice(-2)
    .map((t) => t.lower)
    .join(" ");
  if (prev && (ORG_CONTEXT.has(prev.lower) || ORG_CONTEXT_PAIRS.has(pair))) s.org += 3;
  // "his wife Jane", "signs friend Ferras": a relative or friend named after the word for them.
  if (prev && !prev.cap && (FAMILY.has(prev.lower) || FRIENDS.has(prev.lower))) s.person += 3;
  // "the carmaker Brightwater"; in a title-case headline "Network Fault" is a phrase, not a cue.
  if (prev && ORG_NOUNS.has(prev.lower) && !(x.sentence.titleCase && prev.cap)) s.org += 4;
  // "published in Science": a preposition alone does not make an ordinary word a place.
  const ordinary = x.end - x.start === 1 && isCommonWord((x.tokens[x.start] as Token).lower);
  if (prev && PLACE_PREPOSITIONS.has(prev.lower) && !ordinary) {
    const prior = before[before.length - 2]?.lower;
    s.location += prior === "based" || prior === "headquartered" ? 4 : 1;
  }
  return null;
}

function contextAfter(x: SpanInput, s: Scores): Role | null {
  const last = x.tokens[x.end - 1] as Token;
  const next = x.tokens[x.end];
  if (!next) return null;
  if (last.hyphenNext && next.lower === "based") s.location += 4;
  // "Sendai earthquake", "Kumasi floods": where a disaster strikes.
  // ("Flash floods" at the start of a sentence is no place.)
  const opens = !x.sentence.titleCase && x.tokens.slice(0, x.start).every((t) => !/\p{L}/u.test(t.text));
  if (!last.breakAfter && !last.possessive && DISASTERS.has(next.lower) && !opens) s.location += 3;
  // "Asiana flight 214": an airline.
  if (!last.breakAfter && next.lower === "flight" && /^\d/.test(x.tokens[x.end + 1]?.text ?? "")) s.org += 3;
  // "Liverpool striker Mohamed Salah": a name right before a player's role is the club.
  if (!last.breakAfter && roleAt(x.tokens, x.end)?.role.subcategory === "athlete") s.org += 5;
  if (last.possessive) {
    if (FAMILY.has(next.lower)) s.person += 3;
    else if (roleAt(x.tokens, x.end)) s.org += 2;
    return null;
  }
  if (last.post.trim() !== ",") return null;
  if (/^\d{1,3}$/.test(next.text) && next.post.trim() === ",") {
    s.person += 4;
    return null;
  }
  if (next.lower === "who") {
    s.person += 2;
    return null; // "Huang, who co-founded the company": what follows describes a person, not a name kind
  }
  const place = x.mentions.find((m) => m.start === x.end && m.type !== null);
  // "Rustem Umerov, Ukraine's defence minister": a role after a possessive name makes a person.
  const ownRole = place?.possessive ? roleAt(x.tokens, place.end) : null;
  if (ownRole) {
    s.person += 4;
    return ownRole.role;
  }
  if (place?.type === "location") s.location += 3;
  // "Dnipro, in central Ukraine"
  const inPlace = x.mentions.find((m) => m.type === "location" && m.start > x.end && m.start <= x.end + 3);
  if (next.lower === "in" && inPlace && inPlace.start - x.end <= 2 + (x.tokens[x.end + 1]?.cap ? 0 : 1))
    s.location += 3;
  let k = x.end;
  if (ARTICLES.has(x.tokens[k]?.lower ?? "")) k++;
  for (const stop = Math.min(x.tokens.length, k + 5); k < stop; k++) {
    const role = roleAt(x.tokens, k);
    if (role) {
      s.person += 4;
      return role.role;
    }
    const t = x.tokens[k] as Token;
    if (ORG_NOUNS.has(t.lower)) {
      s.org += 4;
      return null;
    }
    if (t.breakAfter) break;
  }
  return null;
}

function listCues(x: SpanInput, s: Scores): void {
  for (const m of x.mentions) {
    if (!m.type) continue;
    const joined =
      m.end <= x.start ? listJoined(x.tokens, m.end, x.start) : listJoined(x.tokens, x.end, m.start);
    if (joined) s[m.type] += 2;
  }
}

/** Whether the tokens [from, to) between two names join them as items of a list (",", "and", ", and"). */
export function listJoined(tokens: readonly Token[], from: number, to: number): boolean {
  const last = tokens[from - 1];
  if (!last || last.possessive || to < from || to - from > 1) return false;
  if (to === from) return last.post.trim() === ",";
  const mid = tokens[from];
  return (
    !!mid && (mid.lower === "and" || mid.lower === "or") && (!last.breakAfter || last.post.trim() === ",")
  );
}

/** Whether every word of the span is an ordinary word or an acronym, none of them a known name. */
function ordinaryWords(x: SpanInput): boolean {
  for (let k = x.start; k < x.end; k++) {
    const t = x.tokens[k] as Token;
    const ordinary = t.upper || isCommonWord(t.lower);
    if (!ordinary || hasAny(t.tags, [...FIRST_NAME_TAGS, "LastName", "Person"])) return false;
  }
  return true;
}

/** Person, organisation or place for a capitalised span, from its words and the words around it. */
export function classifySpan(x: SpanInput): SpanClass | null {
  if (LAW_WORDS.has((x.tokens[x.end - 1] as Token).lower) && x.end - x.start > 1) return null;
  const s: Scores = { person: 0, org: 0, location: 0 };
  nameCues(x, s);
  const roleBefore = contextBefore(x, s);
  const roleAfter = contextAfter(x, s);
  listCues(x, s);
  const len = x.end - x.start;
  // Two or more capitalised words with no other evidence: likely a person, unless they are ordinary words
  // ("Gas Prices", "Star Wars", "Super AMOLED").
  if (len > 1 && s.org === 0 && s.location === 0 && !ordinaryWords(x)) s.person += 0.5;
  let type: EntityType | null = null;
  let score = 0;
  for (const t of ["person", "org", "location"] as const) {
    if (s[t] > score) {
      type = t;
      score = s[t];
    }
  }
  // In a headline whose words are all capitalised, a name needs evidence; without it, it may still name an
  // entity of the body ("Quintero Quits Brightwater").
  if (x.sentence.titleCase && score < 2) return { type: null, score: 0, role: null };
  const role = type === "person" ? (roleBefore ?? roleAfter) : null;
  return { type, score, role };
}
