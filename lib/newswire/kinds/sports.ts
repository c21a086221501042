import { personSlots, type Caster } from "../caster";
import { money } from "../numbers";
import type { Slots } from "../template";
import type { EventKind } from "../types";
import { CLUB_NICKNAMES, COMPETITIONS, SPORTS } from "../vocab/culture";
import { ORGS } from "../vocab/people";
import { COUNTRIES, type Country } from "../vocab/places";

/** A club named for a real city: `{name}`, `{name}_city`, `{name}_coach` (one coach per club in the world). */
function club(c: Caster, name: string, not?: string): Slots {
  const nick = not?.split(" ").at(-1);
  return c.role(name, () => {
    for (;;) {
      const country: Country = c.rng.pick(COUNTRIES);
      const city = c.rng.pick(country.cities);
      const full = `${city} ${c.rng.pick(CLUB_NICKNAMES)}`;
      if (full.endsWith(` ${nick}`)) continue;
      return {
        [name]: full,
        [`${name}_city`]: city,
        ...personSlots(`${name}_coach`, c.cast.personOf(`coach:${full}`)),
      };
    }
  });
}

const match: EventKind = {
  id: "match",
  category: "sports",
  weight: 9,
  scale: 0.8,
  key: "away",
  // The same club's next match, days later, against someone else.
  shared: ["home"],
  twinGap: [60, 100],
  cast: (c) => {
    const home = club(c, "home");
    return { ...home, ...club(c, "away", home.home), ...c.one("cup", COMPETITIONS), ...c.person("scorer") };
  },
  topics: ["{home} v {away}", "the {home}-{away} match"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r, s) => {
        const homeWins = r.chance(0.55);
        const w = r.int(1, 4);
        const l = r.int(0, w - 1);
        return {
          winner: homeWins ? (s.home as string) : (s.away as string),
          loser: homeWins ? (s.away as string) : (s.home as string),
          winner_coach_last: homeWins ? (s.home_coach_last as string) : (s.away_coach_last as string),
          loser_coach_last: homeWins ? (s.away_coach_last as string) : (s.home_coach_last as string),
          score: `${w}-${l}`,
        };
      },
      headlines: [
        "{winner} [beat|edge past|see off] {loser} {score} in {cup}",
        "{winner} {score} {loser}: [late goal|stoppage-time winner|second-half comeback] [decides|settles] {cup}",
        "{scorer_last} [double|strike|goal] [fires|sends] {winner} past {loser}",
        "{loser} [stunned|beaten] {score} by {winner}",
        "{winner} [win|claim] {cup} with {score} victory over {loser}",
      ],
      texts: [
        "{winner} beat {loser} {score} on {day}, with {scorer} scoring the decisive goal.",
        "A crowd of more than 40,000 saw {winner} take control of {cup} against {loser}.",
      ],
    },
    {
      at: [1, 6],
      weight: 2,
      headlines: [
        "{winner_coach_last} [hails|praises] {winner} [character|spirit] after {loser} win",
        "{loser_coach_last} [under pressure|faces questions] after {loser} [defeat|loss] to {winner}",
        "[Player ratings|Talking points]: {winner} {score} {loser}",
      ],
      texts: ["{winner_coach_last} said the win over {loser} showed what the squad was capable of."],
    },
    {
      at: [18, 30],
      weight: 1.5,
      headlines: [
        "{winner} fans [celebrate|party] [after|following] {cup} win over {loser}",
        "{loser} [fined|charged] over crowd trouble at {winner} match",
      ],
      texts: ["Thousands of {winner} fans celebrated through the night after the victory over {loser}."],
    },
  ],
};

