import { isCommonWord, isKnownNameOrPlace } from "../entities/common-words";
import { normSymbol, type Brand, type Security } from "./registry";

/** How a name found in text ties to a security. */
export type NameKind = "name" | "alias" | "brand" | "symbol";

export interface NameEntry {
  security: Security;
  kind: NameKind;
  /** The name is an everyday word or phrase ("Target", "Gap", "gold", "the euro"): it needs context to count. */
  ambiguous: boolean;
}

/** Words that end a company's legal name and are dropped to get the name headlines use. */
const LEGAL_SUFFIXES = new Set(
  (
    "inc incorporated corp corporation co company companies ltd limited plc llc lp ag se sa nv n.v. s.a. spa s.p.a. " +
    "asa ab oyj a/s kgaa bhd tbk pcl holdings holding group the class a b c common stock shares ordinary adr"
  ).split(" "),
);

/** Words of a text as written: inner `&`, `'` and `.` kept ("AT&T", "Macy's", "U.S."); a hyphen splits. */
export function rawWords(text: string): string[] {
  return text.replace(/[’‘`]/g, "'").match(/[A-Za-z0-9](?:[A-Za-z0-9&'.]*[A-Za-z0-9&])?%?|&/g) ?? [];
}

/** A word as names are matched: lower case, without a possessive or a final dot ("Macy's" → "macy"). */
export const matchToken = (word: string): string =>
  word
    .toLowerCase()
    .replace(/'s$|'$/, "")
    .replace(/\.$/, "");

/** Lower-case tokens of a name or text ("Coca-Cola" → "coca", "cola"; "AT&T" → "at&t"). */
export function nameTokens(text: string): string[] {
  return rawWords(text).map(matchToken);
}

/** The name without its legal form: "Apple Inc." → "apple", "The Coca-Cola Company" → "coca", "cola". */
export function shortName(name: string): string[] {
  const tokens = nameTokens(name.replace(/\(.*?\)/g, " ").replace(/,/g, " "));
  while (tokens.length > 1 && LEGAL_SUFFIXES.has(tokens[tokens.length - 1]!)) tokens.pop();
  while (tokens.length > 1 && tokens[0] === "the") tokens.shift();
  return tokens;
}

/** Words that describe a company's trade after its name ("Uber Technologies", "Ford Motor"). */
const TRADE_SUFFIXES = new Set(
  (
    "technologies technology systems industries international holdings group motor motors pharmaceuticals " +
    "therapeutics entertainment communications brands foods enterprises resources energy financial bancorp " +
    "corporation airlines networks software semiconductor semiconductors electronics petroleum healthcare"
  ).split(" "),
);

/**
 * The name as headlines shorten it further: the short name without its trade words, when what is left is one
 * word that is not an everyday word ("Uber Technologies" → "uber"); else null.
 */
export function brandName(name: string): string[] | null {
  const tokens = shortName(name);
  while (tokens.length > 1 && TRADE_SUFFIXES.has(tokens[tokens.length - 1]!)) tokens.pop();
  if (tokens.length !== 1 || tokens[0]!.length < 3) return null;
  return tokens;
}

/** Names of one token that mean something else first, beyond what the English lexicon knows as common words. */
const AMBIGUOUS_EXTRA = new Set(
  (
    "ford delta shell target gap visa oracle amazon apple mosaic progressive southern discovery ball corning " +
    "titan pandora hershey noble standard mitsubishi express galaxy jump sky prudential legal aviva next " +
    "sprint coach allstate general dollar chase square block snap zoom unity fox news american united " +
    "best global first national genuine pool match paramount marathon booking caterpillar deere regions " +
    "citizens equity public realty waste dover eaton jacobs masco quanta ross tyson carrier otis hess baker " +
    "devon apa state lowe crown edison moody"
  ).split(" "),
);

/**
 * Everyday-word names whose company reading dominates in the news when written as a name ("Apple avoids…",
 * "Ford concedes…"): they count unless the words around make them a common noun ("price target", "Target of").
 */
export const DOMINANT = new Set(
  "apple amazon ford shell oracle intel visa coke chevron caterpillar tesla boeing starbucks uber".split(" "),
);

/** Names of several everyday words that are also common phrases ("best buy", "waste management"). */
const PHRASES = new Set([
  "best buy",
  "waste management",
  "public storage",
  "realty income",
  "general electric",
]);

/** Names the English lexicon knows as common words that in the news mean the asset or market, nothing else. */
const UNAMBIGUOUS = new Set(["uber", "bitcoin", "ethereum", "dogecoin", "litecoin", "wti"]);

/**
 * The registry's names, short names, aliases and brands, as token sequences for longest-first matching. A name of
 * one token that is a common English word (or listed above) is marked ambiguous; so is every commodity, currency
 * and index word ("gold", "euro", "Dow") and every name of fewer than three letters.
 */
export class SecurityIndex {
  readonly bySymbol = new Map<string, Security>();
  /** First token → entries starting with it, longest first. */
  private readonly heads = new Map<string, Array<{ tokens: string[]; entry: NameEntry }>>();
  readonly maxTokens: number;

  constructor(securities: readonly Security[], brands: readonly Brand[] = []) {
    for (const s of securities) this.bySymbol.set(normSymbol(s.symbol), s);
    const seen = new Set<string>();
    const add = (tokens: string[], security: Security, kind: NameKind, shortened = false) => {
      if (tokens.length === 0) return;
      const key = tokens.join(" ");
      if (seen.has(key)) return;
      seen.add(key);
      const single = tokens.length === 1;
      const word = tokens[0]!;
      const ambiguous =
        !UNAMBIGUOUS.has(key) &&
        (security.assetClass === "commodity" ||
          security.assetClass === "fx" ||
          (single && security.assetClass === "index") ||
          (shortened && !DOMINANT.has(key)) ||
          kind === "symbol" ||
          PHRASES.has(key) ||
          (single && (word.length < 3 || isCommonWord(word) || AMBIGUOUS_EXTRA.has(word))) ||
          (!single && tokens.every((t) => t === "&" || isCommonWord(t))));
      const list = this.heads.get(word) ?? [];
      list.push({ tokens, entry: { security, kind, ambiguous } });
      list.sort((a, b) => b.tokens.length - a.tokens.length);
      this.heads.set(word, list);
    };
    // Full names and aliases first, so a name two securities share goes to the one that names it fully.
    for (const s of securities) add(nameTokens(s.name), s, "name");
    for (const s of securities) for (const a of s.aliases) add(nameTokens(a), s, "alias");
    // A short name that is an everyday word ("Partners" of "Partners Group Holding AG") is no name of its own: the
    // registry lists it as an alias where the news does use it ("Target").
    for (const s of securities) {
      const short = shortName(s.name);
      // A one-word short name the registry does not list as an alias is taken with context ("Rocket" of "Rocket
      // Companies" is mostly a rocket).
      if (short.length > 1) add(short, s, "name");
      else if (
        DOMINANT.has(short[0] ?? "") ||
        !(isCommonWord(short[0] ?? "") || isKnownNameOrPlace(short[0] ?? ""))
      )
        add(short, s, "name", true);
    }
    for (const b of brands) {
      const s = this.bySymbol.get(b.symbol);
      if (s) add(nameTokens(b.brand), s, "brand");
    }
    // Shortened names ("Uber" of "Uber Technologies") last, and only those no two securities share; an everyday
    // word ("General", "Partners") is no short form, unless the company is what the news means by it.
    const shortened = new Map<string, Security[]>();
    for (const s of securities) {
      const brand = s.assetClass === "equity" ? brandName(s.name) : null;
      if (
        brand &&
        /^[a-z]+$/.test(brand[0]!) &&
        (DOMINANT.has(brand[0]!) || !(isCommonWord(brand[0]!) || isKnownNameOrPlace(brand[0]!)))
      )
        shortened.set(brand[0]!, [...(shortened.get(brand[0]!) ?? []), s]);
    }
    for (const [word, list] of shortened) if (list.length === 1) add([word], list[0]!, "alias", true);
    // The symbols of indices, currencies and cryptoassets are also how headlines write them ("VIX", "Sensex", "BTC");
    // as words they need market context like any market name.
    for (const s of securities)
      if (s.assetClass !== "equity" && s.assetClass !== "etf" && /^[A-Z]{3,}$/.test(s.symbol))
        add([s.symbol.toLowerCase()], s, "symbol");
    this.maxTokens = Math.max(1, ...[...this.heads.values()].flat().map((e) => e.tokens.length));
  }

  /** The longest name starting at `tokens[i]`, with the number of tokens it spans. */
  longestAt(tokens: readonly string[], i: number): { entry: NameEntry; length: number } | null {
    for (const cand of this.heads.get(tokens[i]!) ?? []) {
      const n = cand.tokens.length;
      if (i + n > tokens.length) continue;
      let ok = true;
      for (let k = 1; k < n; k++) if (tokens[i + k] !== cand.tokens[k]) ok = false;
      if (ok) return { entry: cand.entry, length: n };
    }
    return null;
  }

  /** The entry of a whole name (an extracted entity's name or alias), if the registry knows it. */
  lookupName(name: string): NameEntry | null {
    const tokens = nameTokens(name);
    if (tokens.length === 0) return null;
    const hit = this.longestAt(tokens, 0);
    if (hit && hit.length === tokens.length) return hit.entry;
    const short = shortName(name);
    const again = short.length ? this.longestAt(short, 0) : null;
    return again && again.length === short.length ? again.entry : null;
  }

  get size(): number {
    return this.bySymbol.size;
  }
}
