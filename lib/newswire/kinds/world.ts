import { fmtInt, money, num, roundish } from "../numbers";
import type { EventKind } from "../types";
import { ORGS } from "../vocab/people";

const earthquake: EventKind = {
  id: "earthquake",
  category: "world",
  weight: 3,
  scale: 1.6,
  spacing: 72,
  key: "country",
  // Its twin is another quake elsewhere on the same day or the next: only the vocabulary is shared.
  shared: [],
  twinGap: [-10, 30],
  cast: (c) => ({
    ...c.country("country", (x) => x.hazards.includes("quake")),
    ...c.city("city", "country"),
    ...c.one("mag", ["5.8", "6.1", "6.3", "6.6", "6.8", "7.0", "7.2", "7.4"]),
    ...c.org("aid", ORGS.aid),
  }),
  topics: ["the {country} earthquake", "the {city} quake", "the {country_adj} earthquake"],
  stages: [
    {
      at: [0, 0],
      weight: 5,
      facts: (r) => ({ deaths: String(r.int(4, 30)) }),
      headlines: [
        "[Magnitude {mag}|{mag}-magnitude|Strong|Powerful] [earthquake|quake] [strikes|hits|rocks|jolts] [southern|northern|central|western|] {country}",
        "[Strong|Powerful|Deadly] [earthquake|quake] [hits|strikes] near {city}[, {country}|]",
        "At least {deaths} [dead|killed] as {mag} [quake|earthquake] [hits|strikes] {country}",
        "{country} earthquake: [buildings collapse|buildings flattened|residents flee homes] in {city}",
        "{mag} [earthquake|quake] [shakes|rattles] {city}, killing at least {deaths}",
        "[Earthquake|Quake] [kills at least {deaths}|leaves at least {deaths} dead] in {country_adj} city of {city}",
      ],
      texts: [
        "A magnitude {mag} earthquake struck near {city} on {day}, killing at least {deaths} people and damaging hundreds of buildings, officials said.",
        "The quake hit {country_the} in the early hours, sending residents of {city} into the streets as walls and roofs gave way.",
        "Emergency services in {country_the} said at least {deaths} people had died after a powerful earthquake shook the area around {city}.",
      ],
    },
    {
      at: [2, 7],
      weight: 4,
      facts: (r, s) => ({ deaths: String(roundish(num(s.deaths) * r.float(3, 7))) }),
      headlines: [
        "Death toll [from|in] {country} [earthquake|quake] [rises|climbs|jumps] to {deaths}",
        "{country} quake: rescuers [search|dig through] rubble as toll [reaches|climbs to] {deaths}",
        "[More than|At least] {deaths} [dead|killed] in {country} earthquake, [officials say|authorities say|government says]",
        "{country_leader_title} {country_leader} declares [state of emergency|national emergency] after {city} quake",
        "[Race to find survivors|Desperate search for survivors] after {country} earthquake kills {deaths}",
      ],
      texts: [
        "The number of people killed by the earthquake near {city} rose to {deaths} as rescue teams worked through the night.",
        "{country_leader_title} {country_leader} declared a state of emergency in the region, as the toll from the quake climbed to {deaths}.",
      ],
    },
    {
      at: [20, 32],
      weight: 3,
      facts: (r, s) => ({
        deaths: String(roundish(num(s.deaths) * r.float(1.3, 1.8))),
        homeless: fmtInt(roundish(r.int(8, 90) * 1000)),
        appeal: money(r.int(20, 250)),
      }),
      headlines: [
        "[Survivors|Families] of {country} [earthquake|quake] [spend|face] [second night|another night] in the open",
        "Aid [arrives|begins to reach] [quake-hit|devastated] {city} as death toll passes {deaths}",
        "{aid_head} appeals for {appeal} [for|to help] {country} quake victims",
        "[Hopes fade|Hope fading] for survivors [under the rubble|trapped] in {city}",
        "{country} earthquake leaves {homeless} homeless, [UN says|officials say]",
      ],
      texts: [
        "Relief supplies began arriving in {city} a day after the earthquake, which has now killed {deaths} people and left {homeless} without homes.",
        "{aid} launched an appeal for {appeal} as survivors of the {country_adj} earthquake spent another night outdoors.",
      ],
    },
    {
      at: [54, 96],
      weight: 2.5,
      reignite: true,
      facts: (r) => ({ after: r.pick(["5.1", "5.4", "5.6", "5.9"]) }),
      headlines: [
        "[Strong|Powerful] aftershock [rattles|jolts] quake-hit {city}",
        "{after} aftershock [hits|strikes] {country} days after deadly [quake|earthquake]",
        "Anger grows in {country} over building [standards|codes] after deadly quake",
        "{country} [holds|observes] national day of mourning for [earthquake|quake] victims",
      ],
      texts: [
        "A magnitude {after} aftershock shook {city} on {day}, days after the earthquake that killed {deaths} people, sending residents back into the streets.",
        "Questions mounted in {country_the} over how so many buildings collapsed in {city}, as the government promised an inquiry.",
      ],
    },
  ],
};

