import type { Caster } from "../caster";
import { fmtInt, money } from "../numbers";
import type { Slots } from "../template";
import type { EventKind } from "../types";
import { AWARDS, FILM_ADJ, FILM_NOUN, GENRES, STUDIOS } from "../vocab/culture";

function film(c: Caster, name: string, not?: string): Slots {
  return c.role(name, () => {
    for (;;) {
      const title = c.rng.chance(0.5)
        ? `The ${c.rng.pick(FILM_ADJ)} ${c.rng.pick(FILM_NOUN)}`
        : `${c.rng.pick(FILM_ADJ)} ${c.rng.pick(FILM_NOUN)}`;
      if (title !== not) return { [name]: title };
    }
  });
}

const boxOffice: EventKind = {
  id: "box-office",
  category: "entertainment",
  weight: 4,
  scale: 0.8,
  spacing: 24,
  key: "film",
  // Another release from the same studio.
  shared: ["studio"],
  twinGap: [-2, 80],
  cast: (c) => ({
    ...film(c, "film"),
    ...c.one("studio", STUDIOS),
    ...c.one("genre", GENRES),
    ...c.person("star"),
    ...c.person("director"),
  }),
  topics: ["{film}", "{director_last}'s {film}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ gross: money(r.int(40, 320)), world: money(r.int(300, 900)) }),
      headlines: [
        "'{film}' [tops|rules|dominates] box office with {gross} opening",
        "Box office: '{film}' [opens to|earns|debuts with] {gross}",
        "{star}'s '{film}' [smashes|beats] [expectations|forecasts] with {gross} debut",
        "'{film}' [scores|lands] [record|biggest] {genre} opening[ of the year|]",
        "{studio}'s '{film}' [takes|grosses] {world} worldwide in opening weekend",
      ],
      texts: [
        "{director}'s {genre} '{film}', starring {star}, took {gross} in North America in its opening weekend, {studio} said.",
        "'{film}' earned {world} worldwide, well ahead of industry forecasts.",
      ],
    },
    {
      at: [3, 14],
      weight: 2,
      headlines: [
        "How '{film}' [defied|beat] the [box office slump|odds]",
        "{star} [thanks fans|celebrates] as '{film}' [tops|leads] charts",
        "'{film}' sequel [in the works|confirmed] after [huge|strong] opening",
      ],
      texts: ["After the strong opening, {studio} confirmed it was developing a sequel to '{film}'."],
    },
    {
      at: [30, 80],
      weight: 1.5,
      headlines: [
        "'{film}' [holds|stays] top [in second weekend|for second week]",
        "'{film}' passes {world} [globally|worldwide]",
      ],
      texts: ["'{film}' held on to the top spot in its second weekend."],
    },
  ],
};

const awards: EventKind = {
  id: "awards",
  category: "entertainment",
  weight: 3,
  scale: 1,
  spacing: 48,
  key: "award",
  shared: [],
  twinGap: [-4, 30],
  cast: (c) => {
    const winner = film(c, "winner");
    return {
      ...winner,
      ...film(c, "favourite", winner.winner),
      ...c.role("award", () => {
        const award = c.cast.claim("award", AWARDS);
        return { award, award_head: award.replace(/^the /, "") };
      }),
      ...c.person("director"),
      ...c.person("actor"),
    };
  },
  topics: ["{award}", "this year's {award_head}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "'{winner}' [wins|takes|scoops] [top prize|the top award] at {award}",
        "{director}'s '{winner}' [triumphs|takes top honour] at {award}",
        "{award_head}: '{winner}' [beats|upsets] '{favourite}' to [top prize|best film]",
        "{actor} [wins|takes] best [actor|actress|performance] at {award}",
      ],
      texts: [
        "'{winner}', directed by {director}, won the top prize at {award} on {day}, beating the favourite '{favourite}'.",
        "{actor} won the award for best performance, in one of the evening's most emotional moments.",
      ],
    },
    {
      at: [1, 8],
      weight: 3,
      headlines: [
        "{award_head}: [winners list|full list of winners|the best moments]",
        "[Snubs and surprises|Biggest surprises] at {award}",
        "{director_last}'s [speech|emotional speech] steals the show at {award}",
        "{award_head} red carpet: [best looks|the standout outfits]",
      ],
      texts: ["From {director}'s speech to the snub of '{favourite}', these were the moments of {award}."],
    },
  ],
};

