import { afinn165FinancialMarketNews as AFINN } from "afinn-165-financialmarketnews";

/**
 * Market sentiment of a headline and its lede, for the holder of a security the text concerns: a score in
 * [-1, 1] (negative = bearish) and its class. Word valences come from the AFINN-165 lexicon adapted to financial
 * market news; the phrases below, which carry most of a market headline's direction, weigh more and override the
 * words they contain. A negation just before a word or phrase ("not", "no", "fails to") turns it around.
 */

export type Sentiment = "bullish" | "bearish" | "neutral";

export interface SentimentReading {
  score: number;
  sentiment: Sentiment;
  /** The phrases and words that moved the score, strongest first (for the rationale). */
  cues: string[];
}

/** Finance phrasing, as regular expressions over lower-case text, with a valence on AFINN's −5…5 scale. */
const PHRASES: Array<[RegExp, number]> = [
  [
    /\b(beats?|beating|tops?|topped|exceeds?|exceeded|surpass(es|ed)?) (analysts'? )?(estimates?|expectations|forecasts?|views?|consensus)\b/,
    4,
  ],
  [
    /\b(miss(es|ed)?|falls? short of|fell short of|below) (analysts'? )?(estimates?|expectations|forecasts?|views?|consensus)\b/,
    -4,
  ],
  [
    /\b(raises?|raised|lifts?|lifted|boosts?|boosted|ups) (its |full[- ]year |annual |profit |sales |revenue |earnings )*(guidance|outlook|forecast|target)s?\b/,
    4,
  ],
  [
    /\b(cuts?|lowers?|lowered|slashes|slashed|trims?|trimmed|reduces?|reduced) (its |full[- ]year |annual |profit |sales |revenue |earnings )*(guidance|outlook|forecast)s?\b/,
    -4,
  ],
  [/\bguidance cut\b|\bprofit warning\b|\bwarns? (on|of) (profit|sales|earnings|revenue)/, -4],
  [/\b(cuts?|lowers?|slashes|trims?) (\w+ ){1,2}(outlook|forecast|guidance|ratings?)\b/, -3],
  [/\b(recalling|probed|crash(es|ed)? worldwide|goes down|outages?)\b/, -3],
  [
    /\b(rejects?|rejected|denies|denied|refuses|refused|blocks|blocked|bans?|banned|closure|shuts? down|urged to)\b/,
    -2,
  ],
  [/\b(in favou?r of|rules? for|hiring|to hire|hires|shining|shines|flies)\b/, 2],
  [/\b(ends?|closes?|finish(es)?) (up|higher)\b/, 2],
  [/\b(ends?|closes?|finish(es)?) (down|lower)\b|\bflails?\b/, -2],
  [/\bupgrade[sd]?\b|\braised to (buy|outperform|overweight)\b/, 3],
  [/\bdowngrade[sd]?\b|\bcut to (sell|underperform|underweight|neutral|hold)\b/, -3],
  [/\brecalls?\b|\brecalled\b/, -3],
  [/\brecord (profit|profits|sales|revenue|earnings|high|quarter)\b|\ball-time high\b/, 4],
  [
    /\b(profit|earnings|net income|sales|revenue)s? (jumps?|jumped|soars?|soared|surges?|surged|rises?|rose|climbs?|climbed|grows?|grew|doubles?|doubled|beats?)\b/,
    3,
  ],
  [
    /\b(profit|earnings|net income|sales|revenue)s? (falls?|fell|drops?|dropped|slumps?|slumped|plunges?|plunged|declines?|declined|tumbles?|tumbled|slides?|slid|shrinks?|shrank|misses)\b/,
    -3,
  ],
  [
    /\b(shares?|stocks?|prices?)( \w+)? (jumps?|jumped|soars?|soared|surges?|surged|rall(y|ies|ied)|climbs?|climbed|rises?|rose|gains?|gained|spikes?|spiked|rebounds?|rebounded)\b/,
    3,
  ],
  [
    /\b(shares?|stocks?|prices?)( \w+)? (falls?|fell|drops?|dropped|slumps?|slumped|plunges?|plunged|tumbles?|tumbled|sinks?|sank|slides?|slid|dives?|dived|crash(es|ed)?|sink)\b/,
    -3,
  ],
  [/\b(files?|filed|filing) for bankruptcy\b|\bbankrupt(cy)?\b|\bchapter 11\b/, -5],
  [/\b(job|jobs|workforce) cuts?\b|\b(cuts?|slashes|axes) [\d,]+ jobs\b|\blayoffs?\b/, -2],
  [/\b(fined|fine of|penalty|penalised|penalized|sanctioned)\b/, -3],
  [/\b(sued|sues|lawsuit|class action|probe|investigation|investigat(es|ed|ing)|antitrust)\b/, -2],
  [
    /\bfaces? (\$|fine|fines|lawsuit|probe|charges|demand|penalty|penalties|scrutiny|pressure|questions|backlash)/,
    -2,
  ],
  [/\b(benefits?|boosted by|helped by|is back|are back)\b/, 2],
  [/\b(inc|corp|shares|stock|stocks)? ?up on\b/, 2],
  [/\b(inc|corp|shares|stock|stocks)? ?down on\b/, -2],
  [/^(buy|accumulate)\b|\bbuy (signal|rating)\b/, 3],
  [/^(sell|avoid)\b|\bsell (signal|rating)\b/, -3],
  [
    /\b(wins?|won) (approval|contract|order|deal|case|lawsuit|ruling|appeal)\b|\b(approval|approved|approves)\b/,
    3,
  ],
  [/\b(loses?|lost) (appeal|case|lawsuit|ruling|contract|bid)\b/, -3],
  [/\b(buyback|share repurchase|dividend (hike|increase|raised))\b/, 3],
  [/\b(dividend (cut|suspended|slashed))\b/, -3],
  [/\b(ceo|chief executive|cfo|chairman) (resigns?|quits?|ousted|steps? down|fired)\b/, -2],
  [/\b(data breach|hack(ed)?|outage|glitch(es)?|halts? production)\b/, -2],
  [/\b(takeover|buyout) (bid|offer)\b|\b(agrees? to buy|to acquire|acquires)\b|\btakeover target\b/, 1],
  [
    /\b(pt|price target|target price)s? (raised|increased|boosted|lifted|hiked)\b|\braises? (its )?(pt|price target)\b/,
    3,
  ],
  [
    /\b(pt|price target|target price)s? (cut|lowered|reduced|trimmed)\b|\b(cuts?|lowers?) (its )?(pt|price target)\b/,
    -3,
  ],
  [
    /\b(avoids?|avoided|escapes?|escaping|dodges?|dodged|survives?|survived|succeeds?|comeback|come back|rebounds?|rebounded|recovers?|recovered)\b/,
    2,
  ],
  [
    /\bcloser to (owning|buying|acquiring|closing|a deal|deal|approval)\b|\bclears? (hurdle|regulators|approval)\b/,
    2,
  ],
  [/\bpares? (gains|advance)\b|\bgives? up gains\b|\bunder pressure\b|\bfades?\b/, -2],
  [
    /\b(concedes?|conceded|overstated|fudg(e|es|ed|ing)|caught|scraps?|scrapped|cancels?|cancell?ed|crumbles?|crumbled|sluggish|weaker|weakens?|weakened)\b/,
    -2,
  ],
  [/\b(share price|shares|stock|stocks|price|prices)( \w+)? (is |are )?up\b/, 2],
  [/\b(share price|shares|stock|stocks|price|prices)( \w+)? (is |are )?down\b/, -2],
  [/\b(threatens?|threatened|threat to)\b/, -2],
  // Bare movement verbs: in a market headline the asset's move is its direction for the holder.
  [
    /\b(rises?|rose|rising|gains?|gained|gaining|jumps?|jumped|jumping|climbs?|climbed|climbing|surging|soaring|rallying|rebounding|edges? (up|higher)|higher|lifts?|lifted|advances?|advanced|firms?|firmed|strengthens?|strengthened|records?|record high|highs?|rall(y|ies|ied)|soars?|soared|surges?|surged|score big|tops?)\b/,
    2,
  ],
  [
    /\b(falls?|fell|falling|slips?|slipped|slipping|drops?|dropped|dropping|slides?|slid|sliding|tumbling|plunging|sinking|slumping|declining|sheds?|declines?|declined|edges? (down|lower)|lower|lows?|eases?|eased|dips?|dipped|sinks?|sank|tumbles?|tumbled|plunges?|plunged|slumps?|slumped|retreats?|retreated|at risk|hit by|hurt by|weighs? on)\b/,
    -2,
  ],
];

const NEGATORS =
  /\b(not|no|never|fails? to|failed to|without|won't|didn't|doesn't|isn't|aren't)\s+(\w+\s+){0,2}$/;

/** AFINN words that are neutral in market news (names, sectors, or ordinary business words). */
const NEUTRAL_WORDS = new Set([
  "apple",
  "gold",
  "fine",
  "share",
  "shares",
  "stock",
  "like",
  "united",
  "care",
  "top",
  "fire",
  "support",
  "help",
  "free",
  "big",
  "charging",
  "rejoice",
  "lovers",
  "hoping",
]);

const SCALE = 6;
/** AFINN word valences count this much beside the finance phrases. */
const WORD_WEIGHT = 0.35;
/** |score| from which a reading is bullish or bearish. */
const CLASS_AT = 0.25;

/** The phrases as global expressions, compiled once. */
const PHRASES_G: Array<[RegExp, number]> = PHRASES.map(([re, v]) => [new RegExp(re.source, "g"), v]);
const VALENCE = AFINN as Record<string, number>;

function negated(text: string, at: number): boolean {
  return NEGATORS.test(text.slice(Math.max(0, at - 24), at));
}

/** Sentiment of a headline and (optionally) its lede; the headline counts twice as much. */
export function marketSentiment(headline: string, lede?: string | null): SentimentReading {
  const parts: Array<[string, number]> = [[headline, 2]];
  if (lede) parts.push([lede.slice(0, 400), 1]);
  let total = 0;
  const cues: Array<[string, number]> = [];
  for (const [raw, weight] of parts) {
    const text = raw.toLowerCase();
    const covered: Array<[number, number]> = [];
    for (const [g, valence] of PHRASES_G) {
      for (const m of text.matchAll(g)) {
        const from = m.index ?? 0;
        const v = negated(text, from) ? -valence : valence;
        total += v * weight;
        covered.push([from, from + m[0].length]);
        cues.push([m[0], v * weight]);
      }
    }
    for (const m of text.matchAll(/[a-z][a-z'-]*/g)) {
      const from = m.index ?? 0;
      if (covered.some(([a, b]) => from >= a && from < b)) continue;
      const w = m[0];
      if (NEUTRAL_WORDS.has(w)) continue;
      const valence = Object.hasOwn(VALENCE, w) ? VALENCE[w] : undefined;
      if (typeof valence !== "number" || valence === 0) continue;
      const v = (negated(text, from) ? -valence : valence) * WORD_WEIGHT;
      total += v * weight;
      cues.push([w, v * weight]);
    }
  }
  const score = Math.round(Math.tanh(total / SCALE) * 1000) / 1000;
  const sentiment: Sentiment = score >= CLASS_AT ? "bullish" : score <= -CLASS_AT ? "bearish" : "neutral";
  const seen = new Set<string>();
  const ordered = cues
    .filter(([, v]) => (sentiment === "bullish" ? v > 0 : sentiment === "bearish" ? v < 0 : false))
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]))
    .map(([c]) => c)
    .filter((c) => !seen.has(c) && seen.add(c));
  return { score, sentiment, cues: ordered.slice(0, 3) };
}

/** Where a headline's clauses part: semicolons, colons, and the conjunctions that join two statements. */
const CLAUSE_BREAK =
  /\s*[;:]\s+|\s*,\s+(?=(?:but|while|as|after|despite|amid|though|giving|sending|leaving)\b)|\s+(?=(?:but|while|as|despite|amid|though|whereas)\s)/i;

/**
 * Within a clause, the comma-separated part naming `evidence` when every part has a direction of its own
 * ("Soybean prices drop to 3-mth low, wheat rises"); the clause otherwise ("Gold, silver rise").
 */
function narrow(clause: string, evidence: string): string {
  const parts = clause.split(/\s*,\s+/);
  if (parts.length < 2 || parts.some((p) => marketSentiment(p).score === 0)) return clause;
  return parts.find((p) => p.includes(evidence)) ?? clause;
}

/** The clause of a headline that names `evidence`, or null when the headline is one clause. */
export function clauseOf(headline: string, evidence: string): string | null {
  const clauses = headline.split(CLAUSE_BREAK).filter(Boolean);
  if (clauses.length < 2) return null;
  return clauses.find((c) => c.includes(evidence)) ?? null;
}

/**
 * Sentiment for one security of a headline: the clause naming it when the headline joins several statements
 * ("Gold edges up; oil sheds 0.6%") and that clause has a direction, else the whole headline and lede. `invert`
 * reads it for the other side of a currency pair ("the yen rises" is bearish for USDJPY).
 */
export function securitySentiment(
  headline: string,
  lede: string | null | undefined,
  evidence: string,
  invert = false,
  /** The whole text's reading, when the caller has it already (several securities of one article). */
  whole?: SentimentReading,
): SentimentReading {
  // In a headline of several statements, the security's own statement decides, even without a direction.
  const clause = clauseOf(headline, evidence);
  const r = clause ? marketSentiment(narrow(clause, evidence)) : (whole ?? marketSentiment(headline, lede));
  if (!invert) return r;
  const score = -r.score;
  return {
    score,
    sentiment: r.sentiment === "bullish" ? "bearish" : r.sentiment === "bearish" ? "bullish" : "neutral",
    cues: r.cues,
  };
}
