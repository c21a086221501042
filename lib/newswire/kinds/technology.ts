import { fmtInt, money } from "../numbers";
import type { EventKind } from "../types";
import { ORGS } from "../vocab/people";

const LINES = ["Pulse", "Nova", "Edge", "Vista", "Prism", "Atlas", "Flux", "Halo", "Orbit", "Spark"];

const launch: EventKind = {
  id: "product-launch",
  category: "technology",
  weight: 6,
  scale: 1,
  key: "co",
  // Two launches of the same kind of gadget in one week.
  shared: ["sector"],
  twinGap: [-24, 30],
  cast: (c) => {
    const sector = c.one("sector", ["phones", "chips", "software", "games"]);
    return {
      ...sector,
      ...c.company("co", sector.sector),
      ...c.role("model", () => {
        const line = c.rng.pick(LINES);
        return { model: `${line} ${c.rng.int(2, 9)}`, line };
      }),
    };
  },
  topics: ["the {co_short} {model}", "{co_short}'s new {co_product}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ price: `$${r.pick([299, 499, 799, 999, 1199, 1499])}` }),
      headlines: [
        "{co_short} [unveils|launches|shows off] {model} {co_product}",
        "{co_short} [takes the wraps off|reveals] {model}[ with AI features| with longer battery life|]",
        "{co} [launches|unveils] {model}, [priced at|starting at] {price}",
        "{co_short}'s new {co_product}: [everything we know|the key features]",
        "{co_short} {model} [is here|is official]: [price, features|release date and price]",
      ],
      texts: [
        "{co} unveiled the {model}, its latest {co_product}, at an event on {day}, with prices starting at {price}.",
        "The {model} is {co_short}'s most important launch this year, as the company tries to win back market share.",
      ],
    },
    {
      at: [3, 10],
      weight: 3,
      headlines: [
        "{co_short} {model} [hands-on|first impressions|review]: [a big step|a modest upgrade|worth the wait]",
        "{co_short} {model} vs rivals: [how it compares|what's different]",
        "{co_short} shares [rise|slip] after {model} launch",
      ],
      texts: [
        "Early reviewers praised the {model}'s design but questioned the {price} price tag.",
        "Investors gave a cautious response to the launch of the {co_short} {model}.",
      ],
    },
    {
      at: [24, 72],
      weight: 2,
      facts: (r) => ({ orders: fmtInt(r.int(2, 40) * 100000) }),
      headlines: [
        "{co_short} {model} pre-orders [top|pass] {orders}",
        "{co_short} [says demand for|reports strong demand for] {model} [beats|exceeds] expectations",
        "{co_short} {model} [shipping delays|supply shortages] [frustrate|anger] buyers",
      ],
      texts: ["{co} said pre-orders for the {model} had passed {orders} within days of the launch."],
    },
  ],
};

const breach: EventKind = {
  id: "data-breach",
  category: "technology",
  weight: 4,
  scale: 0.9,
  spacing: 24,
  key: "co",
  // The same hacking group claiming a second victim days later.
  shared: ["gang"],
  twinGap: [12, 80],
  cast: (c) => ({
    ...c.company("co", c.rng.pick(["bank", "retail", "airline", "social", "software"])),
    ...c.one("gang", ["ShadowVault", "Nightcrawler", "Black Lotus", "Crimson Fox", "DarkMeridian"]),
  }),
  topics: ["the {co_short} cyberattack", "the {co_short} data breach"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{co_short} [hit by|discloses] [cyberattack|cyber attack|data breach]",
        "{co} [confirms|admits] [hackers stole|breach of] customer data",
        "[Hackers|Cyber criminals] [breach|target] {co_noun} {co_short}",
        "{co_short} [systems down|services disrupted] after cyberattack",
      ],
      texts: [
        "{co} said on {day} that hackers had gained access to its systems and that customer data may have been stolen.",
        "The {co_noun} said it had taken some systems offline and called in outside experts after detecting the attack.",
      ],
    },
    {
      at: [4, 14],
      weight: 3,
      facts: (r) => ({ records: `${r.int(2, 90)} million` }),
      headlines: [
        "{co_short} breach [exposes|affects] data of {records} customers",
        "{gang} [hackers|gang] claims {co_short} [attack|breach]",
        "{records} {co_short} customers [caught up in|affected by] data breach",
        "{co_short} [apologises|says sorry] after hack [hits|exposes] {records} customers",
      ],
      texts: [
        "{co} said the personal data of {records} customers had been exposed in the attack, which the {gang} group has claimed.",
      ],
    },
    {
      at: [24, 60],
      weight: 2,
      headlines: [
        "Regulator [opens investigation into|to probe] {co_short} data breach",
        "{co_short} [hit with|faces] [class action|lawsuits] over data breach",
        "{co_short} [refuses|won't pay] {gang} ransom demand",
      ],
      texts: ["Data protection regulators said they were investigating the breach at {co}."],
    },
  ],
};

