import { isCommonWord } from "./common-words";
import type { SentenceAnalysis } from "./detect";
import type { GazetteerEntry } from "./gazetteer";
import { LOCATION_SUFFIXES, ORG_SUFFIXES } from "./lexicon";
import type { Mention } from "./mention";
import { entityKey, entityRef, entitySlug, normName } from "./normalize";
import type { ArticleEntity, EntityType, Subcategory } from "./types";

interface Group {
  entry: GazetteerEntry | null;
  /** Word lists of the gazetteer name and aliases (empty for other entities). */
  entryNames: string[][];
  mentions: Mention[];
  scores: Record<EntityType, number>;
  /** Normalised words of the longest name, for surname / prefix / acronym links. */
  words: string[];
  surface: string;
}

const INITIAL_SKIP = new Set(["of", "and", "the", "for", "&", "de"]);

function pickEntry(m: Mention, countries: ReadonlySet<string>): GazetteerEntry | null {
  if (m.entries.length <= 1) return m.entries[0] ?? null;
  return m.entries.find((e) => e.country && countries.has(e.country)) ?? m.entries[0] ?? null;
}

const wordCache = new Map<string, string[]>();

function words(surface: string): string[] {
  let ws = wordCache.get(surface);
  if (!ws) {
    ws = normName(surface).split(" ").filter(Boolean);
    if (wordCache.size > 50_000) wordCache.clear();
    wordCache.set(surface, ws);
  }
  return ws;
}

function isSuffix(short: string[], long: string[]): boolean {
  if (short.length === 0 || short.length >= long.length) return false;
  const off = long.length - short.length;
  return short.every((w, i) => w === long[off + i]);
}

function isOrgPrefix(short: string[], long: string[]): boolean {
  if (short.length === 0 || short.length >= long.length) return false;
  if (!short.every((w, i) => w === long[i])) return false;
  return long.slice(short.length).every((w) => ORG_SUFFIXES.has(w)) || short.length === 1;
}

function initials(ws: string[]): string {
  return ws
    .filter((w) => !INITIAL_SKIP.has(w))
    .map((w) => w[0])
    .join("");
}

/** The group a shorter mention refers to: surname of a person, first word(s) or acronym of an organisation. */
function linkTarget(m: Mention, groups: readonly Group[]): Group | null {
  const ws = words(m.surface);
  const acronym = /^\p{Lu}{2,6}$/u.test(m.surface.replace(/\./g, "")) ? ws.join("") : null;
  const hits = new Set<Group>();
  for (const g of groups) {
    const type = groupType(g);
    const names = g.entry ? g.entryNames : [g.words];
    if (type === "person" && m.type !== "org" && m.type !== "location" && names.some((n) => isSuffix(ws, n)))
      hits.add(g);
    if (type === "org" && !g.entry && m.type !== "person" && isOrgPrefix(ws, g.words)) hits.add(g);
    if (type === "org" && acronym && g.words.length >= 2 && initials(g.words) === acronym) hits.add(g);
  }
  return hits.size === 1 ? ([...hits][0] ?? null) : null;
}

function groupType(g: Group): EntityType {
  if (g.entry) return g.entry.type;
  const { person, org, location } = g.scores;
  if (person >= org && person >= location) return "person";
  return org >= location ? "org" : "location";
}

function add(g: Group, m: Mention): void {
  g.mentions.push(m);
  if (m.type) g.scores[m.type] += m.score;
  const ws = words(m.surface);
  if (!g.entry && ws.length > g.words.length) {
    g.words = ws;
    g.surface = m.surface;
  }
}

function newGroup(m: Mention, entry: GazetteerEntry | null): Group {
  const g: Group = {
    entry,
    entryNames: entry?.type === "person" ? [entry.name, ...entry.aliases].map(words) : [],
    mentions: [],
    scores: { person: 0, org: 0, location: 0 },
    words: [],
    surface: "",
  };
  g.words = entry ? words(entry.name) : [];
  g.surface = entry ? entry.name : "";
  add(g, m);
  return g;
}

