import nlp from "compromise/two";

import type { ArticleEntity } from "../entities/types";
import type { AssetClass } from "./registry";
import {
  DOMINANT,
  matchToken,
  nameTokens,
  rawWords,
  type NameEntry,
  type SecurityIndex,
} from "./security-index";
import { marketSentiment, securitySentiment, type Sentiment, type SentimentReading } from "./sentiment";

/** One security an article concerns, as stored with the article and shown in its payload. */
export interface ArticleTicker {
  symbol: string;
  name: string;
  asset_class: AssetClass;
  /** 0–1: how sure the tagger is that the article is about this security (not merely naming it). */
  confidence: number;
  sentiment: Sentiment;
  sentiment_score: number;
  /** The words of the text that tied it to the security ("$AAPL", "Apple", "iPhone"). */
  evidence: string;
}

export interface TagInput {
  title: string;
  excerpt?: string | null;
  /** The enrichment stage's entities of this article (not extracted again here). */
  entities?: readonly ArticleEntity[];
}

/** Tags below this confidence are not kept. */
export const MIN_CONFIDENCE = 0.3;

const words = (s: string) => new Set(s.split(/\s+/).filter(Boolean));

/**
 * Words right after an everyday-word company name that make it the company ("Target stores", "Delta flight",
 * "Shell shares", "Gap's sales"), and verbs a company does as the subject of a headline ("Target cuts").
 */
const COMPANY_AFTER = words(`
  inc corp corporation co company plc ltd group holdings stores store shares stock stocks earnings profit profits
  revenue sales results ceo chief boss executives employees workers staff customers shoppers flight flights plane
  planes jet jets pilots crew passengers app apps phone phones device devices cars vehicles trucks recall recalls
  deal deals merger bid bids takeover ipo outlets brand chain retailer unit division subsidiary board investors
  says said posts reports reported plans planned cuts cut sues sued launches launched unveils unveiled raises raised
  lowers beats misses agrees buys bought sells sold acquires acquired names hires fires opens closes closed expands
  wins won loses lost faces settles settled rises rose falls fell jumps jumped slides slid gains gained drops dropped
  slumps surges soars tumbles plunges sheds warns warned confirms denies rejects accepts offers pays paid invests
  announces announced reveals debuts introduces delays halts recalls quits exits enters lays hikes boosts slashes
  shutters scraps sheds signs signed teams partners rolls ships shipped releases released tops topped
`);
/** Verbs after "to" that make the name before it a company acting ("Target to cut 1,700 jobs"). */
const TO_VERBS = words(`
  cut buy sell close open acquire hire launch pay raise exit shut build offer stop invest expand split list merge
  appeal settle face add drop end start resume replace remove reduce sue spin slash axe boost restructure release
  unveil introduce debut enter leave bring take make create move shift report post join
`);
/** Words right before an everyday-word company name that make it the company ("downgrades Ball", "rival Gap"). */
const COMPANY_BEFORE = words(`
  downgrades downgraded upgrades upgraded initiates reiterates rates rated buy buys bought acquire acquires
  rival rivals retailer retailers giant chain maker carrier airline insurer lender firm company investors
  versus vs against sues sued
`);
/** Words close to a commodity, currency or index word that make it the market price ("gold edges up"). */
const PRICE_NEAR = words(`
  price prices futures spot rally rallies rallied rise rises rising rose fall falls falling fell gain gains gained
  drop drops dropped climb climbs climbed slip slips slipped slide slides slid surge surges surged jump jumps jumped
  tumble tumbles tumbled plunge plunges plunged soar soars soared sink sinks sank edge edges edged shed sheds
  ease eases eased firm firms firmed steady steadies flat high highs low lows record ounce barrel barrels bpd
  trading traders markets market investors versus vs against pressure strengthens weakens strengthened weakened
  strong stronger weak weaker rebound rebounds rebounded extends extend holds hold dips dip dipped recovers
  recovered pares pare higher lower down up losses loss gain bulls bears outlook forecast demand supply output
  stockpiles inventories etf etfs holdings mining miners per percent pct points shock hit hits decline declines
  declined declining advance advances advanced slump slumps slumped sliding falling climbing soaring surging
  jumping tumbling plunging sinking gaining dropping rallying rebounding weaker stronger buy sell signal bullish
  bearish selloff sell-off crash crashes crashed volatility
`);
/** A price or move right after a market word ("gold hits $1,300", "Sensex up 2%", "TSX tops 15000"). */
const NUMBERISH = /^([$€£¥]\d|\d[\d,.]*(%|k|m|bn)?$)/;

