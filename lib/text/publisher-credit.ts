/**
 * Publisher credits in titles and ledes: "Rates rise to 5% - Global Dispatch", "…data | Byteline",
 * "WASHINGTON (Reuters) - …", "By Jane Doe, Staff Writer - …". They name who printed the text, not what it is about,
 * so shown headlines, summaries and entity extraction read the text without them; the raw title stays stored.
 *
 * A trailing part is cut only when it is a credit: a name the caller knows (the source registry's names, compared
 * loosely: "The Global Dispatch (simulated)" matches "Global Dispatch"), or a short title-cased part that reads like
 * an outlet (a domain, a broadcaster's call sign, or a word such as News, Times or Herald). Parts such as "- Video",
 * "- study" or "- Kunis" (a quote's speaker) are headline, and stay.
 */

/** Names of publishers, compared by `publisherKey`. Build once per name list and reuse. */
export class PublisherNames {
  private readonly keys = new Set<string>();

  constructor(names: Iterable<string> = []) {
    for (const n of names) this.add(n);
  }

  add(name: string): this {
    const key = publisherKey(name);
    if (key.length >= 2) this.keys.add(key);
    return this;
  }

  has(text: string): boolean {
    return this.keys.has(publisherKey(text));
  }

  get size(): number {
    return this.keys.size;
  }
}

/**
 * A publisher name reduced for comparison: lower case, letters and digits only, without a leading "the", a
 * trailing "(…)" note, a web prefix or a domain ending ("The Daily Ledger (simulated)" → "dailyledger",
 * "Philly.com" → "philly").
 */
export function publisherKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\s*\([^)]*\)\s*$/, "")
    .replace(/^\s*(https?:\/\/)?(www\.)?/, "")
    .replace(/\.(com|net|org|co\.uk|com\.au|co|info|tv|news|in|ie|ca|us)\/?$/, "")
    .replace(/^the\s+/, "")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

type Names = PublisherNames | Iterable<string> | undefined;

const asNames = (names: Names): PublisherNames =>
  names instanceof PublisherNames ? names : new PublisherNames(names ?? []);

// Separators a credit hangs from: " - ", " – ", " — ", " | ", " :: ", " · ". A hyphen counts only with spaces round
// it, so "Hong-Kong" or "UPDATE 2-" never split.
const TAIL = /\s+(?:[-–—|·•]|::)\s+(?!.*\s(?:[-–—|·•]|::)\s)(.+)$/u;

const OUTLET_WORD =
  /\b(news|times|post|herald|journal|tribune|gazette|daily|mirror|dispatch|chronicle|telegraph|guardian|independent|observer|press|wire|newswire|reuters|bloomberg|ap|afp|upi|bbc|cnn|npr|fox|abc|cbs|nbc|msnbc|cnbc|espn|radio|tv|television|channel|magazine|register|standard|courier|examiner|inquirer|ledger|bulletin|sentinel|reporter|review-journal|star-tribune|broadcasting|media|weekly|recorder|advertiser|argus|globe|monitor|enquirer)\b/i;
const DOMAIN = /^[\p{L}\p{N}][\p{L}\p{N}.-]*\.(com|net|org|co\.uk|com\.au|co|info|tv|news|in|ie|ca|us)$/iu;
// US broadcasters' call signs: "WFSB 3", "KTLA 5 News", "WBOC-TV 16" (four letters: "WHO" is an agency quoted).
const CALL_SIGN = /^[KW][A-Z]{3}(?:-(?:TV|FM|AM|DT))?(?:[\s:,]|$)/;
const CONNECTORS = /^(of|the|and|&|de|du|la|le|el|for|on|in|at|a|y|[0-9.,]+|…|\.\.\.)$/i;