const ORG_SUBCATEGORY: [RegExp, Subcategory][] = [
  [/\b(party|parties|democrats|republicans|socialists|greens|conservatives|liberals)$/, "political_party"],
  [
    /\b(ministry|department|agency|commission|council|parliament|assembly|congress|senate|court|administration|authority|bureau|directorate|police|army|navy|forces?|office)\b/,
    "government_body",
  ],
  [/\b(news|times|post|journal|herald|tribune|telegraph|gazette|media|tv|radio|broadcasting)$/, "media"],
  [/\b(foundation|charity|association|society|institute|fund|union)$/, "ngo"],
];

const NOT_COMPANY =
  /\b(university|universities|college|school|academy|institute|observatory|telescope|laboratory|hospital|museum|library|centre|center|church|team|club|fc|united|albion|rovers|wanderers|sporting|league)\b|^(university|college) of\b/;

function subcategoryOf(
  g: Group,
  type: EntityType,
  tokensOf: (m: Mention) => ReadonlySet<string>[],
): Subcategory | null {
  if (g.entry) return g.entry.subcategory;
  const key = g.words.join(" ");
  if (type === "person") return g.mentions.find((m) => m.role?.subcategory)?.role?.subcategory ?? null;
  if (type === "org") {
    const known = ORG_SUBCATEGORY.find(([re]) => re.test(key))?.[1];
    if (known) return known;
    // Universities, research bodies and facilities are no companies; nor is an unexplained acronym ("MIT").
    if (NOT_COMPANY.test(key)) return null;
    if (g.words.length === 1 && g.mentions.every((m) => /^\p{Lu}{2,6}$/u.test(m.surface.replace(/\./g, ""))))
      return null;
    return "company";
  }
  const last = g.words[g.words.length - 1] ?? "";
  const tags = g.mentions.flatMap(tokensOf);
  if (tags.some((t) => t.has("Country"))) return "country";
  if (tags.some((t) => t.has("City")) || last === "city") return "city";
  if (tags.some((t) => t.has("Region")) || LOCATION_SUFFIXES.has(last)) return "region";
  return null;
}

