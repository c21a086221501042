// Function words frequent in titles and descriptions of each language's news feeds.
const WORDS: Record<string, string[]> = {
  en: ["the", "and", "of", "news", "latest", "for", "from", "with", "breaking", "world"],
  fr: ["le", "la", "les", "des", "et", "du", "actualités", "info", "dernières", "une"],
  de: ["die", "der", "und", "das", "nachrichten", "aktuelle", "mit", "für", "von", "aus"],
  es: ["el", "los", "las", "noticias", "del", "últimas", "en", "para", "con", "una"],
  pt: ["notícias", "da", "últimas", "não", "uma", "são", "pelo", "mais", "dos", "ao"],
  it: ["il", "notizie", "della", "di", "gli", "ultime", "per", "con", "del", "nel"],
  pl: ["wiadomości", "na", "dla", "najnowsze", "się", "oraz", "polska", "jest", "nie", "od"],
  id: ["berita", "dan", "di", "yang", "terkini", "dari", "untuk", "hari", "ini", "indonesia"],
};

// Scripts that name their language outright (or, shared by several, together with the country).
const SCRIPTS: Array<[RegExp, string | ((country: string | null) => string)]> = [
  [/\p{Script=Devanagari}/u, "hi"],
  [/\p{Script=Gujarati}/u, "gu"],
  [/\p{Script=Bengali}/u, "bn"],
  [/\p{Script=Tamil}/u, "ta"],
  [/\p{Script=Myanmar}/u, "my"],
  [/\p{Script=Thai}/u, "th"],
  [/\p{Script=Hangul}/u, "ko"],
  [/[\p{Script=Hiragana}\p{Script=Katakana}]/u, "ja"],
  [/\p{Script=Han}/u, "zh"],
  [/\p{Script=Arabic}/u, (c) => (c === "Iran" ? "fa" : c === "Pakistan" ? "ur" : "ar")],
  [/\p{Script=Cyrillic}/u, (c) => (c === "Ukraine" ? "uk" : "ru")],
];

const COUNTRY_LANGUAGE: Record<string, string> = {
  France: "fr",
  Germany: "de",
  Spain: "es",
  Mexico: "es",
  Brazil: "pt",
  Italy: "it",
  Poland: "pl",
  Indonesia: "id",
  Russia: "ru",
  Ukraine: "uk",
  Japan: "ja",
  Iran: "fa",
};

/**
 * ISO 639-1 language of a source from what its list says (feed titles, descriptions, country): the script first,
 * then function words, then the country's main language, else English. A guess; a feed's own declared language
 * overrides it per article.
 */
export function guessLanguage(texts: Array<string | null>, country: string | null): string {
  const text = texts.filter(Boolean).join(" ");
  for (const [re, lang] of SCRIPTS) if (re.test(text)) return typeof lang === "string" ? lang : lang(country);
  const words = text
    .replace(/\b(https?:\/\/|www\.)\S+/g, " ")
    .toLowerCase()
    .split(/[^\p{L}]+/u);
  const hits = Object.entries(WORDS)
    .map(([lang, list]) => [lang, words.filter((w) => list.includes(w)).length] as const)
    .sort((a, b) => b[1] - a[1]);
  const [best, second] = [hits[0], hits[1]];
  // Two hits at least, and a clear lead: "de" or "con" alone are shared by several languages.
  if (best && best[1] >= 2 && best[1] > (second?.[1] ?? 0)) return best[0];
  return (country && COUNTRY_LANGUAGE[country]) ?? "en";
}