const tour: EventKind = {
  id: "tour",
  category: "entertainment",
  weight: 4,
  scale: 0.7,
  spacing: 24,
  key: "singer",
  shared: [],
  twinGap: [6, 72],
  cast: (c) => ({
    ...c.person("singer"),
    ...c.one(
      "album",
      FILM_NOUN.map((n) => `${n}s`),
    ),
  }),
  topics: ["{singer_last}'s world tour", "the {singer_last} tour"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      facts: (r) => ({ dates: String(r.int(30, 90)) }),
      headlines: [
        "{singer} [announces|unveils] {dates}-date world tour",
        "{singer} [to tour|heads on tour] [with|behind] new album '{album}'",
        "{singer} world tour: [dates, cities and tickets|how to get tickets]",
      ],
      texts: ["{singer} announced a {dates}-date world tour on {day} to promote the album '{album}'."],
    },
    {
      at: [18, 40],
      weight: 4,
      facts: (r) => ({ queue: fmtInt(r.int(2, 12) * 100000) }),
      headlines: [
        "{singer} tour [sells out|sold out] in [minutes|hours]",
        "{singer} fans [fury|anger] as ticket site [crashes|buckles] under demand",
        "{queue} fans [queue|stuck in queue] for {singer} tickets",
      ],
      texts: ["Tickets for {singer}'s tour sold out within hours as {queue} fans joined online queues."],
    },
    {
      at: [40, 90],
      weight: 2,
      reignite: true,
      headlines: [
        "{singer} adds [extra|new] dates [after|following] [sell-out|ticket frenzy]",
        "Resale prices for {singer} tickets [spark|prompt] [calls for action|outrage]",
      ],
      texts: ["{singer} added new dates after the first run sold out."],
    },
  ],
};

const lawsuit: EventKind = {
  id: "celebrity-lawsuit",
  category: "entertainment",
  weight: 3,
  scale: 0.6,
  spacing: 24,
  key: "star",
  // The same studio sued again by someone else.
  shared: ["studio"],
  twinGap: [24, 96],
  cast: (c) => ({ ...c.person("star"), ...c.one("studio", STUDIOS), ...film(c, "film") }),
  topics: ["{star_last}'s lawsuit against {studio}", "the {star_last} lawsuit"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ claim: money(r.int(10, 150)) }),
      headlines: [
        "{star} sues {studio} [over|for] '{film}' [earnings|pay]",
        "{star} [files|launches] {claim} lawsuit against {studio}",
        "{studio} [sued|hit with lawsuit] by '{film}' star {star_last}",
      ],
      texts: [
        "{star} filed a {claim} lawsuit against {studio} on {day}, alleging breach of contract over '{film}'.",
      ],
    },
    {
      at: [4, 14],
      weight: 2,
      headlines: [
        "{studio} [hits back at|responds to] {star_last} lawsuit",
        "{studio} calls {star_last} [claim|suit] [baseless|without merit]",
      ],
      texts: ["{studio} said the lawsuit was without merit and that it would defend itself."],
    },
    {
      at: [30, 90],
      weight: 2,
      headlines: [
        "{star_last} and {studio} [settle|reach settlement in] '{film}' [dispute|lawsuit]",
        "Judge [allows|lets] {star_last} lawsuit against {studio} [go ahead|proceed]",
      ],
      texts: ["{star} and {studio} reached a settlement, lawyers for both sides said."],
    },
  ],
};

export const ENTERTAINMENT_KINDS: EventKind[] = [boxOffice, awards, tour, lawsuit];
