import { classifySpan, listJoined, type SpanCue } from "./classify";
import { isCommonWord } from "./common-words";
import type { GazetteerIndex } from "./gazetteer";
import { matchGazetteer } from "./gazetteer-match";
import {
  COMMON_ACRONYMS,
  DISASTERS,
  LOCATION_SUFFIXES,
  NAME_PARTICLES,
  OF_HEADS,
  ORG_NOUNS,
  ORG_SUFFIXES,
  PLACE_HEADS,
} from "./lexicon";
import type { Mention, RoleSpan } from "./mention";
import type { OutletNames } from "./outlets";
import { dottedContinues, isHonorific, roleAt } from "./roles";
import type { Sentence, Token } from "./tokens";

export interface DetectContext {
  gaz: GazetteerIndex;
  /** Words the article's body writes in lower case: in a title-case headline they are not names. */
  bodyLower: ReadonlySet<string>;
  /** Registered outlets: their multi-word names are never part of a name. */
  outlets?: OutletNames | null;
}

export interface SentenceAnalysis {
  sentence: Sentence;
  mentions: Mention[];
  roles: RoleSpan[];
}

const FUNCTION_WORDS = [
  "Determiner",
  "Preposition",
  "Conjunction",
  "Pronoun",
  "Adverb",
  "Modal",
  "Copula",
  "QuestionWord",
  "Negative",
  "Expression",
];
const CONTENT_WORDS = ["Verb", "Value", "Adjective", "Plural"];
const PROPER = [
  "Person",
  "FirstName",
  "MaleName",
  "FemaleName",
  "LastName",
  "Place",
  "City",
  "Country",
  "Region",
];
const NEVER_NAMES = ["Month", "WeekDay", "Date"];
// Common abbreviations that end a name ("Scale AI", "Sky TV"); "AT&T CEO" and "Brightwater IPO" are no names.
const NAME_ACRONYMS = new Set(["ai", "tv"]);
/** Nouns that describe a company before its name ("carmaker Vireo", "Retailer Lyra"), never part of a name. */
const DESCRIPTORS = new Set(
  "chipmaker automaker carmaker drugmaker retailer lender insurer miner conglomerate startup".split(" "),
);
// Last words of company and institution names that a headline also uses as ordinary words.
const COMPANY_WORDS = new Set(
  (
    "systems services group holdings corp inc ltd energy motors automotive airlines airways pharmaceuticals therapeutics " +
    "technologies labs laboratories industries partners capital bancorp financial securities insurance brands " +
    "foods studios pictures records entertainment software solutions networks communications university " +
    "institute foundation association authority commission agency"
  ).split(" "),
);
const CLUB_WORDS = new Set(
  "albion rovers wanderers dynamo mariners rangers sporting united athletic titans lions falcons".split(" "),
);
const PERSON_NAME = ["Person", "FirstName", "MaleName", "FemaleName", "LastName"];
// Calendar words compromise may tag otherwise ("in March"), and holidays.
const CALENDAR = new Set(
  (
    "january february march april may june july august september october november december monday tuesday " +
    "wednesday thursday friday saturday sunday jan feb mar apr jun jul aug sep sept oct nov dec easter christmas " +
    "ramadan thanksgiving hanukkah diwali eid passover"
  ).split(" "),
);
const LEGAL_FORMS = new Set([
  "inc",
  "corp",
  "co",
  "ltd",
  "llc",
  "plc",
  "ag",
  "sa",
  "nv",
  "group",
  "holdings",
]);
// First words of names of events, not entities: "Hurricane Milton", "Operation Epic Fury".
const EVENT_HEADS = new Set(["hurricane", "storm", "typhoon", "cyclone", "tropical", "operation"]);
// Last words of names of events and prizes: "Super Cup", "Golden Lantern Awards", "Cannes Lions Festival".
const EVENT_TAILS = new Set([
  "cup",
  "awards",
  "award",
  "festival",
  "championship",
  "championships",
  "olympics",
  "prize",
  "trophy",
  "expo",
  // Market indices: "Dow Jones Industrial Average", "Russell 3000 Index".
  "average",
  "index",
  "indexes",
]);
// Bodies of the solar system are neither places nor organisations in the news.
const CELESTIAL = new Set([
  "earth",
  "venus",
  "mars",
  "jupiter",
  "saturn",
  "mercury",
  "neptune",
  "uranus",
  "pluto",
  "moon",
]);
// Public bodies whose name joins two words with "and": "Competition and Markets Authority".
const AND_HEADS = new Set([
  "authority",
  "commission",
  "agency",
  "council",
  "board",
  "committee",
  "department",
  "ministry",
  "office",
  "service",
]);
const OPEN_QUOTE = /['‘“"]\s*$/u;
const CLOSE_QUOTE = /^\s*['’”"′]/u;
const COMPASS = new Set(["north", "south", "east", "west"]);
const COMPASS_ADJECTIVES = new Set(["western", "eastern", "northern", "southern", "central"]);
const HONORIFIC_ROLE = { subcategory: null, tie: null } as const;

function hasAny(tags: ReadonlySet<string>, names: readonly string[]): boolean {
  for (const n of names) if (tags.has(n)) return true;
  return false;
}

class SentenceDetector {
  private readonly tokens: Token[];
  private readonly n: number;
  private readonly nameable: boolean[];
  private readonly used: boolean[];
  private readonly blocked: boolean[];
  private readonly roleAt: (RoleSpan | null)[];
  private readonly inRole: boolean[];
  private readonly demonym: boolean[];
  private readonly headCue = new Map<number, SpanCue>();
  readonly mentions: Mention[] = [];
  readonly roles: RoleSpan[] = [];

  constructor(
    private readonly sentence: Sentence,
    private readonly ctx: DetectContext,
  ) {
    this.tokens = sentence.tokens;
    this.n = this.tokens.length;
    const first = this.tokens.findIndex((t) => /\p{L}/u.test(t.text));
    // A word after a colon, semicolon, dash or opening quote starts a clause, capitalised like a sentence start.
    const clauseStart = (i: number) =>
      i === first ||
      /[:;—–]|\s-\s/.test(this.tokens[i - 1]?.post ?? "") ||
      /["“‘']/.test(this.tokens[i]?.pre ?? "");
    this.nameable = this.tokens.map((t, i) => this.isNameable(t, clauseStart(i), this.tokens[i + 1]));
    this.rescuePersonalNames();
    this.used = new Array<boolean>(this.n).fill(false);
    // An outlet's name glued to a place or a word of the headline ("Guadalajara Andes Mirror") is cut out.
    this.blocked = ctx.outlets?.blocked(this.tokens) ?? new Array<boolean>(this.n).fill(false);
    for (let i = 0; i < this.n; i++) if (this.blocked[i]) this.nameable[i] = false;
    this.roleAt = new Array<RoleSpan | null>(this.n).fill(null);
    this.inRole = new Array<boolean>(this.n).fill(false);
    this.demonym = this.markDemonyms();
  }

  /**
   * In a title-case headline a word that is also an ordinary word ("Ruby", "Jolie") still belongs to a personal name
   * when the word next to it is a known first or last name ("Ruby Dee", "Angelina Jolie").
   */
  private rescuePersonalNames(): void {
    if (!this.sentence.titleCase) return;
    const named = (t: Token | undefined) => !!t && t.cap && hasAny(t.tags, PERSON_NAME);
    for (let i = 0; i < this.n; i++) {
      const t = this.tokens[i] as Token;
      if (this.nameable[i] || !named(t) || /\d/.test(t.text)) continue;
      const prev = this.tokens[i - 1];
      const next = this.tokens[i + 1];
      const joinsPrev = named(prev) && this.nameable[i - 1] && !prev?.breakAfter && !prev?.possessive;
      const joinsNext = named(next) && this.nameable[i + 1] && !t.breakAfter && !t.possessive;
      if (joinsPrev || joinsNext) this.nameable[i] = true;
    }
    // "New Rochelle", "San Mateo": a place's first word that a headline also uses as an ordinary word.
    for (let i = 0; i + 1 < this.n; i++) {
      const t = this.tokens[i] as Token;
      if (this.nameable[i] || !t.cap || !PLACE_HEADS.has(t.lower) || t.breakAfter) continue;
      const next = this.tokens[i + 1] as Token;
      if (next.cap && this.nameable[i + 1] && !/\d/.test(next.text)) this.nameable[i] = true;
    }
    // "Integrys Energy Group", "Micros Systems": a company's last word is an ordinary word of a headline.
    for (let i = 1; i < this.n; i++) {
      const t = this.tokens[i] as Token;
      const prev = this.tokens[i - 1] as Token;
      if (this.nameable[i] || !t.cap || !(COMPANY_WORDS.has(t.lower) || CLUB_WORDS.has(t.lower))) continue;
      if (this.nameable[i - 1] && !prev.breakAfter && !prev.possessive) this.nameable[i] = true;
    }
  }

  /** Nationality adjectives, including two-word ones ("North Korean", "South African"). */
  private markDemonyms(): boolean[] {
    const out = this.tokens.map((t) => t.cap && (t.tags.has("Demonym") || !!this.ctx.gaz.demonym(t.norm)));
    for (let i = 0; i + 1 < this.n; i++) {
      const a = this.tokens[i] as Token;
      const b = this.tokens[i + 1] as Token;
      if (a.cap && b.cap && !a.breakAfter && this.ctx.gaz.demonym(`${a.norm} ${b.norm}`))
        out[i] = out[i + 1] = true;
      else if (out[i + 1] && a.cap && !a.breakAfter && COMPASS.has(a.lower)) out[i] = true;
    }
    return out;
  }

  private isNameable(t: Token, first: boolean, next: Token | undefined): boolean {
    if (
      !t.cap ||
      hasAny(t.tags, NEVER_NAMES) ||
      CALENDAR.has(t.lower) ||
      /\d/.test(t.text) ||
      t.text.length < 2 ||
      COMMON_ACRONYMS.has(t.lower)
    ) {
      return false;
    }
    const proper = hasAny(t.tags, PROPER);
    // "Western media", but "Western Cape": a compass adjective names something only with the next word.
    if (COMPASS_ADJECTIVES.has(t.lower) && !(next?.cap && !t.breakAfter)) return false;
    if (first && !proper) {
      if (hasAny(t.tags, FUNCTION_WORDS)) return false;
      // "Lumen Therapeutics" starts a sentence with a plural-looking word; "Officials said" does not name anyone.
      const nameGoesOn = !!next && next.cap && !t.breakAfter && !t.possessive;
      if (!nameGoesOn && hasAny(t.tags, CONTENT_WORDS)) return false;
    }
    if (this.sentence.titleCase) {
      if (this.ctx.bodyLower.has(t.lower)) return false;
      // "Steve Martin Dismisses …", "Kumasi Submerged After …": a headline's verb ends the name before it.
      if (!first && !proper && t.tags.has("Verb") && /(?:s|ed)$/.test(t.lower) && !t.tags.has("Organization"))
        return false;
      // compromise spreads proper-noun tags over capitalised runs: read its lexicon for the bare word instead.
      const acronym = t.upper && !this.sentence.allCaps;
      if (!acronym && (isCommonWord(t.lower) || (!proper && hasAny(t.tags, FUNCTION_WORDS)))) return false;
    }
    return true;
  }

  run(): SentenceAnalysis {
    this.markRoles();
    this.matchGazetteer();
    this.buildSpans();
    this.typeByLists();
    return { sentence: this.sentence, mentions: this.mentions, roles: this.roles };
  }

  private markRoles(): void {
    for (let i = 0; i < this.n; i++) {
      const t = this.tokens[i] as Token;
      const role: RoleSpan | null =
        t.cap && isHonorific(t)
          ? { start: i, end: i + 1, role: HONORIFIC_ROLE, words: t.lower }
          : roleAt(this.tokens, i);
      if (!role) continue;
      // "Olivia Pope", "Stephen King": a one-word title right after a first name is a surname.
      const prev = this.tokens[i - 1];
      if (
        role.end - role.start === 1 &&
        t.cap &&
        prev?.cap &&
        !prev.breakAfter &&
        hasAny(prev.tags, ["FirstName", "MaleName", "FemaleName"]) &&
        !this.inRole[i - 1]
      )
        continue;
      this.roleAt[i] = role;
      for (let k = role.start; k < role.end; k++) this.inRole[k] = true;
      this.roles.push(role);
      i = role.end - 1;
    }
  }

  private canStartGazetteer(t: Token): boolean {
    return t.cap || this.ctx.gaz.lowerStarts.has(t.text);
  }

  private matchGazetteer(): void {
    for (let i = 0; i < this.n; i++) {
      const t = this.tokens[i];
      if (!t || !this.canStartGazetteer(t)) continue;
      const match = matchGazetteer(this.ctx.gaz, this.tokens, i);
      if (!match || this.precededByName(i) || this.insideOfName(i)) continue;
      if (this.blocked.slice(i, match.end).some(Boolean)) continue;
      let end = match.end;
      const type = match.entries[0]?.type;
      const last = this.tokens[end - 1];
      const next = this.tokens[end];
      if (
        type === "org" &&
        last &&
        next &&
        !last.breakAfter &&
        !last.possessive &&
        LEGAL_FORMS.has(next.lower)
      )
        end++;
      else if (type !== "person" && this.continuesIntoName(i, end, match.entries[0]?.subcategory ?? null)) {
        this.headCue.set(i, type === "org" || !t.tags.has("FirstName") ? "org-head" : "person-head");
        continue;
      }
      if (this.sentence.titleCase && end - i === 1 && this.ctx.bodyLower.has(t.lower)) continue;
      // "Liverpool striker Mohamed Salah": a city followed by a player's role names its club.
      if (type === "location" && this.roleAt[end]?.role.subcategory === "athlete") {
        this.addMention(i, end, "org", 3, []);
        i = end - 1;
        continue;
      }
      this.addMention(i, end, match.entries[0]?.type ?? null, 10, match.entries);
      i = end - 1;
    }
  }

  /** A capitalised word right before `i` that is not a title makes the alias part of a longer name ("Doug Ford"). */
  private precededByName(i: number): boolean {
    const prev = this.tokens[i - 1];
    if (!prev || !this.nameable[i - 1] || this.used[i - 1] || this.inRole[i - 1] || this.demonym[i - 1])
      return false;
    return (!prev.breakAfter || dottedContinues(prev)) && !prev.possessive && !isHonorific(prev);
  }

  /** "University of Edinburgh": an alias after "<name head> of" belongs to the longer name. */
  private insideOfName(i: number): boolean {
    const of = this.tokens[i - 1];
    const headTok = this.tokens[i - 2];
    if (!of || !headTok || (of.lower !== "of" && of.lower !== "for") || of.breakAfter || headTok.breakAfter)
      return false;
    return this.spanToken(i - 2) && OF_HEADS.has(headTok.lower);
  }

  /** Whether the name goes on after a gazetteer alias ending at `end` ("Siemens Energy", "Texas Instruments"). */
  private continuesIntoName(start: number, end: number, subcategory: string | null): boolean {
    const last = this.tokens[end - 1];
    const next = this.tokens[end];
    if (!last || !next || last.breakAfter || last.possessive || last.hyphenNext) return false;
    if (!this.nameable[end] || this.inRole[end] || this.demonym[end] || next.upper) return false;
    // In a title-case headline every word is capitalised: only a name-ending word continues the name. A company
    // goes on only into such a word too: "Samsung Galaxy Tab" is a product, "Siemens Energy" a company.
    // Unless the words around say a company follows: "its unit Siemens Gamesa", "Siemens Gamesa, a subsidiary".
    const company = subcategory === "company" && !this.companyNoun(start, end + 1);
    if (
      (this.sentence.titleCase || company) &&
      !ORG_SUFFIXES.has(next.lower) &&
      !LOCATION_SUFFIXES.has(next.lower)
    )
      return false;
    return !matchGazetteer(this.ctx.gaz, this.tokens, end);
  }

  /** An organisation noun right before `start`, or after the comma that follows the word before `end`. */
  private companyNoun(start: number, end: number): boolean {
    if (ORG_NOUNS.has(this.tokens[start - 1]?.lower ?? "")) return true;
    if ((this.tokens[end - 1]?.post ?? "").trim() !== ",") return false;
    for (let k = end; k < Math.min(this.n, end + 3); k++)
      if (ORG_NOUNS.has(this.tokens[k]?.lower ?? "")) return true;
    return false;
  }

  private spanToken(i: number): boolean {
    return !!this.nameable[i] && !this.used[i] && !this.inRole[i] && !this.demonym[i];
  }

  /** Tokens between `j` and the next span word that still belong to the name ("ten", "of", "&"), or -1. */
  private joinerLength(start: number, j: number): number {
    const t = this.tokens[j];
    if (!t) return -1;
    if (t.text === "&" && this.spanToken(j + 1)) return 1;
    let k = j;
    while (k < this.n && NAME_PARTICLES.has(this.tokens[k]?.text ?? "") && !this.tokens[k]?.breakAfter) k++;
    if (k > j && k - j <= 2 && this.spanToken(k)) return k - j;
    const prev = this.tokens[j - 1];
    if (t.lower === "and" && !t.breakAfter && j - start <= 2 && this.spanToken(j + 1)) {
      let k = j + 1;
      while (k < this.n && k <= j + 3 && this.spanToken(k) && !this.tokens[k]?.breakAfter) k++;
      const head = this.tokens[k]?.breakAfter || !this.spanToken(k) ? this.tokens[k - 1] : this.tokens[k];
      if (head && AND_HEADS.has(head.lower) && this.spanToken(k - 1)) return 1;
    }
    if ((t.lower === "of" || t.lower === "for") && prev && OF_HEADS.has(prev.lower) && j - 1 >= start) {
      const after = this.tokens[j + 1]?.lower === "the" ? j + 2 : j + 1;
      if (this.spanToken(after) && !t.breakAfter) return after - j;
    }
    return -1;
  }

  private buildSpans(): void {
    for (let i = 0; i < this.n; i++) {
      if (!this.spanToken(i)) continue;
      let end = i + 1;
      for (;;) {
        const last = this.tokens[end - 1];
        if (!last || last.possessive) break;
        if (last.breakAfter && !dottedContinues(last)) break;
        if (last.hyphenNext && !this.tokens[end]?.cap) break;
        // 'NWA “Straight Outta Compton”': a quoted title after a name is no part of it.
        if (/['‘“"]/.test(this.tokens[end]?.pre ?? "")) break;
        // "Scale AI": a common abbreviation may end a name it does not start.
        const t = this.tokens[end];
        if (this.spanToken(end) || (t && t.upper && NAME_ACRONYMS.has(t.lower) && !this.used[end])) {
          end++;
          continue;
        }
        const skip = this.joinerLength(i, end);
        if (skip < 0) break;
        end += skip + 1;
      }
      this.addSpan(i, end);
      i = end - 1;
    }
  }

  private addSpan(spanStart: number, spanEnd: number): void {
    let start = spanStart;
    // "Sendai Earthquake Leaves 4 Dead": the disaster is no part of the place's name.
    const end =
      spanEnd - spanStart > 1 && DISASTERS.has(this.tokens[spanEnd - 1]?.lower ?? "") ? spanEnd - 1 : spanEnd;
    // "Carmaker Vireo Misses Estimates", "Chipmaker Solenne beats forecasts": a headline's capitalised descriptor
    // of a company is no part of its name, and says the name is an organisation.
    if (end - start > 1 && DESCRIPTORS.has(this.tokens[start]?.lower ?? "") && this.spanToken(start + 1)) {
      start++;
      this.headCue.set(start, "org-head");
    }
    const first = this.tokens[start] as Token;
    if (EVENT_HEADS.has(first.lower)) return;
    const lastTok = this.tokens[end - 1] as Token;
    if (EVENT_TAILS.has(lastTok.lower) && end - spanStart > 1) return;
    if (end - spanStart === 1 && CELESTIAL.has(first.lower)) return;
    // "Tesla Motors Inc (TSLA)": a ticker in brackets.
    if (
      end - spanStart === 1 &&
      first.upper &&
      (/\(\s*$/.test(this.tokens[spanStart - 1]?.post ?? "") || first.pre.includes("(")) &&
      /^\)/.test(first.post)
    )
      return;
    // A title in quotes names a film, a book or a song: "'Broken Frontier'", "'The Midnight Tide'".
    const opener = this.tokens[spanStart - 1]?.lower === "the" ? this.tokens[spanStart - 1] : first;
    if (
      (OPEN_QUOTE.test(this.tokens[this.tokens.indexOf(opener!) - 1]?.post ?? "") ||
        /['‘“"]/.test(opener?.pre ?? "")) &&
      CLOSE_QUOTE.test(lastTok.post)
    )
      return;
    // "Norwegian Refugee Council", "American Bar Association": a nationality adjective inside an organisation's name.
    const prev = this.tokens[start - 1];
    if (
      prev &&
      this.demonym[start - 1] &&
      !prev.breakAfter &&
      ORG_SUFFIXES.has(this.tokens[end - 1]?.lower ?? "")
    ) {
      start--;
      if (start > 0 && this.demonym[start - 1] && !this.tokens[start - 1]?.breakAfter) start--;
    }
    const cls = classifySpan({
      tokens: this.tokens,
      start,
      end,
      sentence: this.sentence,
      roleBefore: this.roleBefore(start),
      headCue: this.headCue.get(start) ?? null,
      mentions: this.mentions,
    });
    if (!cls) return;
    // "Category 3", "737 Max": a lone capitalised word next to a number is a label, not a name.
    const numeric = (t: Token | undefined) => !!t && /^\d/.test(t.text);
    if (end - start === 1 && cls.score < 2 && (numeric(this.tokens[end]) || numeric(this.tokens[start - 1])))
      return;
    // "Samsung Galaxy Tab", "Facebook Slingshot": words right after a company's name, with nothing to say they
    // name something else, are its product.
    const before = this.mentions.find((m) => m.end === start);
    const beforeTok = this.tokens[start - 1];
    if (
      before?.type === "org" &&
      beforeTok &&
      !beforeTok.breakAfter &&
      !beforeTok.possessive &&
      cls.score < 2
    )
      return;
    this.addMention(start, end, cls.type, cls.score, [], cls.role);
  }

  /** A name with little evidence of its own takes the type of the names it is listed with ("Netflix, Slack and Reddit"). */
  private typeByLists(): void {
    for (const m of this.mentions) {
      if (m.entries.length > 0 || m.score >= 2) continue;
      for (const o of this.mentions) {
        if (o === m || !o.type || (o.entries.length === 0 && o.score < 2)) continue;
        const joined =
          o.end <= m.start
            ? listJoined(this.tokens, o.end, m.start)
            : listJoined(this.tokens, m.end, o.start);
        if (joined) {
          m.type = o.type;
          m.score = 2;
          break;
        }
      }
    }
  }

  /** A role phrase or courtesy title ending right before `start`, directly or as "its chairman, X". */
  private roleBefore(start: number): RoleSpan | null {
    for (let r = this.roles.length - 1; r >= 0; r--) {
      const role = this.roles[r];
      if (!role || role.end > start) continue;
      if (role.end < start) return null;
      const last = this.tokens[role.end - 1];
      return last && (!last.breakAfter || dottedContinues(last) || last.post.trim() === ",") ? role : null;
    }
    return null;
  }

  private addMention(
    start: number,
    end: number,
    type: Mention["type"],
    score: number,
    entries: Mention["entries"],
    role: Mention["role"] = null,
  ): void {
    for (let k = start; k < end; k++) this.used[k] = true;
    const parts: string[] = [];
    for (let k = start; k < end; k++) {
      const t = this.tokens[k] as Token;
      parts.push(t.text, k < end - 1 ? (t.hyphenNext ? "-" : " ") : "");
    }
    const lastTok = this.tokens[end - 1];
    this.mentions.push({
      sentence: this.sentence.index,
      start,
      end,
      surface: parts.join("").trim(),
      type,
      score,
      entries,
      role,
      possessive: !!lastTok?.possessive,
    });
  }
}

/** Names in one sentence: gazetteer aliases first, then capitalised spans typed by their context. */
export function detectMentions(sentence: Sentence, ctx: DetectContext): SentenceAnalysis {
  return new SentenceDetector(sentence, ctx).run();
}
