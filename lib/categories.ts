/** Category slugs (contract §6.16); GET /v1/categories serves them alphabetically. */
export const CATEGORIES = [
  "business",
  "climate",
  "crypto",
  "entertainment",
  "health",
  "politics",
  "science",
  "sports",
  "technology",
  "world",
] as const;
export type Category = (typeof CATEGORIES)[number];

const ALIASES: Record<string, Category> = {
  b: "business",
  t: "technology",
  e: "entertainment",
  m: "health",
  economy: "business",
  finance: "business",
  markets: "business",
  money: "business",
  "personal finance": "business",
  "business & economy": "business",
  tech: "technology",
  startups: "technology",
  science: "science",
  space: "science",
  environment: "climate",
  sport: "sports",
  football: "sports",
  soccer: "sports",
  movies: "entertainment",
  television: "entertainment",
  culture: "entertainment",
  arts: "entertainment",
  music: "entertainment",
  news: "world",
  "top stories": "world",
  international: "world",
  "world news": "world",
  us: "politics",
  government: "politics",
  election: "politics",
  elections: "politics",
  bitcoin: "crypto",
  cryptocurrency: "crypto",
};

/** Maps a free-form category label (feed category, import code, topic list name) to a slug, or null. */
export function toCategory(label: string | null | undefined): Category | null {
  if (!label) return null;
  const key = label.trim().toLowerCase();
  if ((CATEGORIES as readonly string[]).includes(key)) return key as Category;
  return ALIASES[key] ?? null;
}