/** Words before a dominant everyday-word name that make it a common noun ("price target", "the gap"). */
const NOUN_BEFORE = words(`
  a an the its their our his her your my this that new key main primary easy prime soft price inflation sales
  profit earnings growth deficit budget emissions jobs hard moving
`);
/** Words after a dominant everyday-word name that make it a common noun ("Target of", "Target rates"). */
const NOUN_AFTER = words(
  "of for range rates rate price prices date dates audience practice shooting zone area credit",
);
/** Words after a currency or index word that make it something else than its market ("euro zone", "Nikkei says"). */
const MARKET_NOT_AFTER = words(`
  zone area bond bonds debt crisis notes denominated coins coin banknotes member members countries nations summit
  region group says said reports reported newspaper daily survey pmi manufacturing
`);

/** A word before a platform's name that makes it a medium, not the subject ("on Facebook", "with your iPhone"). */
const PASSING = words("on via using through to for with your my his her their our");
/** Companies headlines name as the medium of something else ("posted on Facebook", "streams on Netflix"). */
const PLATFORMS = new Set(["META", "GOOGL", "SNAP", "PINS", "NFLX", "SPOT", "RDDT", "MSFT", "AMZN", "AAPL"]);
/** Rating vocabulary: in such a headline a bank named "at"/"by" or leading a rating verb is the analyst. */
const RATING =
  /\b(price target|target price|pt|upgrades?|upgraded|downgrades?|downgraded|initiates? coverage|reiterat\w+)\b|\bto (buy|sell|hold|neutral|outperform|underperform|overweight|underweight|market perform|equal[- ]weight)\b|\b(ups|raises|lifts|cuts|lowers|boosts|trims) (its )?(price )?target\b/i;
const RATING_VERB =
  /^(upgrades?|downgrades?|upgraded|downgraded|initiates|reiterates|rates|raises|lowers|cuts|boosts|lifts|increases|ups|trims|reduces|sets|starts|assumes|resumes)$/;

/** Words after a name that make it something else than the company or asset ("Amazon rainforest", "gold medal"). */
const NOT_AFTER = words(`
  river rainforest basin jungle forest forests tribe tribes warriors pie pies juice cider orchard orchards tree
  trees seeds medal medals medallist medalist medalists coast rush card cards globe globes nugget painting paintings
  spill spills slick rig rigs well wells field fields lining
`);

/** Exchange prefixes of a qualified ticker: "(NASDAQ: AAPL)", "NYSE:IBM", "LSE: BP". */
const QUALIFIED =
  /\b(?:NASDAQ|NASDAQGS|NASDAQGM|NYSE|NYSE ?American|NYSE ?Arca|AMEX|LSE|LON|TSX|TSE|ASX|HKEX|SGX|XETRA|FWB|Euronext|OTC|OTCQX|OTCQB|BATS|Cboe)\s*:\s*([A-Z][A-Z0-9.\-&]{0,9})\b/g;
/** A cashtag: "$AAPL", "$BTC". */
const CASHTAG = /(?:^|[^\w$])\$([A-Z][A-Z0-9.]{0,9})\b/g;
/** A bare symbol in parentheses, as headlines of market wires add it: "Intel PT Raised … (INTC)". */
const PAREN_SYMBOL = /\(([A-Z][A-Z0-9.\-&]{2,9})\)/g;

interface Hit {
  entry: NameEntry;
  strength: number;
  evidence: string;
  /** Where it was found: the first FX currency pair of a text is read against the second (crosses). */
  at: number;
  /** The words name the other side of the pair (the yen of USDJPY): its sentiment reads inverted. */
  invert?: boolean;
}

const combine = (a: number, b: number) => 1 - (1 - a) * (1 - b);