const VEHICLES = [
  { vehicle: "train", crash: "derails", accident: "derailment", cause: "signal failure", boss: "Rail chief" },
  {
    vehicle: "ferry",
    crash: "capsizes",
    accident: "sinking",
    cause: "overloading",
    boss: "Ferry operator's boss",
  },
  {
    vehicle: "bus",
    crash: "plunges off road",
    accident: "crash",
    cause: "brake failure",
    boss: "Bus company owner",
  },
];

const transport: EventKind = {
  id: "transport-disaster",
  category: "world",
  weight: 4,
  scale: 1.1,
  spacing: 24,
  key: "city",
  shared: ["country"],
  twinGap: [20, 70],
  cast: (c) => ({
    ...c.country("country"),
    ...c.city("city", "country"),
    ...c.role("vehicle", () => ({ ...c.rng.pick(VEHICLES) })),
  }),
  topics: ["the {city} {vehicle} disaster", "the {country} {vehicle} {accident}"],
  stages: [
    {
      at: [0, 0],
      weight: 5,
      facts: (r) => ({ deaths: String(r.int(6, 40)), injured: String(r.int(30, 160)) }),
      headlines: [
        "[At least |]{deaths} [killed|dead] as {vehicle} {crash} near {city}",
        "{country} {vehicle} {accident} [kills at least {deaths}|leaves {deaths} dead]",
        "[Deadly|Fatal] {vehicle} {accident} in {country_adj} city of {city}",
        "{vehicle} [carrying hundreds|packed with passengers] {crash} in {country}; {deaths} dead",
        "[Dozens|Scores] injured, {deaths} dead in {city} {vehicle} {accident}",
      ],
      texts: [
        "At least {deaths} people were killed and {injured} injured when a {vehicle} {crash} near {city} on {day}, local officials said.",
        "Rescuers in {country_the} pulled survivors from the wreckage after a {vehicle} {crash} outside {city}, killing {deaths}.",
      ],
    },
    {
      at: [3, 9],
      weight: 3,
      facts: (r, s) => ({ deaths: String(num(s.deaths) + r.int(3, 15)) }),
      headlines: [
        "{country} {vehicle} {accident}: death toll [rises|climbs|jumps] to {deaths}",
        "{country_leader_title} {country_leader} orders inquiry into {city} {vehicle} [disaster|{accident}]",
        "{cause} [suspected|blamed] in {country} {vehicle} {accident}",
        "Toll from {city} {vehicle} {accident} climbs to {deaths}[ as rescuers search for missing|]",
      ],
      texts: [
        "The toll from the {vehicle} {accident} near {city} rose to {deaths}, and {country_leader_title} {country_leader} ordered an independent inquiry.",
        "Investigators were examining whether {cause} caused the {accident}, which has killed {deaths} people.",
      ],
    },
    {
      at: [22, 40],
      weight: 2,
      facts: (r) => ({ held: String(r.int(2, 4)) }),
      headlines: [
        "{held} [arrested|detained] over {city} {vehicle} {accident}",
        "{country} {vehicle} disaster: [families demand answers|grief turns to anger]",
        "{boss} [resigns|quits] over deadly {country} {vehicle} {accident}",
      ],
      texts: [
        "Police in {country_the} detained {held} people as part of the investigation into the {vehicle} {accident} near {city} that killed {deaths}.",
      ],
    },
  ],
};

