import { pct } from "../numbers";
import type { EventKind } from "../types";

const election: EventKind = {
  id: "election",
  category: "politics",
  weight: 4,
  scale: 1.4,
  spacing: 48,
  key: "country",
  // Two countries voting on the same weekend.
  shared: [],
  twinGap: [-8, 30],
  cast: (c) => ({
    ...c.country("country", (x) => x.name !== "Saudi Arabia"),
    ...c.person("rival"),
    ...c.one("vote", ["presidential", "general", "parliamentary"]),
  }),
  topics: ["the {country} election", "{country_the}'s {vote} election", "the {country_adj} vote"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      headlines: [
        "{country_adj} voters head to the polls in [tight|closely fought|bitter] {vote} election",
        "{country} votes: {country_leader_last} [faces|battles] {rival_last} in {vote} [race|election]",
        "Polls open in {country} as {country_leader} seeks [another|second] term",
        "{country} election: [long queues|high turnout] as voters [choose|pick] between {country_leader_last} and {rival_last}",
      ],
      texts: [
        "Voters in {country_the} went to the polls on {day} in a {vote} election pitting {country_leader_title} {country_leader} against challenger {rival}.",
        "Polling stations opened across {country_the}, where {rival} has campaigned on the cost of living against the incumbent {country_leader}.",
      ],
    },
    {
      at: [5, 9],
      weight: 3,
      facts: (r, s) => {
        const rivalWins = r.chance(0.5);
        return {
          winner: rivalWins ? (s.rival as string) : (s.country_leader as string),
          winner_last: rivalWins ? (s.rival_last as string) : (s.country_leader_last as string),
          loser_last: rivalWins ? (s.country_leader_last as string) : (s.rival_last as string),
          share: pct(r.float(44, 58)),
        };
      },
      headlines: [
        "{winner_last} [leads|ahead] in {country} election as counting [continues|goes on]",
        "{country} exit polls [put|show] {winner_last} [ahead|in front] with {share}",
        "Early results [give|hand] {winner_last} lead in {country_adj} {vote} vote",
        "{country} election too close to call as {winner_last} [edges ahead|narrowly leads]",
      ],
      texts: [
        "With most ballots counted, {winner} had {share} of the vote in {country_the}'s {vote} election, according to the electoral commission.",
        "Exit polls suggested {winner} was on course to win, with {loser_last} trailing in most regions.",
      ],
    },
    {
      at: [10, 22],
      weight: 4,
      headlines: [
        "{winner} wins {country} {vote} [election|vote|race]",
        "{winner_last} [declared winner|claims victory] in {country} [election|vote]",
        "{country}: {winner_last} [wins|secures] {vote} [vote|election] with {share}",
        "{loser_last} concedes [defeat|] as {winner_last} wins {country_adj} election",
        "[World leaders congratulate|Markets rally as] {winner_last} [wins|takes] {country} [election|vote]",
      ],
      texts: [
        "{winner} won {country_the}'s {vote} election with {share} of the vote, the electoral commission said on {day}.",
        "{loser_last} conceded defeat in a televised address, and said the result had to be respected.",
      ],
    },
    {
      at: [50, 90],
      weight: 2,
      reignite: true,
      headlines: [
        "{loser_last} [challenges|contests] {country} election result in court",
        "{winner_last} [sworn in|takes office|inaugurated] as {country_adj} {country_leader_title}",
        "{winner_last} names [new cabinet|finance minister] [days after|after] {country} election win",
        "Protests in {country_capital} over disputed {vote} [election|vote] result",
      ],
      texts: [
        "Days after the vote, {loser_last} filed a legal challenge to the result, alleging irregularities in several provinces.",
        "{winner} was sworn in at a ceremony in {country_capital}, promising to govern for all of {country_the}.",
      ],
    },
  ],
};

const confidence: EventKind = {
  id: "no-confidence",
  category: "politics",
  weight: 3,
  scale: 1.1,
  spacing: 48,
  key: "country",
  shared: [],
  twinGap: [20, 80],
  cast: (c) => ({
    ...c.country("country", (x) => x.leader !== "President"),
    ...c.person("opposition"),
    ...c.one("trigger", ["a budget row", "a coalition split", "a corruption scandal", "a failed reform"]),
  }),
  topics: [
    "the {country} confidence vote",
    "{country_leader_last}'s survival fight",
    "the crisis in {country_the}'s government",
  ],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      headlines: [
        "{country} opposition [tables|files] no-confidence motion against {country_leader_last}",
        "{country_adj} government [in crisis|on the brink] after {trigger}",
        "{opposition_last} [moves|seeks|bids] to [topple|oust|bring down] {country_leader_title} {country_leader}",
        "{country_leader_last} faces no-confidence vote [over|after] {trigger}",
      ],
      texts: [
        "Opposition leader {opposition} filed a motion of no confidence in {country_leader_title} {country_leader} on {day}, after {trigger}.",
        "The government of {country_the} was thrown into crisis as {opposition} claimed enough votes to bring it down.",
      ],
    },
    {
      at: [6, 30],
      weight: 4,
      facts: (r) => ({ outcome: r.pick(["loses", "survives"]), margin: String(r.int(2, 19)) }),
      headlines: [
        "{country_leader_title} {country_leader} {outcome} [no-confidence vote|confidence vote|vote of no confidence]",
        "{country}: {country_leader_last} {outcome} [confidence vote|vote] by {margin} [votes|ballots]",
        "{country_leader_last} {outcome} [knife-edge|dramatic] vote in {country_parl}",
        "{country_adj} {country_leader_title} {outcome} no-confidence motion [after|following] {trigger}",
      ],
      texts: [
        "{country_leader} {outcome} the no-confidence vote in the {country_parl} by {margin} votes, after a day of heated debate.",
      ],
    },
    {
      at: [55, 95],
      weight: 2,
      reignite: true,
      headlines: [
        "{country} [heads for|faces] snap election after [government collapse|confidence vote]",
        "{country_leader_last} [calls|announces] early election in {country}",
        "{country_adj} coalition talks [collapse|stall] [days after|after] confidence vote",
      ],
      texts: [
        "{country_leader_title} {country_leader} announced an early election, saying only voters could end the deadlock in the {country_parl}.",
      ],
    },
  ],
};