/**
 * Longer names of people and places the entity stage found, as token ranges: a security's name inside one is part
 * of that name ("Harrison Ford", "Amazon River"). A person's first word is left out: a company name before a
 * capitalised verb is often read as a first name ("Brent Pare Gains").
 */
function otherNames(tokens: readonly string[], entities: readonly ArticleEntity[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const e of entities) {
    if (e.type === "org") continue;
    for (const alias of new Set([e.name, ...e.aliases])) {
      const t = nameTokens(alias);
      if (t.length < 2) continue;
      for (let i = 0; i + t.length <= tokens.length; i++) {
        let ok = true;
        for (let k = 0; k < t.length && ok; k++) if (tokens[i + k] !== t[k]) ok = false;
        if (ok) ranges.push([i, i + t.length]);
        if (ok && e.type === "person") ranges[ranges.length - 1]![0] = -(i + 1);
      }
    }
  }
  return ranges;
}

/**
 * Whether [start, end) lies inside a longer range; a negative start `-(i + 1)` marks a person's name starting at i,
 * whose first word does not count.
 */
function insideLonger(ranges: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  return ranges.some(([a0, b]) => {
    const person = a0 < 0;
    const a = person ? -a0 - 1 : a0;
    if (b - a <= end - start || start < a || end > b) return false;
    return !(person && start === a);
  });
}

interface Span {
  raw: readonly string[];
  tokens: readonly string[];
  start: number;
  end: number;
}

/** Words around a name that its part-of-speech reading looks at (compromise tags them in context). */
const POS_WINDOW = 4;

/**
 * Part-of-speech tags of the words around `span`, by their position in the text (compromise, on the span and
 * `POS_WINDOW` words either side: enough context for the tags read here, and a fraction of a whole lede's cost).
 */
function posTags({ raw, start, end }: Span): (i: number) => Set<string> | undefined {
  const from = Math.max(0, start - POS_WINDOW);
  const words = raw.slice(from, Math.min(raw.length, end + POS_WINDOW));
  const terms = nlp(words.join(" ")).terms().json() as Array<{ terms: Array<{ tags: string[] }> }>;
  const tags = terms.map((t) => new Set(t.terms[0]?.tags ?? []));
  if (tags.length !== words.length) return () => undefined;
  return (i) => tags[i - from];
}

const NAME_TAGS = ["Person", "FirstName", "LastName", "Place", "City", "Country", "Region"];
/** Small words inside a company's name that stay lower case in a headline ("Bank of America"). */
const JOINERS = words("of and the de du la le des");

