import type { RelationshipType, Subcategory } from "./types";

/** What a role says about its holder's tie to the organisation or place it names. */
export type RoleTie = Extract<RelationshipType, "leads" | "works_for" | "member_of" | "founded">;

export interface Role {
  subcategory: Subcategory | null;
  tie: RoleTie | null;
}

const r = (subcategory: Subcategory | null, tie: RoleTie | null): Role => ({ subcategory, tie });

/**
 * Roles and titles, by their normalised words. Used capitalised before a name ("Prime Minister Keir Starmer"),
 * in lower case before one ("chief executive Tim Cook") and in appositions ("X, the mayor of Durban").
 */
export const ROLES = new Map<string, Role>([
  ...[
    "president",
    "prime minister",
    "premier",
    "chancellor",
    "governor",
    "mayor",
    "leader",
    "supreme leader",
    "president elect",
    "first minister",
    "head of state",
  ].map((w): [string, Role] => [w, r("politician", "leads")]),
  ...["vice president", "deputy prime minister", "minister", "speaker", "opposition leader"].map(
    (w): [string, Role] => [w, r("politician", "works_for")],
  ),
  ...[
    "senator",
    "sen",
    "representative",
    "rep",
    "congressman",
    "congresswoman",
    "lawmaker",
    "mp",
    "mep",
    "legislator",
  ].map((w): [string, Role] => [w, r("politician", "member_of")]),
  ...["king", "queen", "emir", "sultan", "crown prince", "sheikh"].map((w): [string, Role] => [
    w,
    r(null, "leads"),
  ]),
  ...["prince", "princess", "pope", "cardinal", "archbishop", "bishop", "rabbi", "imam", "ayatollah"].map(
    (w): [string, Role] => [w, r(null, null)],
  ),
  ...[
    "secretary general",
    "director general",
    "managing director",
    "chief of staff",
    "commander",
    "commissioner",
    "head",
    "chief",
    "chair",
    "chairman",
    "chairwoman",
  ].map((w): [string, Role] => [w, r("government_official", "leads")]),
  ...[
    "secretary",
    "secretary of state",
    "secretary of defense",
    "secretary of defence",
    "attorney general",
    "ambassador",
    "envoy",
    "general",
    "gen",
    "admiral",
    "adm",
    "colonel",
    "col",
    "lieutenant",
    "lt",
    "judge",
    "justice",
    "chief justice",
    "prosecutor",
    "spokesman",
    "spokeswoman",
    "spokesperson",
    "official",
    "diplomat",
    "adviser",
    "advisor",
    "regulator",
  ].map((w): [string, Role] => [w, r("government_official", "works_for")]),
  ...[
    "ceo",
    "chief executive",
    "chief executive officer",
    "boss",
    "executive chairman",
    "chief executive and founder",
  ].map((w): [string, Role] => [w, r("executive", "leads")]),
  ...["founder", "co founder", "cofounder"].map((w): [string, Role] => [w, r("executive", "founded")]),
  ...[
    "chief financial officer",
    "cfo",
    "chief operating officer",
    "coo",
    "chief technology officer",
    "cto",
    "executive",
    "director",
    "partner",
    "analyst",
    "senior analyst",
    "economist",
    "chief economist",
    "strategist",
    "engineer",
    "senior engineer",
    "researcher",
    "scientist",
    "professor",
    "lawyer",
    "employee",
    "investor",
    "manager",
    "fund manager",
  ].map((w): [string, Role] => [w, r("executive", "works_for")]),
  ...[
    "coach",
    "head coach",
    "striker",
    "midfielder",
    "defender",
    "goalkeeper",
    "quarterback",
    "pitcher",
    "runner",
    "sprinter",
    "swimmer",
    "player",
    "forward",
    "boxer",
    "golfer",
    "cyclist",
    "tennis player",
  ].map((w): [string, Role] => [w, r("athlete", "works_for")]),
  ...[
    "actor",
    "actress",
    "singer",
    "rapper",
    "musician",
    "comedian",
    "pop star",
    "songwriter",
    "filmmaker",
    "model",
    "supermodel",
    "director",
  ].map((w): [string, Role] => [w, r("entertainer", null)]),
  ...["correspondent", "reporter", "journalist", "editor", "columnist", "anchor", "commentator"].map(
    (w): [string, Role] => [w, r("journalist", "works_for")],
  ),
  ...["member"].map((w): [string, Role] => [w, r(null, "member_of")]),
]);

/** Words that may precede a role without changing it ("former", "senior", "foreign", "defence"). */
export const ROLE_MODIFIERS = new Set([
  "former",
  "acting",
  "interim",
  "deputy",
  "vice",
  "senior",
  "junior",
  "assistant",
  "associate",
  "chief",
  "top",
  "lead",
  "incoming",
  "outgoing",
  "then",
  "longtime",
  "caretaker",
  "foreign",
  "defence",
  "defense",
  "finance",
  "interior",
  "health",
  "home",
  "treasury",
  "commerce",
  "trade",
  "economy",
  "energy",
  "education",
  "transport",
  "environment",
  "agriculture",
  "labor",
  "labour",
  "culture",
  "justice",
  "state",
  "house",
  "senate",
  "majority",
  "minority",
  "party",
  "opposition",
  "army",
  "police",
  "fire",
  "military",
  "tennis",
  "film",
  "team",
  "club",
  "national",
  "federal",
  "regional",
]);

