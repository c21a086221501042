import { fmtInt, money, num, roundish } from "../numbers";
import type { EventKind } from "../types";
import { CONDITIONS, DISEASES, DRUG_END, DRUG_START } from "../vocab/culture";
import { ORGS } from "../vocab/people";

const outbreak: EventKind = {
  id: "outbreak",
  category: "health",
  weight: 3,
  scale: 1,
  spacing: 48,
  key: "country",
  // The same disease flaring up in another country: a separate event with the same vocabulary.
  shared: ["disease"],
  twinGap: [12, 80],
  cast: (c) => {
    const country = c.country("country", (x) =>
      ["Africa", "Asia", "South America", "Caribbean"].includes(x.region),
    );
    return {
      ...country,
      ...c.city("city", "country"),
      ...c.role("disease", () => ({ ...c.rng.pick(DISEASES) })),
      ...c.org("who", ORGS.health),
    };
  },
  topics: ["the {country} {short} outbreak", "{short} in {country_the}"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      facts: (r) => ({ cases: String(r.int(40, 400)), deaths: String(r.int(2, 20)) }),
      headlines: [
        "{country} [declares|confirms] {disease} outbreak [in|around] {city}",
        "{short} outbreak [kills|claims] {deaths} in {country}",
        "{country_adj} health officials [report|confirm] {cases} {short} cases",
        "[Deadly|Fast-spreading] {disease} outbreak [hits|spreads in] {city}",
      ],
      texts: [
        "Health authorities in {country_the} declared an outbreak of {disease} around {city} on {day}, with {cases} suspected cases and {deaths} deaths.",
        "Hospitals in {city} have set up isolation wards as {disease} cases rise, officials said.",
      ],
    },
    {
      at: [6, 16],
      weight: 3,
      facts: (r, s) => ({
        cases: fmtInt(roundish(num(s.cases) * r.float(1.6, 3))),
        deaths: String(num(s.deaths) + r.int(3, 25)),
      }),
      headlines: [
        "{country} {short} cases [rise|climb|jump] to {cases}",
        "{short} death toll in {country} [rises|climbs] to {deaths}",
        "{country} [steps up|scales up] response as {short} [spreads|cases mount]",
      ],
      texts: [
        "Confirmed and suspected {disease} cases in {country_the} rose to {cases}, and {deaths} people have died.",
      ],
    },
    {
      at: [24, 60],
      weight: 3,
      headlines: [
        "{who_head} [warns|concerned] over {short} outbreak in {country}",
        "{country} [launches|begins] {short} vaccination [campaign|drive]",
        "{who_head} sends experts to {country} as {short} [spreads|outbreak grows]",
      ],
      texts: ["{who} said the risk of the {disease} outbreak spreading within {country_the} was high."],
    },
    {
      at: [72, 110],
      weight: 2,
      reignite: true,
      facts: (r, s) => ({ cases: fmtInt(roundish(num(s.cases) * r.float(1.5, 2.5))) }),
      headlines: [
        "{short} cases in {country} top {cases} as outbreak [spreads|reaches new regions]",
        "{country} {short} outbreak [reaches|spreads to] {country_capital}",
      ],
      texts: [
        "The {disease} outbreak in {country_the} has now passed {cases} cases, with new infections reported in {country_capital}.",
      ],
    },
  ],
};

const approval: EventKind = {
  id: "drug-approval",
  category: "health",
  weight: 4,
  scale: 0.7,
  key: "drug",
  // Two drugs for the same condition cleared in the same week.
  shared: ["condition"],
  twinGap: [-24, 72],
  cast: (c) => ({
    ...c.company("co", "pharma"),
    ...c.org("regulator", ORGS.drugRegulators),
    ...c.role("drug", () => ({ drug: `${c.rng.pick(DRUG_START)}${c.rng.pick(DRUG_END)}` })),
    ...c.one("condition", CONDITIONS),
  }),
  topics: ["the {drug} approval", "{co_short}'s {condition} drug"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{regulator_head} [approves|clears|OKs] {co_short}'s {condition} drug[ {drug}|]",
        "{co_short} wins {regulator_head} approval for {condition} [treatment|drug]",
        "[New|First-of-its-kind] {condition} drug {drug} [approved|cleared] by {regulator_head}",
        "{regulator_head} [clears|backs] {drug} for {condition}",
      ],
      texts: [
        "{regulator} approved {drug}, {co}'s treatment for {condition}, on {day}, after trials showed it slowed the disease.",
        "The approval of {drug} gives patients with {condition} a new option, doctors said.",
      ],
    },
    {
      at: [2, 10],
      weight: 2,
      facts: (r) => ({ cost: `$${fmtInt(r.int(8, 90) * 1000)}` }),
      headlines: [
        "{co_short} [sets|puts] {drug} price at {cost} a year",
        "{co_short} shares [jump|climb] after {drug} approval",
        "Doctors [welcome|cautious on] {drug} as {condition} [patients|treatment] option",
      ],
      texts: ["{co} said {drug} would cost {cost} a year before insurance discounts."],
    },
    {
      at: [24, 70],
      weight: 1.5,
      facts: (r) => ({ sales: money(r.int(500, 9000)) }),
      headlines: [
        "Insurers [balk at|question] cost of {co_short}'s {drug}",
        "[Analysts see|Analysts forecast] {drug} sales [reaching|of] {sales}",
      ],
      texts: ["Analysts forecast annual sales of {sales} for {drug} within five years."],
    },
  ],
};

const strike: EventKind = {
  id: "health-strike",
  category: "health",
  weight: 3,
  scale: 0.7,
  spacing: 24,
  key: "country",
  shared: ["workers"],
  twinGap: [6, 72],
  cast: (c) => ({
    ...c.country("country", (x) => ["Europe", "Oceania", "North America", "Africa"].includes(x.region)),
    ...c.one("workers", ["nurses", "junior doctors", "paramedics", "hospital doctors"]),
  }),
  topics: ["the {country} {workers}' strike", "{country_the}'s {workers} walkout"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ hours: r.pick(["48-hour", "72-hour", "indefinite", "five-day"]) }),
      headlines: [
        "{country_adj} {workers} [begin|start|launch] {hours} strike [over pay|over staffing]",
        "{workers} walk out in {country} in [pay row|row over pay]",
        "{country} hospitals [brace for|hit by] {hours} {workers} strike",
      ],
      texts: [
        "{workers} across {country_the} began a {hours} strike on {day}, after talks with the government over pay broke down.",
      ],
    },
    {
      at: [3, 12],
      weight: 2,
      facts: (r) => ({ cancelled: fmtInt(r.int(5, 60) * 1000) }),
      headlines: [
        "{cancelled} operations [cancelled|postponed] as {workers} strike in {country}",
        "{country} health minister [urges|calls on] {workers} to [return to talks|call off strike]",
      ],
      texts: ["About {cancelled} operations and appointments were cancelled on the first day of the strike."],
    },
    {
      at: [24, 60],
      weight: 2,
      headlines: [
        "{country} {workers} [accept|reject] pay offer",
        "{workers}' strike in {country} [ends|called off] after deal",
      ],
      texts: [
        "Unions representing {workers} in {country_the} said members would vote on the government's improved offer.",
      ],
    },
  ],
};

export const HEALTH_KINDS: EventKind[] = [outbreak, approval, strike];
