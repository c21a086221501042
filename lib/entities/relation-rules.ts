import type { EntityType, RelationshipType } from "./types";

/**
 * A pattern over the words between two mentions of one sentence (`gap`), and optionally the words after the
 * second (`after`) or before the first (`before`). Words are lower case; punctuation marks are words of their own;
 * "'s" marks a possessive and "<e>" another mention in between.
 */
export interface RelationRule {
  name: string;
  type: RelationshipType;
  gap: RegExp;
  after?: RegExp;
  before?: RegExp;
  /** "forward": the first mention is the source; "reverse": the second is. */
  dir: "forward" | "reverse";
  confidence: number;
  first?: readonly EntityType[];
  second?: readonly EntityType[];
}

const ORG: readonly EntityType[] = ["org"];
const PLACE: readonly EntityType[] = ["location"];
const ORG_OR_PLACE: readonly EntityType[] = ["org", "location"];
const PERSON: readonly EntityType[] = ["person"];
const ANY: readonly EntityType[] = ["person", "org", "location"];

const W = "[a-z0-9][a-z0-9'-]*"; // one plain word
const DESC = `(?: ${W}){0,3}`; // up to three descriptive words ("the grocery chain")
const HAVE = "(?:(?:has|have|had|also|reportedly|formally|officially|on \\w+day) )*";
const FAMILY =
  "(?:wife|husband|son|daughter|father|mother|brother|sister|widow|widower|spouse|partner|niece|nephew|uncle|aunt|cousin|grandson|granddaughter|grandfather|grandmother|stepson|stepdaughter|son-in-law|daughter-in-law)";
const OPPOSE =
  "(?:criticised|criticized|condemned|sanctioned|sued|attacked|struck|accused|blamed|denounced|rebuked|slammed|opposed|threatened|invaded|bombed|shelled|targeted|banned|fined|expelled|fought|lambasted|blasted|censured|protested against|imposed sanctions on|launched strikes on|declared war on|filed a lawsuit against|took legal action against)";
const PACT = "(?:pact|agreement|deal|alliance|treaty|accord|partnership)";
const COMPASS =
  "(?:north|south|east|west|central|northern|southern|eastern|western|northeastern|northwestern|southeastern|southwestern|north-eastern|north-western|south-eastern|south-western)";