/** The name as written, preferring a form not in capitals; "SANTA CLARA" alone becomes "Santa Clara". */
function displayName(g: Group): string {
  const shout = (text: string) => text.length >= 5 && text === text.toUpperCase() && /\p{Lu}/u.test(text);
  const written = g.mentions
    .map((m) => m.surface)
    .find((t) => !shout(t) && words(t).length === g.words.length);
  if (written) return written;
  if (!shout(g.surface)) return g.surface;
  return g.surface
    .toLowerCase()
    .replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

function toEntity(g: Group, tokensOf: (m: Mention) => ReadonlySet<string>[]): ArticleEntity {
  const type = groupType(g);
  const name = g.entry ? g.entry.name : displayName(g);
  const key = g.entry ? g.entry.key : entityKey(type, name);
  const aliases = [...new Set([name, ...g.mentions.map((m) => m.surface)])];
  return {
    ref: g.entry ? g.entry.id : entityRef(type, key),
    type,
    key,
    name,
    slug: entitySlug(name),
    subcategory: subcategoryOf(g, type, tokensOf),
    count: g.mentions.length,
    aliases,
    gazetteerId: g.entry?.id ?? null,
    description: g.entry?.description ?? null,
    wikidataId: g.entry?.wikidataId ?? null,
    wikipediaUrl: g.entry?.wikipediaUrl ?? null,
    enriched: !!g.entry,
  };
}

/** Whether an unlinked mention with no type of its own may still stand as an organisation. */
function fallbackOrg(m: Mention, analyses: readonly SentenceAnalysis[]): boolean {
  const a = analyses.find((x) => x.sentence.index === m.sentence);
  if (!a || a.sentence.titleCase) return false;
  const first = a.sentence.tokens.findIndex((t) => /\p{L}/u.test(t.text));
  if (m.start <= first) return false;
  // Capitalised ordinary words ("Star Wars", "Gas Prices", "Now") are no organisation by default, unless named
  // as one ("the Greens", "the House").
  if (a.sentence.tokens[m.start - 1]?.lower === "the") return true;
  return a.sentence.tokens.slice(m.start, m.end).some((t) => !isCommonWord(t.lower));
}

/**
 * Merges the mentions of one article into entities: gazetteer entries by id, other names by key, surnames and
 * short forms into the full name they abbreviate. Sets `ref` on every kept mention.
 */
export function resolveMentions(analyses: readonly SentenceAnalysis[]): ArticleEntity[] {
  const all = analyses.flatMap((a) => a.mentions);
  const countries = new Set<string>();
  for (const m of all)
    if (m.entries.length === 1 && m.entries[0]?.country) countries.add(m.entries[0].country);

  const groups = new Map<string, Group>();
  const pending: Mention[] = [];
  for (const m of all) {
    const entry = pickEntry(m, countries);
    if (entry) {
      const g = groups.get(entry.id);
      if (g) add(g, m);
      else groups.set(entry.id, newGroup(m, entry));
    } else pending.push(m);
  }
  // Longer names first, so a surname finds the full name wherever it appears in the article.
  pending.sort((a, b) => words(b.surface).length - words(a.surface).length);
  const byKey = new Map<string, Group>();
  for (const g of groups.values()) byKey.set(g.words.join(" "), g);
  const list = [...groups.values()];
  for (const m of pending) {
    const key = words(m.surface).join(" ");
    const target = byKey.get(key) ?? linkTarget(m, list);
    if (target) {
      add(target, m);
      continue;
    }
    if (!m.type) {
      if (!fallbackOrg(m, analyses)) continue;
      m.type = "org";
      m.score = 0.5;
    }
    const g = newGroup(m, null);
    groups.set(`new:${groups.size}:${key}`, g);
    list.push(g);
    byKey.set(key, g);
  }

  foldCompanyNames(groups);

  const bySentence = new Map(analyses.map((a) => [a.sentence.index, a.sentence.tokens]));
  const tokensOf = (m: Mention): ReadonlySet<string>[] =>
    (bySentence.get(m.sentence) ?? []).slice(m.start, m.end).map((t) => t.tags);
  const entities = new Map<string, ArticleEntity>();
  for (const g of groups.values()) {
    const e = toEntity(g, tokensOf);
    const same = entities.get(e.ref);
    if (same) {
      same.count += e.count;
      same.aliases = [...new Set([...same.aliases, ...e.aliases])];
    } else entities.set(e.ref, e);
    for (const m of g.mentions) m.ref = e.ref;
  }
  return [...entities.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/**
 * "Bramwell Micro unveiled the Prism 5 … Bramwell's most important launch": a name typed a person's on no more than
 * the default evidence of two capitalised words, whose first word the article names alone as an organisation, is
 * that organisation's full name (a person's short form is the surname, never the first word): the short form's
 * mentions join it, and it is an organisation.
 */
function foldCompanyNames(groups: Map<string, Group>): void {
  const orgs = new Map<string, [string, Group]>();
  for (const [k, g] of groups)
    if (!g.entry && g.words.length === 1 && groupType(g) === "org") orgs.set(g.words[0]!, [k, g]);
  if (orgs.size === 0) return;
  for (const g of groups.values()) {
    if (g.entry || g.words.length < 2 || groupType(g) !== "person") continue;
    if (g.mentions.some((m) => m.role || m.score > 0.5)) continue;
    const hit = orgs.get(g.words[0]!);
    if (!hit) continue;
    for (const m of hit[1].mentions) add(g, m);
    g.scores.org += g.scores.person;
    g.scores.person = 0;
    groups.delete(hit[0]);
    orgs.delete(g.words[0]!);
  }
}
