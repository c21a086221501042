/**
 * Realistic pairs for the near-duplicate tests, written for them: a wire story as several outlets reprint it
 * (own headline suffixes, dropped credits, cut or extended excerpts), and pairs on one topic that are different
 * stories (a follow-up, a rival's own report, a recurring column).
 */
export interface Text {
  title: string;
  excerpt: string | null;
}

export const SYNDICATED: Array<[string, Text, Text]> = [
  [
    "outlet suffix and a dropped wire credit",
    {
      title: "Powerful earthquake strikes off northern Japan, tsunami advisory issued",
      excerpt:
        "TOKYO (AP) — A powerful earthquake struck off the coast of northern Japan on Tuesday, prompting a tsunami advisory for parts of the Pacific coastline, the Japan Meteorological Agency said. There were no immediate reports of damage or injuries.",
    },
    {
      title: "Powerful earthquake strikes off northern Japan, tsunami advisory issued - ABC News",
      excerpt:
        "TOKYO — A powerful earthquake struck off the coast of northern Japan on Tuesday, prompting a tsunami advisory for parts of the Pacific coastline, the Japan Meteorological Agency said.",
    },
  ],
  [
    "rewritten headline over the same wire text",
    {
      title: "Oil prices climb as Red Sea shipping disruptions deepen",
      excerpt:
        "LONDON (Reuters) - Oil prices rose more than 2% on Monday as attacks on commercial vessels in the Red Sea forced more shipping companies to reroute tankers around the Cape of Good Hope, adding days to voyages and raising freight costs.",
    },
    {
      title: "Crude rises on supply worries",
      excerpt:
        "Oil prices rose more than 2% on Monday as attacks on commercial vessels in the Red Sea forced more shipping companies to reroute tankers around the Cape of Good Hope, adding days to voyages and raising freight costs.",
    },
  ],
  [
    "an excerpt cut a sentence earlier, HTML entities left in",
    {
      title: "Council approves £40m plan to rebuild Victoria bridge",
      excerpt:
        "The city council has approved a £40m plan to rebuild the Victoria bridge, which has been closed to traffic since cracks were found in its supports last winter. Work is expected to begin in the spring and take two years, with a temporary footbridge opening in June.",
    },
    {
      title: "Council approves &pound;40m plan to rebuild Victoria bridge | Local News",
      excerpt:
        "The city council has approved a £40m plan to rebuild the Victoria bridge, which has been closed to traffic since cracks were found in its supports last winter.",
    },
  ],
  [
    "the same headline with no excerpt on one side",
    {
      title: "Supreme Court agrees to hear challenge to state social media age-verification law",
      excerpt:
        "WASHINGTON (Reuters) - The U.S. Supreme Court on Friday agreed to decide whether a state law requiring social media platforms to verify the ages of their users violates free speech protections.",
    },
    {
      title: "Supreme Court agrees to hear challenge to state social media age-verification law - Reuters",
      excerpt: null,
    },
  ],
  [
    "a shortened wire headline with the wire's lede",
    {
      title: "WHO declares mpox outbreak in central Africa a global health emergency",
      excerpt:
        "GENEVA (AP) — The World Health Organization declared the mpox outbreak in Congo and neighbouring countries a global emergency on Wednesday, after a new form of the virus spread quickly across the region and reached several countries for the first time.",
    },
    {
      title: "WHO declares mpox a global emergency",
      excerpt:
        "The World Health Organization declared the mpox outbreak in Congo and neighbouring countries a global emergency on Wednesday, after a new form of the virus spread quickly across the region and reached several countries for the first time. Here is what to know.",
    },
  ],
];

export const DIFFERENT: Array<[string, Text, Text]> = [
  [
    "two rate decisions with near-identical headlines",
    {
      title: "Fed holds interest rates steady, signals two cuts later this year",
      excerpt:
        "The Federal Reserve left its benchmark rate unchanged on Wednesday and officials pencilled in two quarter-point reductions before the end of the year, citing cooling inflation and a softer labour market.",
    },
    {
      title: "Fed holds interest rates steady, signals only one cut this year",
      excerpt:
        "Federal Reserve policymakers kept borrowing costs on hold for a seventh straight meeting and now expect a single reduction in 2024, as stubborn price pressures in housing and services keep officials cautious.",
    },
  ],
  [
    "one hurricane, two newsrooms' own reports",
    {
      title: "Hurricane Milton makes landfall near Sarasota as a Category 3 storm",
      excerpt:
        "Hurricane Milton came ashore near Siesta Key on Wednesday night with maximum sustained winds of 120 mph, the National Hurricane Center said, after forecasters warned of a life-threatening storm surge along Florida's Gulf Coast.",
    },
    {
      title: "Milton slams into Florida's Gulf Coast, millions without power",
      excerpt:
        "More than two million homes and businesses lost electricity as Milton tore across central Florida overnight, spawning tornadoes on the east coast and flooding streets in Tampa and St. Petersburg.",
    },
  ],
  [
    "a recurring markets column on two days",
    {
      title: "Stock market today: Dow rises as investors await inflation data",
      excerpt:
        "Stocks edged higher on Monday, with the Dow Jones Industrial Average adding 150 points as traders positioned themselves ahead of Wednesday's consumer price report.",
    },
    {
      title: "Stock market today: Dow falls as investors digest inflation data",
      excerpt:
        "The Dow slid nearly 300 points on Wednesday after consumer prices rose faster than economists expected in March, pushing Treasury yields to their highest level of the year.",
    },
  ],
  [
    "a follow-up to the earthquake story",
    {
      title: "Powerful earthquake strikes off northern Japan, tsunami advisory issued",
      excerpt:
        "TOKYO (AP) — A powerful earthquake struck off the coast of northern Japan on Tuesday, prompting a tsunami advisory for parts of the Pacific coastline, the Japan Meteorological Agency said. There were no immediate reports of damage or injuries.",
    },
    {
      title: "Japan lifts tsunami advisory after northern earthquake, no major damage reported",
      excerpt:
        "TOKYO (AP) — Japan's weather agency lifted a tsunami advisory on Wednesday morning, a day after a powerful earthquake off the northern coast, and officials said inspections found only minor damage to roads and buildings.",
    },
  ],
  [
    "headlines too short to tell, without excerpts",
    { title: "Markets wrap", excerpt: null },
    { title: "Markets wrap", excerpt: null },
  ],
  [
    "two editions of a daily column, told apart by their date",
    { title: "What the other papers say this morning - 13 June 2025", excerpt: null },
    { title: "What the other papers say this morning - 12 June 2025", excerpt: null },
  ],
  [
    "same headline template, different teams, without excerpts",
    { title: "Premier League: Arsenal beat Chelsea 2-1 at the Emirates", excerpt: null },
    { title: "Premier League: Arsenal beat Everton 2-1 at Goodison Park", excerpt: null },
  ],
];
