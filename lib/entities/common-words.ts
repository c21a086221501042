import nlp from "compromise/two";
import { eng as STOPWORDS } from "stopword";

// Whether a capitalised word of a title-case headline is an ordinary English word ("Affirms", "Reversal") rather
// than a name. compromise's pre-tagger spreads proper-noun tags over capitalised runs, so this reads its lexicon
// directly and undoes common inflections.

const LEXICON = (nlp.world() as { model: { one: { lexicon: Record<string, string | string[]> } } }).model.one
  .lexicon;
const PROPER = new Set([
  "Person",
  "FirstName",
  "MaleName",
  "FemaleName",
  "LastName",
  "Honorific",
  "Place",
  "City",
  "Country",
  "Region",
  "Organization",
  "SportsTeam",
  "ProperNoun",
  "Demonym",
  "Acronym",
]);
const STOP = new Set(STOPWORDS);

function ordinary(word: string): boolean {
  const tags = LEXICON[word];
  if (tags === undefined) return false;
  return (Array.isArray(tags) ? tags : [tags]).every((t) => !PROPER.has(t));
}

/** Stems a word may inflect from: "launches" → "launch", "rallied" → "rally", "raising" → "raise". */
function stems(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith("ies")) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("es")) out.push(word.slice(0, -2));
  if (word.endsWith("s")) out.push(word.slice(0, -1));
  if (word.endsWith("ied")) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith("ed")) out.push(word.slice(0, -2), word.slice(0, -1));
  if (word.endsWith("ing")) out.push(word.slice(0, -3), `${word.slice(0, -3)}e`);
  return out.filter((s) => s.length >= 3);
}

/** True for a lower-case word compromise knows as a common (not proper) word, or an inflection of one. */
export function isCommonWord(lower: string): boolean {
  return STOP.has(lower) || ordinary(lower) || stems(lower).some(ordinary);
}

const NAME_OR_PLACE = new Set([
  "Person",
  "FirstName",
  "MaleName",
  "FemaleName",
  "LastName",
  "Place",
  "City",
  "Country",
  "Region",
]);

/** Whether compromise's lexicon knows the bare word as a person's or a place's name ("japan", "hana"). */
export function isKnownNameOrPlace(lower: string): boolean {
  const tags = LEXICON[lower];
  if (tags === undefined) return false;
  return (Array.isArray(tags) ? tags : [tags]).some((t) => NAME_OR_PLACE.has(t));
}

/** Whether compromise's lexicon knows the bare word as an organisation ("honda", "nissan"). */
export function isKnownOrganisation(lower: string): boolean {
  const tags = LEXICON[lower];
  if (tags === undefined) return false;
  return (Array.isArray(tags) ? tags : [tags]).includes("Organization");
}
