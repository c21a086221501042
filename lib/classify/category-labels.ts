import { toCategory, type Category } from "../categories";

// Section names feeds put in <category>, beyond the aliases lib/categories knows, in the languages of the shipped
// registry's larger feeds. Keys are lowercase.
const LABELS: Record<string, Category> = {
  world: "world",
  "world news": "world",
  europe: "world",
  asia: "world",
  africa: "world",
  "middle east": "world",
  americas: "world",
  "us & canada": "world",
  monde: "world",
  international: "world",
  welt: "world",
  ausland: "world",
  mundo: "world",
  internacional: "world",
  mondo: "world",
  esteri: "world",
  politik: "politics",
  politique: "politics",
  política: "politics",
  politica: "politics",
  "us politics": "politics",
  "uk politics": "politics",
  "politics & government": "politics",
  wirtschaft: "business",
  économie: "business",
  economie: "business",
  economía: "business",
  economia: "business",
  negocios: "business",
  "business news": "business",
  companies: "business",
  technik: "technology",
  "technology news": "technology",
  tecnología: "technology",
  tecnologia: "technology",
  "science & environment": "science",
  wissenschaft: "science",
  wissen: "science",
  sciences: "science",
  ciencia: "science",
  scienza: "science",
  gesundheit: "health",
  santé: "health",
  salud: "health",
  salute: "health",
  saúde: "health",
  wellness: "health",
  sports: "sports",
  deportes: "sports",
  esportes: "sports",
  fußball: "sports",
  fútbol: "sports",
  calcio: "sports",
  cricket: "sports",
  tennis: "sports",
  nba: "sports",
  nfl: "sports",
  entertainment: "entertainment",
  kultur: "entertainment",
  cultura: "entertainment",
  spettacoli: "entertainment",
  celebrity: "entertainment",
  film: "entertainment",
  climate: "climate",
  "climate change": "climate",
  "climate crisis": "climate",
  klima: "climate",
  climat: "climate",
  crypto: "crypto",
  blockchain: "crypto",
  web3: "crypto",
};

// Labels that name no topic: a feed that tags everything "News" says nothing about an item.
const GENERIC = new Set([
  "news",
  "top stories",
  "latest",
  "latest news",
  "home",
  "headlines",
  "breaking news",
  "general",
]);

/** The category a feed's section label names, or null: "Sport", "Wirtschaft", "World/Europe", "News > Politics". */
export function categoryFromLabel(label: string | null | undefined): Category | null {
  if (!label) return null;
  const key = label.trim().toLowerCase();
  if (!key || GENERIC.has(key)) return null;
  const direct = LABELS[key] ?? toCategory(key);
  if (direct) return direct;
  // A path of sections: the most specific part that names a category wins.
  const parts = key.split(/\s*[/>|»,]\s*/).filter(Boolean);
  if (parts.length < 2) return null;
  for (const part of parts.reverse()) {
    const c = categoryFromLabel(part);
    if (c) return c;
  }
  return null;
}