/** Whether an everyday-word company name at `span` is written and used as the company. */
function readsAsCompany(span: Span, symbolNamed: boolean): boolean {
  const { raw, tokens, start, end } = span;
  for (let k = start; k < end; k++) if (!/^[A-Z0-9&]/.test(raw[k]!) && !JOINERS.has(tokens[k]!)) return false;
  if (symbolNamed) return true;
  const prev = tokens[start - 1];
  const next = tokens[end];
  if ((prev && NOUN_BEFORE.has(prev)) || (next && NOUN_AFTER.has(next))) return false;
  // The last word of a longer name ("Sycamore Partners", "Harrison Ford") or a person's or a place's name.
  const tags = posTags(span);
  const own = tags(start) ?? new Set<string>();
  const before = tags(start - 1);
  if (NAME_TAGS.some((t) => own.has(t))) return false;
  if (before && (before.has("Organization") || before.has("Person")) && own.has("Organization")) return false;
  if (end - start === 1 && DOMINANT.has(tokens[start]!)) return true;
  if (/'s?$/.test(raw[end - 1]!)) return true;
  if (next && COMPANY_AFTER.has(next)) return true;
  if (next === "to" && TO_VERBS.has(tokens[end + 1] ?? "")) return true;
  if (prev && COMPANY_BEFORE.has(prev)) return true;
  // A verb in the present or past right after the name makes it the subject ("Target apologizes for…"); a
  // participle does not ("Rocket carrying a probe").
  const verb = tags(end);
  if (
    verb?.has("Verb") &&
    !verb.has("Noun") &&
    !verb.has("Gerund") &&
    (verb.has("PresentTense") || verb.has("PastTense"))
  )
    return true;
  return false;
}

/** Whether a commodity, currency or index word at `span` is about its market price. */
function readsAsMarket({ tokens, start, end }: Span, fx: boolean): boolean {
  // A currency word before a figure is a price in that currency ("launches at Euro 99"), not its market.
  if (fx && NUMBERISH.test(tokens[end] ?? "")) return false;
  if (MARKET_NOT_AFTER.has(tokens[end] ?? "") || MARKET_NOT_AFTER.has(tokens[end + 1] ?? "")) return false;
  for (let k = Math.max(0, start - 2); k < Math.min(tokens.length, end + 4); k++) {
    if (k >= start && k < end) continue;
    const t = tokens[k]!;
    if (PRICE_NEAR.has(t) || t.endsWith("%") || (k >= end && k < end + 2 && NUMBERISH.test(t))) return true;
  }
  return false;
}

/** Name hits of one text with its currency pairs read together. */
function scanText(index: SecurityIndex, text: string, inHeadline: boolean, ctx: ScanContext): Hit[] {
  const raw = rawWords(text);
  const tokens = raw.map(matchToken);
  return currencies(index, text, tokens, scanNames(index, raw, tokens, inHeadline, ctx));
}

interface ScanContext {
  entities: readonly ArticleEntity[];
  symbols: ReadonlySet<string>;
  rating: boolean;
}

/** Name hits in one text (the headline or the lede). */
function scanNames(
  index: SecurityIndex,
  raw: readonly string[],
  tokens: readonly string[],
  inHeadline: boolean,
  ctx: ScanContext,
): Hit[] {
  const others = otherNames(tokens, ctx.entities);
  const hits: Hit[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const found = index.longestAt(tokens, i);
    if (!found) continue;
    const { entry, length } = found;
    const span: Span = { raw, tokens, start: i, end: i + length };
    i = span.end - 1;
    if (insideLonger(others, span.start, span.end)) continue;
    const after = tokens[span.end];
    if (after && NOT_AFTER.has(after)) continue;
    // One word after "&" ends another name ("Barnes & Noble").
    if (length === 1 && tokens[span.start - 1] === "&") continue;
    const cls = entry.security.assetClass;
    const first = raw[span.start]!;
    // A company's one-word name is written as a name ("Titan", "eBay"), not as a word ("hedge fund titan").
    if (cls === "equity" && length === 1 && !/^[A-Z0-9]|^[a-z]+[A-Z]/.test(first)) continue;
    // Crypto and currency codes count only as written, in capitals ("BTC", not "btc").
    if (entry.kind === "symbol" && cls !== "index" && first !== first.toUpperCase()) continue;
    const market = cls === "commodity" || cls === "fx" || cls === "index" || cls === "crypto";
    let strength: number;
    if (entry.ambiguous) {
      if (
        market
          ? !readsAsMarket(span, cls === "fx")
          : !readsAsCompany(span, ctx.symbols.has(entry.security.symbol))
      )
        continue;
      strength = inHeadline ? 0.8 : 0.55;
    } else if (entry.kind === "brand") {
      strength = inHeadline ? 0.6 : 0.45;
    } else {
      strength = inHeadline ? 0.9 : 0.65;
    }
    const prev = tokens[span.start - 1];
    if (prev && PASSING.has(prev) && (entry.kind === "brand" || PLATFORMS.has(entry.security.symbol)))
      strength *= 0.55;
    // In a rating headline, the bank "at"/"by" which, or that leads the rating verb, is the analyst, not the subject.
    if (
      ctx.rating &&
      (cls === "equity" || cls === "index") &&
      ((prev && (prev === "at" || prev === "by")) || RATING_VERB.test(tokens[span.end] ?? ""))
    )
      strength *= 0.3;
    const evidence = raw.slice(span.start, span.end).join(" ");
    // "The yen rises" moves USDJPY down; "dollar-yen" or "USD/JPY" names the pair itself.
    const invert =
      cls === "fx" && entry.security.symbol.startsWith("USD") && !/dollar|usd|\/|-/i.test(evidence);
    hits.push({ entry, strength, evidence, at: span.start, invert });
  }
  return hits;
}

/** Explicit tickers: cashtags, exchange-qualified and parenthesised symbols that the registry knows. */
function scanSymbols(index: SecurityIndex, text: string): Hit[] {
  const hits: Hit[] = [];
  for (const [re, strength] of [
    [QUALIFIED, 0.95],
    [CASHTAG, 0.95],
    [PAREN_SYMBOL, 0.9],
  ] as const) {
    for (const m of text.matchAll(new RegExp(re.source, re.flags))) {
      const s = index.bySymbol.get(m[1]!.replace(/\.$/, ""));
      if (s)
        hits.push({
          entry: { security: s, kind: "name", ambiguous: false },
          strength,
          evidence: m[0].trim(),
          at: -1,
        });
    }
  }
  return hits;
}

/** The non-US-dollar currency of a USD pair ("EURUSD" → "EUR"), or null. */
function currencyOf(symbol: string): string | null {
  if (!/^[A-Z]{6}$/.test(symbol)) return null;
  if (symbol.startsWith("USD")) return symbol.slice(3);
  if (symbol.endsWith("USD")) return symbol.slice(0, 3);
  return null;
}

/** Words between two currencies that set one against the other ("yen rises versus the euro"). */
const AGAINST = words("versus vs vs. against to");
/** Generic oil words: they mean WTI only when the text names no other crude benchmark. */
const GENERIC_OIL = new Set(["oil", "crude", "crude oil", "oil price", "oil prices"]);
/** An explicit currency pair: "EUR/GBP", "USD-JPY". */
const PAIR = /\b([A-Z]{3})[/-]([A-Z]{3})\b/g;

/**
 * Currency readings of one text (its name hits, in order): an explicit pair ("EUR/GBP") takes the currency
 * words of its two sides; two currencies set against each other ("yen rises versus the euro") are their cross
 * (EURJPY) when the registry has it; the dollar named beside one dollar pair is that pair's other side. The
 * currency named first is the subject: the pair reads inverted when it is the quote ("sterling falls" is bullish
 * for EURGBP).
 */
function currencies(index: SecurityIndex, text: string, tokens: readonly string[], hits: Hit[]): Hit[] {
  let out = hits;
  const fxOf = (h: Hit) =>
    h.entry.security.assetClass === "fx"
      ? currencyOf(h.entry.security.symbol)
      : h.entry.security.symbol === "DXY"
        ? "USD"
        : null;
  for (const m of text.matchAll(new RegExp(PAIR.source, "g"))) {
    const pair = index.bySymbol.get(m[1]! + m[2]!);
    if (!pair) continue;
    const sides = new Set([m[1]!, m[2]!]);
    const named = out.filter((h) => sides.has(fxOf(h) ?? "") && h.entry.security.symbol !== pair.symbol);
    const subject = named[0] ? fxOf(named[0]) : null;
    out = out.filter((h) => !named.includes(h) && h.entry.security.symbol !== pair.symbol);
    out.push({
      entry: { security: pair, kind: "symbol", ambiguous: false },
      strength: 0.9,
      evidence: named[0]?.evidence ?? m[0],
      at: named[0]?.at ?? -1,
      invert: subject !== null && pair.symbol.endsWith(subject) && !pair.symbol.startsWith(subject),
    });
  }
  const fx = out.filter((h) => fxOf(h) !== null && h.at >= 0).sort((x, y) => x.at - y.at);
  for (let i = 0; i + 1 < fx.length; i++) {
    const [a, b] = [fx[i]!, fx[i + 1]!];
    const ca = fxOf(a)!;
    const cb = fxOf(b)!;
    if (ca === cb || !tokens.slice(a.at + 1, b.at).some((t) => AGAINST.has(t))) continue;
    const pairSymbol =
      ca === "USD" || cb === "USD"
        ? (ca === "USD" ? b : a).entry.security.symbol
        : (index.bySymbol.get(ca + cb)?.symbol ?? index.bySymbol.get(cb + ca)?.symbol);
    const pair = pairSymbol ? index.bySymbol.get(pairSymbol) : undefined;
    if (!pair) continue;
    out = [
      ...out.filter((h) => h !== a && h !== b),
      {
        entry: { security: pair, kind: "alias", ambiguous: true },
        strength: Math.max(a.strength, b.strength),
        evidence: a.evidence,
        at: a.at,
        invert: pair.symbol.endsWith(ca),
      },
    ];
    i++;
  }
  // "Oil" beside Brent is Brent's market, not a second one.
  if (out.some((h) => h.entry.security.symbol === "BZ=F"))
    out = out.filter(
      (h) => !(h.entry.security.symbol === "CL=F" && GENERIC_OIL.has(h.evidence.toLowerCase())),
    );
  return out;
}

/**
 * The securities an article concerns, from its headline and lede: explicit tickers ("$AAPL", "(NASDAQ: AAPL)",
 * "(INTC)"), the registry's names and aliases (longest match first), its brands, and the organisations the entity
 * stage found. An everyday-word name ("Target", "Shell") counts only where it is written and used as a company,
 * a commodity or currency word ("gold", "the euro") only next to market words; a name inside a person's or a
 * place's name ("Harrison Ford", "Amazon River") does not count. A company the text names only as a medium ("on
 * Facebook") or as the analyst of a rating counts for less. Each tag carries the market sentiment of the
 * words about that security (securitySentiment).
 */
export function tagArticle(index: SecurityIndex, input: TagInput): ArticleTicker[] {
  const entities = input.entities ?? [];
  const titleSymbols = scanSymbols(index, input.title);
  const ledeSymbols = input.excerpt ? scanSymbols(index, input.excerpt) : [];
  const ctx = {
    entities,
    symbols: new Set([...titleSymbols, ...ledeSymbols].map((h) => h.entry.security.symbol)),
    rating: RATING.test(input.title),
  };
  const headlineHits = [...titleSymbols, ...scanText(index, input.title, true, ctx)];
  const ledeHits = input.excerpt ? [...ledeSymbols, ...scanText(index, input.excerpt, false, ctx)] : [];
  const seen = new Set([...headlineHits, ...ledeHits].map((h) => h.entry.security.symbol));
  // Organisations the entity stage typed, under a name the scan above did not meet (it resolved another form).
  const entityHits: Hit[] = [];
  const text = `${input.title} ${input.excerpt ?? ""}`;
  const textTokens = new Set(nameTokens(text));
  for (const e of entities) {
    if (e.type !== "org") continue;
    const entry = index.lookupName(e.name);
    if (!entry || entry.ambiguous || entry.security.assetClass !== "equity") continue;
    if (seen.has(entry.security.symbol) || nameTokens(e.name).every((t) => textTokens.has(t))) continue;
    entityHits.push({ entry, strength: 0.6, evidence: e.name, at: -1 });
  }
  const bySymbol = new Map<string, { hit: Hit; confidence: number }>();
  for (const h of [...headlineHits, ...ledeHits, ...entityHits]) {
    const sym = h.entry.security.symbol;
    const cur = bySymbol.get(sym);
    if (!cur) bySymbol.set(sym, { hit: h, confidence: h.strength });
    else {
      cur.confidence = Math.min(0.99, combine(cur.confidence, h.strength * 0.5));
      if (h.strength > cur.hit.strength) cur.hit = h;
    }
  }
  // A headline that lists many securities ("stocks to watch") is about each of them less.
  const inTitle = new Set(headlineHits.map((h) => h.entry.security.symbol)).size;
  const crowd = inTitle >= 4 ? 0.8 : 1;
  let whole: SentimentReading | undefined;
  return [...bySymbol.values()]
    .map(({ hit, confidence }) => {
      whole ??= marketSentiment(input.title, input.excerpt);
      const tone = securitySentiment(input.title, input.excerpt, hit.evidence, hit.invert, whole);
      return {
        symbol: hit.entry.security.symbol,
        name: hit.entry.security.name,
        asset_class: hit.entry.security.assetClass,
        confidence: Math.round(confidence * crowd * 1000) / 1000,
        sentiment: tone.sentiment,
        sentiment_score: tone.score,
        evidence: hit.evidence,
      };
    })
    .filter((t) => t.confidence >= MIN_CONFIDENCE)
    .sort((a, b) => b.confidence - a.confidence || a.symbol.localeCompare(b.symbol));
}