/** Courtesy titles: mark a person, carry no role. */
export const HONORIFICS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "dr",
  "prof",
  "sir",
  "dame",
  "lord",
  "lady",
  "rev",
]);

/** Abbreviations whose trailing period does not end a name ("Sen. Jones", "St. Louis"). */
export const DOTTED_ABBREVIATIONS = new Set([
  ...HONORIFICS,
  "sen",
  "rep",
  "gov",
  "gen",
  "lt",
  "col",
  "sgt",
  "capt",
  "adm",
  "maj",
  "cmdr",
  "st",
  "mt",
  "ft",
  "jr",
  "sr",
]);

/** Last words that make a name an organisation. */
export const ORG_SUFFIXES = new Set(
  (
    "inc corp corporation co company companies ltd limited llc plc ag sa nv gmbh group holdings holding partners capital " +
    "ventures bank bancorp financial securities insurance investments technologies technology tech systems labs " +
    "laboratories software solutions networks dynamics robotics analytics logistics motors airlines airways air " +
    "energy power oil gas petroleum mining minerals resources pharmaceuticals pharma therapeutics biotech health " +
    "healthcare media news times post journal herald tribune telegraph gazette broadcasting tv radio studios " +
    "pictures entertainment records games university college school institute academy foundation fund trust " +
    "association society council committee commission agency authority ministry department bureau office board " +
    "administration service services court tribunal parliament assembly congress senate party union federation " +
    "league alliance coalition front movement brigade brigades army navy force forces guard police church club fc " +
    "exchange industries foods brands stores retail semiconductor semiconductors aerospace defense defence " +
    "electronics telecom communications directorate metall bio biosciences biologics medical consulting " +
    "consultants advisors advisers grid mobile films observatory telescope automotive " +
    // Sports clubs' last words ("Frankfurt Wanderers", "Sylhet Sporting", "Phuket Albion").
    "albion rovers wanderers dynamo mariners rangers sporting united athletic athletico hotspur titans lions " +
    "falcons"
  ).split(" "),
);

/** Head nouns after which "of"/"for" continue a name ("Bank of …", "Ministry of …"). */
export const OF_HEADS = new Set(
  (
    "bank university ministry department institute council organization organisation court office board " +
    "administration agency commission committee federation association society republic kingdom state states " +
    "museum school college academy center centre church union league party house chamber bureau authority fund " +
    "foundation service corps army navy force forces gulf bay isle isles strait sea cape lake city province region " +
    "district county port federal"
  ).split(" "),
);

/** Last words that make a name a place. */
export const LOCATION_SUFFIXES = new Set(
  (
    "city county province state island islands river valley bay sea ocean mountains mountain peninsula desert lake " +
    "gulf coast heights strait region district territory oblast prefecture canal square street avenue beach " +
    "harbour harbor basin plateau"
  ).split(" "),
);

/** Lower-case nouns that say the next name (or the name they follow) is an organisation. */
export const ORG_NOUNS = new Set(
  (
    "company firm maker startup start-up group bank lender insurer carrier airline retailer chain manufacturer " +
    "producer developer platform agency union party charity chipmaker automaker carmaker giant conglomerate " +
    "operator provider fund club team publisher broadcaster newspaper network regulator watchdog ministry " +
    "department rival subsidiary unit supplier contractor insurer exchange outlet brand label studio university " +
    "newspaper firm's company's"
  ).split(" "),
);

/** Name particles that join the parts of a personal name ("ten Hag", "da Silva", "von der Leyen"). */
export const NAME_PARTICLES = new Set(
  "de da das do dos du di del della der den van von ten ter bin ibn al el la le y af zu".split(" "),
);

/** Prepositions after which an unknown name is likely a place. */
export const PLACE_PREPOSITIONS = new Set([
  "in",
  "near",
  "from",
  "across",
  "outside",
  "into",
  "throughout",
  "to",
]);

/** Capitalised abbreviations that are ordinary words, not names: "AI", "CEO", "GDP", ratings such as "BBB". */
export const COMMON_ACRONYMS = new Set(
  (
    "ai ceo cfo coo cto gdp ipo ev evs dna rna tv pc usb api gpu cpu lgbt lgbtq vat etf etfs nft am pm esg vr ar " +
    "hiv aids icu mri faq ok aaa aa bbb bb ccc mp3 pdf covid sars ppe hr pr ip uk's faqs ceos"
  ).split(" "),
);

/** Disasters named after where they strike: "Sendai earthquake", "Kumasi floods". */
export const DISASTERS = new Set(
  "earthquake quake quakes floods flood flooding wildfire wildfires blast explosion landslide mudslide tsunami eruption".split(
    " ",
  ),
);

/** First words of many place names that are ordinary words too: "New Rochelle", "Fort Worth", "San Mateo". */
export const PLACE_HEADS = new Set(["new", "san", "santa", "los", "las", "fort", "port", "saint", "mount"]);