const scandal: EventKind = {
  id: "minister-scandal",
  category: "politics",
  weight: 5,
  scale: 0.8,
  key: "minister",
  // The same government, another minister in trouble a few days later.
  shared: ["country"],
  twinGap: [24, 80],
  cast: (c) => ({
    ...c.country("country"),
    ...c.person("minister"),
    ...c.one("ministry", ["finance", "defence", "health", "interior", "transport", "energy"]),
    ...c.one("claim", [
      "undeclared payments",
      "a luxury villa",
      "misuse of public funds",
      "contracts for a relative's firm",
    ]),
  }),
  topics: ["the {minister_last} affair", "the {country_adj} {ministry} minister scandal"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      headlines: [
        "{country_adj} {ministry} minister [accused of|faces questions over] {claim}",
        "{country}: report [alleges|claims] {ministry} minister {minister_last} received {claim}",
        "{minister} [under pressure|under fire|faces calls to quit] over {claim}",
        "Opposition demands {minister_last} [quit|resign] over {claim}",
      ],
      texts: [
        "{country_the}'s {ministry} minister, {minister}, faced calls to resign on {day} after a newspaper investigation alleged {claim}.",
        "{minister} denied any wrongdoing, saying the allegations of {claim} were politically motivated.",
      ],
    },
    {
      at: [8, 45],
      weight: 3,
      headlines: [
        "{country_adj} {ministry} minister {minister_last} [resigns|steps down|quits] over {claim}",
        "{minister_last} [quits|steps down|resigns] as {country} {ministry} minister[ after {claim} row|]",
        "{country_leader_last} accepts resignation of {ministry} minister [amid|over] {claim} [row|scandal]",
      ],
      texts: [
        "{minister} resigned as {ministry} minister, saying the row over {claim} had become a distraction for the government of {country_leader}.",
      ],
    },
    {
      at: [60, 100],
      weight: 1.5,
      reignite: true,
      headlines: [
        "Prosecutors open [inquiry|investigation] into former {country_adj} minister {minister_last}",
        "Police [raid|search] home of ex-minister {minister_last}",
        "[Ex-minister|Former minister] {minister_last} [charged|indicted] over {claim}",
      ],
      texts: [
        "Prosecutors in {country_the} opened a formal investigation into former {ministry} minister {minister} over {claim}.",
      ],
    },
  ],
};

const bill: EventKind = {
  id: "bill",
  category: "politics",
  weight: 5,
  scale: 0.8,
  key: "bill",
  // Two bills in the same parliament in the same week.
  shared: ["country"],
  twinGap: [-24, 48],
  cast: (c) => ({
    ...c.country("country"),
    ...c.one("bill", [
      "pension reform",
      "immigration bill",
      "digital services tax",
      "assisted dying bill",
      "minimum wage increase",
      "media law",
    ]),
  }),
  topics: ["{country_the}'s {bill}", "the {country_adj} {bill}"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      facts: (r) => ({ yes: String(r.int(180, 320)), no: String(r.int(90, 170)) }),
      headlines: [
        "{country_parl} [passes|approves|backs] {country_adj} {bill}",
        "{country} lawmakers [pass|approve] [controversial|landmark] {bill}",
        "{country}'s {bill} [clears|passes] {country_parl} [by {yes} votes to {no}|in {yes}-{no} vote]",
        "[Landmark|Contested] {bill} [passes|clears] vote in {country}",
      ],
      texts: [
        "Lawmakers in {country_the} approved the {bill} by {yes} votes to {no} on {day}, handing {country_leader} a significant victory.",
        "The {bill}, one of the government's flagship measures, passed the {country_parl} after weeks of debate.",
      ],
    },
    {
      at: [3, 12],
      weight: 2,
      headlines: [
        "[Unions and opposition|Opponents|Critics] vow to fight {country}'s {bill}",
        "What {country_the}'s {bill} means for [you|voters|families]",
        "{country_leader_last} hails passage of {bill} as critics [cry foul|warn of harm]",
      ],
      texts: [
        "Opponents of the {bill} said they would challenge it in the courts, while {country_leader} called its passage historic.",
      ],
    },
    {
      at: [30, 70],
      weight: 2,
      headlines: [
        "Court [asked to block|challenge filed against] {country}'s {bill}",
        "[Thousands|Tens of thousands] [protest|march] against {bill} in {country_capital}",
        "{country_adj} {bill} [signed into law|takes effect] [despite protests|amid protests]",
      ],
      texts: [
        "Thousands marched in {country_capital} against the {bill} as opponents filed a challenge with the constitutional court.",
      ],
    },
  ],
};

export const POLITICS_KINDS: EventKind[] = [election, confidence, scandal, bill];