/** A part that reads like an outlet's name: short, title-cased, and a domain, call sign or outlet word. */
function looksLikeOutlet(part: string): boolean {
  const text = part.replace(/\s*(\.\.\.|…)\s*$/, "").trim();
  if (!text || text.length > 60) return false;
  if (/[!?"“”]/.test(text)) return false;
  if (DOMAIN.test(text)) return true;
  const words = text.split(/\s+/);
  if (words.length > 7) return false;
  const shaped = words.every((w) => /^[\p{Lu}\p{N}(]/u.test(w) || CONNECTORS.test(w.replace(/,$/, "")));
  if (!shaped) return false;
  return CALL_SIGN.test(text) || OUTLET_WORD.test(text);
}

/** Whether the remaining headline is still one: a few words of text, not a lone fragment. */
function substantial(rest: string): boolean {
  return rest.trim().split(/\s+/).length >= 3 && rest.trim().length >= 12;
}

/** One trailing credit, or null when the last part is headline. */
function trailingCredit(title: string, names: PublisherNames): { rest: string; credit: string } | null {
  const m = TAIL.exec(title);
  if (!m || m.index === undefined) return null;
  const credit = (m[1] ?? "").trim();
  const rest = title.slice(0, m.index).trim();
  if (!substantial(rest)) return null;
  const bare = credit.replace(/\s*(\.\.\.|…)\s*$/, "");
  if (names.has(bare) || looksLikeOutlet(credit)) return { rest, credit };
  // A feed's cut-off credit: "… | The  ..." after a pipe.
  if (/^\|/.test(title.slice(m.index).trim()) && /(\.\.\.|…)$/.test(credit) && bare.split(/\s+/).length <= 2)
    return { rest, credit };
  return null;
}

/**
 * A title as readers should see it: trailing publisher credits removed ("…$8.8bn - Global Dispatch" → "…$8.8bn"),
 * and a wire's update marker ("UPDATE 2-") dropped. `names` are the publishers the caller knows: the article's own
 * source, a story's sources, or the whole registry.
 */
export function stripTitleCredit(title: string, names?: Names): string {
  const known = asNames(names);
  let out = title.replace(/\s+/g, " ").trim();
  out = out.replace(/^(?:UPDATE|REFILE|CORRECTED|RPT)(?:\s?\d+)?\s?-\s?(?=\S)/, "");
  for (let i = 0; i < 2; i++) {
    const cut = trailingCredit(out, known);
    if (!cut) break;
    out = cut.rest;
  }
  // A known name as a leading credit: "Global Dispatch - Rates rise…", "Byteline: …".
  const lead = /^(.{2,60}?)\s*(?:[-–—|:]|::)\s+/u.exec(out);
  if (lead && known.has(lead[1] ?? "") && substantial(out.slice(lead[0].length)))
    out = out.slice(lead[0].length);
  return out;
}

const DATELINE_AGENCY = /^(?:[\p{Lu}][\p{Lu}\p{M} .,'’-]{1,40}\s)?\(([^()]{2,40})\)\s*[-–—:]+\s*/u;
const BYLINE =
  /^By\s+((?:[\p{Lu}][\p{L}.'’-]*\s?){1,4})(?:,?\s*(?:Staff(?:\s(?:Writer|Reporter))?|Correspondent|Reporter|Associated Press|Special to [^-–—|]+))(?:\s*[-–—|:]\s*|\s*\n\s*|\s+(?=\p{Lu}))/u;
const BYLINE_SEPARATED = /^By\s+((?:[\p{Lu}][\p{L}.'’-]*\s?){1,4})\s*[-–—|]\s+/u;

/**
 * A lede without the credit a wire or an outlet puts before it: "WASHINGTON (Reuters) - ", "(AP) — ",
 * "By Jane Doe, Staff Writer - ". Known names anywhere in a dateline's parentheses count; an unknown one only when it
 * reads like an outlet or is a short upper-case agency code ("(AFP)").
 */
export function stripLedeCredit(text: string, names?: Names): string {
  const known = asNames(names);
  let out = text.replace(/^\s+/, "");
  const d = DATELINE_AGENCY.exec(out);
  if (d) {
    const who = (d[1] ?? "").trim();
    if (known.has(who) || looksLikeOutlet(who) || /^[\p{Lu}]{2,6}$/u.test(who)) out = out.slice(d[0].length);
  }
  const b = BYLINE.exec(out) ?? BYLINE_SEPARATED.exec(out);
  if (b && substantial(out.slice(b[0].length))) out = out.slice(b[0].length);
  return out;
}