const transfer: EventKind = {
  id: "transfer",
  category: "sports",
  weight: 5,
  scale: 0.7,
  key: "player",
  // The same buyer chasing a second player in the same window.
  shared: ["buyer"],
  twinGap: [12, 72],
  cast: (c) => {
    const buyer = club(c, "buyer");
    return {
      ...buyer,
      ...club(c, "seller", buyer.buyer),
      ...c.person("player"),
      ...c.one("position", ["striker", "midfielder", "defender", "goalkeeper", "winger"]),
    };
  },
  topics: ["{player_last}'s move to {buyer}", "the {player_last} transfer saga"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      facts: (r) => ({ fee: money(r.int(25, 180)) }),
      headlines: [
        "{buyer} [in talks|open talks] [to sign|for] {seller} {position} {player}",
        "{buyer} [lodge|make] {fee} bid for {seller}'s {player_last}",
        "{seller} [reject|turn down|rebuff] {buyer} [offer|bid] for {player}",
      ],
      texts: [
        "{buyer} have made an offer of about {fee} for {seller}'s {player}, according to people close to the deal.",
      ],
    },
    {
      at: [8, 30],
      weight: 3,
      headlines: [
        "{buyer} agree {fee} deal [to sign|for] {player}",
        "{player_last} [set to join|closing in on move to] {buyer} in {fee} deal",
        "{seller} accept {fee} [bid|offer] for {player_last} from {buyer}",
      ],
      texts: [
        "{seller} have accepted a {fee} bid from {buyer} for {player}, who is expected to sign a five-year contract.",
      ],
    },
    {
      at: [30, 70],
      weight: 2,
      headlines: [
        "{player} [completes|seals] {fee} move to {buyer}",
        "{buyer} [confirm|announce] signing of {player}",
        "{player_last} [passes|undergoes] medical [at|with] {buyer}",
      ],
      texts: ["{buyer} confirmed the signing of {player} from {seller} for a fee of about {fee}."],
    },
  ],
};

const sacked: EventKind = {
  id: "coach-sacked",
  category: "sports",
  weight: 3,
  scale: 0.6,
  spacing: 12,
  key: "club",
  shared: [],
  twinGap: [6, 80],
  cast: (c) => ({ ...club(c, "club"), ...c.person("successor") }),
  topics: ["{club}'s coaching search", "{club_coach_last}'s sacking"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{club} sack [coach|manager] {club_coach}",
        "{club_coach} [sacked|dismissed|fired] by {club} after [poor run|five straight defeats]",
        "{club} part ways with {club_coach_last}[ after heavy defeat|]",
      ],
      texts: [
        "{club} dismissed {club_coach} on {day} after a run of defeats left the club near the bottom of the table.",
      ],
    },
    {
      at: [4, 14],
      weight: 2,
      headlines: [
        "Who will replace {club_coach_last}? {club}'s [shortlist|options]",
        "{club} [eye|approach] {successor} [as|for] [new coach|vacant post]",
      ],
      texts: ["{successor} is the front-runner to replace {club_coach_last} at {club}."],
    },
    {
      at: [24, 70],
      weight: 2,
      headlines: [
        "{club} [appoint|name] {successor} as [head coach|manager]",
        "{successor} [takes charge|named coach] at {club}",
      ],
      texts: ["{club} appointed {successor} as head coach on a contract until the end of next season."],
    },
  ],
};

const doping: EventKind = {
  id: "doping",
  category: "sports",
  weight: 2,
  scale: 0.6,
  spacing: 48,
  key: "athlete",
  // Another athlete of the same sport caught in the same week.
  shared: ["sport"],
  twinGap: [12, 90],
  cast: (c) => ({
    ...c.role("sport", () => ({ ...c.rng.pick(SPORTS) })),
    ...c.person("athlete"),
    ...c.country("nation"),
    ...c.org("body", ORGS.sportsBodies),
  }),
  topics: ["the {athlete_last} doping case", "{athlete_last}'s positive test"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{nation_adj} {specialty} {athlete_last} [provisionally suspended|suspended] after [failed drugs test|positive test]",
        "{event} champion {athlete_last} [tests positive|fails doping test]",
        "{athlete} [banned|suspended] [pending investigation|over doping charge]",
      ],
      texts: [
        "{nation_adj} {specialty} {athlete}, a former {event} champion, was provisionally suspended on {day} after a positive test.",
      ],
    },
    {
      at: [3, 12],
      weight: 2,
      headlines: [
        "{athlete_last} [denies|protests innocence over] doping [charge|allegation]",
        "{athlete_last} blames [contaminated supplement|tainted meat] for positive test",
      ],
      texts: ["{athlete} denied knowingly taking a banned substance and vowed to fight the case."],
    },
    {
      at: [30, 90],
      weight: 2,
      facts: (r) => ({ years: r.pick(["two-year", "four-year", "18-month"]) }),
      headlines: [
        "{athlete_last} [handed|given] {years} [doping ban|ban]",
        "{athlete_last} to appeal {years} ban at [Court of Arbitration for Sport|CAS]",
      ],
      texts: [
        "{body} banned {athlete} for {years}, ruling out the {sport} star from the next championships.",
      ],
    },
  ],
};

export const SPORTS_KINDS: EventKind[] = [match, transfer, sacked, doping];