const summit: EventKind = {
  id: "summit",
  category: "world",
  weight: 5,
  scale: 1,
  spacing: 24,
  key: "guest",
  shared: ["host"],
  twinGap: [30, 80],
  cast: (c) => {
    const host = c.country("host", (x) => x.region !== "Oceania");
    return {
      ...host,
      ...c.country("guest", (x) => x.name !== host.host_name),
      ...c.one("topic", ["trade", "energy", "security", "migration", "critical minerals"]),
    };
  },
  topics: ["the {host}-{guest} talks", "{guest_leader_last}'s visit to {host_capital}"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      headlines: [
        "{guest_leader_title} {guest_leader} [arrives in|lands in] {host_capital} for talks on {topic}",
        "{guest} and {host} leaders [meet|sit down] [for|in] {topic} talks",
        "{host_leader} hosts {guest_adj} leader as {topic} [ties|relations] deepen",
        "{guest_adj} {guest_leader_title} visits {host} [seeking|in search of] {topic} deal",
      ],
      texts: [
        "{guest_leader_title} {guest_leader} of {guest_the} arrived in {host_capital} on {day} for two days of talks with {host_leader} focused on {topic}.",
        "The visit is the first by a {guest_adj} leader to {host_the} in several years, and officials expect agreements on {topic}.",
      ],
    },
    {
      at: [5, 26],
      weight: 4,
      facts: (r) => ({ value: money(r.int(400, 30000)) }),
      headlines: [
        "{host} and {guest} [sign|agree] {value} {topic} [deal|pact]",
        "{host_leader_last} and {guest_leader_last} [seal|strike|unveil] {topic} [agreement|deal] worth {value}",
        "{guest} [wins|secures] {value} in {topic} [deals|agreements] [during|on] {host} visit",
        "{host}, {guest} [pledge|vow] closer {topic} ties[ after talks|]",
      ],
      texts: [
        "The two leaders signed agreements worth {value} on {topic}, and said they would meet again within a year.",
        "{host_leader} and {guest_leader} announced a {topic} partnership worth {value} at a joint news conference in {host_capital}.",
      ],
    },
    {
      at: [40, 70],
      weight: 1.5,
      reignite: true,
      headlines: [
        "Critics [question|attack] {host}'s {topic} deal with {guest}",
        "{host_parl} [to debate|to scrutinise] {topic} pact with {guest}",
        "{guest} deal: [opposition|critics] in {host} demand [details|vote]",
      ],
      texts: [
        "Opposition lawmakers in {host_the} demanded to see the full terms of the {topic} agreement signed with {guest_the} this week.",
      ],
    },
  ],
};

const protests: EventKind = {
  id: "protests",
  category: "world",
  weight: 4,
  scale: 1,
  spacing: 24,
  key: "country",
  shared: [],
  twinGap: [-12, 48],
  cast: (c) => ({
    ...c.country("country", (x) => x.name !== "United States"),
    ...c.one("issue", ["fuel prices", "a tax increase", "pension cuts", "food prices", "a new mining law"]),
    ...c.one("crowd", ["Thousands", "Tens of thousands", "Hundreds of thousands"]),
  }),
  topics: ["the {country} protests", "protests in {country_capital}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{crowd} [protest|march|rally] in {country_capital} over {issue}",
        "{country}: [mass protests|huge crowds] [against|over] {issue}",
        "Protesters [fill|pack|take to] the streets of {country_capital} [over|against] {issue}",
        "Anger over {issue} [brings|draws] {crowd} [onto the streets|to protests] in {country}",
      ],
      texts: [
        "{crowd} of people marched through {country_capital} on {day} to protest against {issue}, in the largest demonstrations in years.",
        "Protesters in {country_the} blocked roads and gathered outside government buildings, demanding that {country_leader} reverse course on {issue}.",
      ],
    },
    {
      at: [6, 14],
      weight: 3,
      facts: (r) => ({ held: String(r.int(40, 400)) }),
      headlines: [
        "Police [fire tear gas|clash with protesters] in {country_capital}; {held} arrested",
        "{country} protests turn violent as police [detain|arrest] {held}",
        "{held} arrested as {issue} protests [spread|grow] across {country}",
      ],
      texts: [
        "Police fired tear gas at protesters in {country_capital} and detained {held} people, as demonstrations over {issue} spread to other cities.",
      ],
    },
    {
      at: [22, 50],
      weight: 3,
      headlines: [
        "{country} [government|{country_leader_title}] [backs down|makes U-turn] on {issue} after protests",
        "{country_leader_last} [suspends|scraps|shelves] {issue} plan [after|following] [days of protests|mass protests]",
        "{country} protesters [vow to continue|call new strike] despite [concessions|government offer]",
      ],
      texts: [
        "{country_leader_title} {country_leader} said the government would suspend its plans on {issue}, after days of protests across {country_the}.",
      ],
    },
  ],
};

export const WORLD_KINDS: EventKind[] = [earthquake, transport, summit, protests];