const antitrust: EventKind = {
  id: "antitrust-fine",
  category: "technology",
  weight: 4,
  scale: 0.8,
  spacing: 24,
  key: "co",
  // The same regulator fining a second company within days.
  shared: ["regulator"],
  twinGap: [20, 96],
  cast: (c) => ({
    ...c.company("co", c.rng.pick(["software", "social", "phones"])),
    ...c.org("regulator", ORGS.techRegulators),
    ...c.one("practice", [
      "its app store rules",
      "self-preferencing in search",
      "bundling its AI assistant",
      "how it uses advertisers' data",
    ]),
  }),
  topics: ["the {co_short} antitrust case", "{regulator}'s case against {co_short}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ fine: money(r.int(150, 4500)) }),
      headlines: [
        "{regulator_head} [fines|penalises] {co_short} {fine} over {practice}",
        "{co} [hit with|handed] {fine} [antitrust|competition] fine",
        "{co_short} [fined|penalised] {fine} by {regulator_head}",
        "{regulator_head} [slaps|hits] {co_short} with {fine} fine over {practice}",
      ],
      texts: [
        "{regulator} fined {co} {fine} on {day} over {practice}, saying the company had abused its dominant position.",
      ],
    },
    {
      at: [2, 8],
      weight: 2,
      headlines: [
        "{co_short} to appeal {fine} [fine|penalty]",
        "{co_short} [says it will appeal|vows to fight] {regulator_head} ruling",
        "{co_short} [must change|ordered to change] {practice} within 90 days",
      ],
      texts: ["{co} said it disagreed with the decision and would appeal."],
    },
    {
      at: [30, 90],
      weight: 1.5,
      reignite: true,
      headlines: [
        "{co_short} [unveils|proposes] changes to {practice} after {fine} fine",
        "Rivals say {co_short} changes [fall short|don't go far enough]",
      ],
      texts: ["Days after the fine, {co} proposed changes to {practice}, which rivals said fell short."],
    },
  ],
};

const outage: EventKind = {
  id: "outage",
  category: "technology",
  weight: 3,
  scale: 0.8,
  spacing: 24,
  key: "co",
  shared: [],
  twinGap: [-12, 48],
  cast: (c) => ({ ...c.company("co", c.rng.pick(["software", "social", "bank", "airline"])) }),
  topics: ["the {co_short} outage", "{co_short}'s global outage"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{co_short} [down|hit by outage] for [thousands|millions] of users [worldwide|around the world]",
        "{co} [suffers|hit by] [global|major|widespread] outage",
        "[Is|Why is] {co_short} down? [Users report|Thousands report] problems",
      ],
      texts: [
        "Users around the world reported problems reaching {co}'s services on {day}, in one of its longest outages.",
      ],
    },
    {
      at: [2, 6],
      weight: 3,
      facts: (r) => ({ hours: String(r.int(2, 9)) }),
      headlines: [
        "{co_short} services [restored|back] after {hours}-hour outage",
        "{co_short} blames [faulty update|configuration error|network fault] for outage",
      ],
      texts: ["{co} said service had been restored after {hours} hours and blamed a faulty software update."],
    },
    {
      at: [20, 40],
      weight: 1,
      headlines: [
        "{co_short} [apologises|offers compensation] for outage",
        "{co_short} outage [raises questions|sparks calls for rules] on resilience",
      ],
      texts: ["A day after the outage, {co} apologised to customers and promised a full review."],
    },
  ],
};

export const TECHNOLOGY_KINDS: EventKind[] = [launch, breach, antitrust, outage];