export const RELATION_RULES: readonly RelationRule[] = [
  // founded
  {
    name: "founded-verb",
    type: "founded",
    gap: new RegExp(
      `^(?:, )?(?:who )?${HAVE}(?:co-?founded|founded|set up|established|started)(?: (?:the|a|an))?(?: (?:${W}|<e>)){0,3}$`,
    ),
    dir: "forward",
    confidence: 0.8,
    first: PERSON,
    second: ORG,
  },
  {
    name: "founded-by",
    type: "founded",
    gap: /^(?:, )?(?:which |that )?(?:was |were |is )?(?:co-?founded|founded|set up|established|started) by(?: <e> (?:and|,))*(?: (?:and|,))?$/,
    dir: "reverse",
    confidence: 0.8,
    first: ORG,
    second: PERSON,
  },
  // owns
  {
    name: "acquired",
    type: "owns",
    gap: new RegExp(
      `^${HAVE}(?:acquired|bought|purchased|owns|took over|snapped up|completed (?:its|the) (?:acquisition|purchase|takeover) of)(?: (?:the|a|an|its|rival|fellow))?${DESC}$`,
    ),
    dir: "forward",
    confidence: 0.8,
    first: ANY,
    second: ORG,
  },
  {
    name: "agreed-to-buy",
    type: "owns",
    gap: new RegExp(
      `^${HAVE}(?:agreed to|plans to|is set to|will|is to|moved to|offered to) (?:buy|acquire|purchase|take over)(?: (?:the|a|an|its|rival|fellow))?${DESC}$`,
    ),
    dir: "forward",
    confidence: 0.6,
    first: ANY,
    second: ORG,
  },
  {
    name: "owned-by",
    type: "owns",
    gap: /^(?:, )?(?:which is |is |was |now )?(?:owned|acquired|bought|controlled) by$/,
    dir: "reverse",
    confidence: 0.8,
    first: ORG,
    second: ANY,
  },
  {
    name: "parent-of",
    type: "owns",
    gap: /^, (?:the |a )?(?:parent|owner)(?: company)? of$/,
    dir: "forward",
    confidence: 0.8,
    first: ORG,
    second: ORG,
  },
  {
    name: "possessive-parent",
    type: "owns",
    gap: /^,$/,
    after: /^'s (?:parent|owner|parent company|holding company)\b/,
    dir: "forward",
    confidence: 0.8,
    first: ORG,
    second: ORG,
  },
  // part_of
  {
    name: "unit-of",
    type: "part_of",
    gap: new RegExp(
      `^, (?:a |an |the )?(?:${W} ){0,2}(?:unit|subsidiary|division|arm|affiliate|subsidiary company) of$`,
    ),
    dir: "forward",
    confidence: 0.8,
    first: ORG,
    second: ORG,
  },
  {
    name: "possessive-unit",
    type: "part_of",
    gap: new RegExp(`^'s(?: ${W}){0,2} (?:unit|subsidiary|division|arm)$`),
    dir: "reverse",
    confidence: 0.75,
    first: ORG,
    second: ORG,
  },
  // located_in
  {
    name: "based-in",
    type: "located_in",
    gap: /^(?:, )?(?:which is |that is |is |are |was )?(?:based|headquartered|located|situated) in$/,
    dir: "forward",
    confidence: 0.85,
    first: ORG_OR_PLACE,
    second: PLACE,
  },
  {
    name: "x-based",
    type: "located_in",
    gap: /^, (?:a|an|the)$/,
    after: /^- based\b/,
    dir: "forward",
    confidence: 0.8,
    first: ORG,
    second: PLACE,
  },
  {
    name: "x-based-prefix",
    type: "located_in",
    gap: new RegExp(`^- based(?: ${W}){0,3}$`),
    dir: "reverse",
    confidence: 0.8,
    first: PLACE,
    second: ORG,
  },
  {
    name: "in-region",
    type: "located_in",
    gap: new RegExp(`^, in(?: the)?(?: ${COMPASS})?$`),
    dir: "forward",
    confidence: 0.75,
    first: PLACE,
    second: PLACE,
  },
  {
    name: "org-in-place",
    type: "located_in",
    gap: /^(?:in|near)$/,
    dir: "forward",
    confidence: 0.55,
    first: ORG,
    second: PLACE,
  },
  // allied_with
  {
    name: "signed-pact",
    type: "allied_with",
    gap: /^and(?: the)?$/,
    after: new RegExp(
      `^(?:have |has |on \\w+ )?(?:signed|agreed|struck|sealed|inked|concluded|agreed on)(?: (?:a|an|the|new))+(?: ${W}){0,2} ${PACT}`,
    ),
    dir: "forward",
    confidence: 0.75,
    first: ORG_OR_PLACE,
    second: ORG_OR_PLACE,
  },
  {
    name: "deepen-ties",
    type: "allied_with",
    gap: /^and(?: the)?$/,
    after:
      /^(?:would |will |have |has |agreed to |pledged to |vowed to |promised to )?(?:deepen|strengthen|expand|renew|bolster|reaffirm|cement|upgrade)(?:ed)? (?:their|its|the) (?:alliance|ties|partnership|cooperation|co-operation|relationship|defence ties|defense ties|military ties)/,
    dir: "forward",
    confidence: 0.7,
    first: ORG_OR_PLACE,
    second: ORG_OR_PLACE,
  },
  {
    name: "allied-with",
    type: "allied_with",
    gap: new RegExp(
      `^${HAVE}(?:allied with|partnered with|teamed up with|joined forces with|formed an alliance with|signed(?: (?:a|an|the|new))+(?: ${W}){0,2} ${PACT} with)(?: the)?$`,
    ),
    dir: "forward",
    confidence: 0.7,
    first: ORG_OR_PLACE,
    second: ORG_OR_PLACE,
  },
  {
    name: "pact-between",
    type: "allied_with",
    gap: /^and(?: the)?$/,
    before: new RegExp(`${PACT} between(?: the)?$`),
    dir: "forward",
    confidence: 0.7,
    first: ORG_OR_PLACE,
    second: ORG_OR_PLACE,
  },
  // opposes
  {
    name: "opposes-verb",
    type: "opposes",
    gap: new RegExp(`^${HAVE}(?:(?:sharply|strongly|repeatedly|publicly|again) )?${OPPOSE}(?: the)?$`),
    dir: "forward",
    confidence: 0.65,
    first: ANY,
    second: ANY,
  },
  {
    name: "attacked-operated-by",
    type: "opposes",
    gap: new RegExp(
      `^${HAVE}(?:attacked|struck|seized|hijacked|targeted) (?:a|an|the)(?: ${W}){1,3} (?:operated|owned|run) by$`,
    ),
    dir: "forward",
    confidence: 0.55,
    first: ANY,
    second: ORG,
  },
  // family_of
  {
    name: "possessive-family",
    type: "family_of",
    gap: new RegExp(`^'s(?: (?:late|former|estranged))? ${FAMILY}(?: ,)?$`),
    dir: "forward",
    confidence: 0.85,
    first: PERSON,
    second: PERSON,
  },
  {
    name: "family-of",
    type: "family_of",
    gap: new RegExp(`^, (?:the |a |an )?(?:${W} )?${FAMILY} of(?: ${W}){0,2}$`),
    dir: "forward",
    confidence: 0.85,
    first: PERSON,
    second: PERSON,
  },
  {
    name: "and-his-wife",
    type: "family_of",
    gap: new RegExp(`^and (?:his|her|their) ${FAMILY}(?: ,)?$`),
    dir: "forward",
    confidence: 0.85,
    first: PERSON,
    second: PERSON,
  },
  {
    name: "married",
    type: "family_of",
    gap: /^(?:has |had )?(?:married|wed|is married to|was married to)$/,
    dir: "forward",
    confidence: 0.8,
    first: PERSON,
    second: PERSON,
  },
  // member_of
  {
    name: "joined",
    type: "member_of",
    gap: new RegExp(`^${HAVE}(?:joined|became a member of|was admitted to|acceded to)(?: the)?$`),
    dir: "forward",
    confidence: 0.7,
    first: ORG_OR_PLACE,
    second: ORG,
  },
  // works_for / leads by verb
  {
    name: "runs",
    type: "leads",
    gap: /^(?:, )?(?:who )?(?:also |now |still )?(?:runs|leads|heads|chairs|ran|led|headed|chaired)$/,
    dir: "forward",
    confidence: 0.75,
    first: PERSON,
    second: ORG_OR_PLACE,
  },
  {
    name: "run-by",
    type: "leads",
    gap: new RegExp(
      `^(?:, (?:a |an |the )?(?:${W} ){0,3})?(?:which is |is |was )?(?:run|led|headed|chaired|managed) by$`,
    ),
    dir: "reverse",
    confidence: 0.75,
    first: ORG,
    second: PERSON,
  },
  {
    name: "works-at",
    type: "works_for",
    gap: /^(?:, )?(?:who )?(?:works|worked|working) (?:at|for)$/,
    dir: "forward",
    confidence: 0.75,
    first: PERSON,
    second: ORG,
  },
];
