import type { EventKind } from "../types";
import { DINO_PREFIX, DINO_SUFFIX, MISSION_NAMES, SPACE_TARGETS, TELESCOPES } from "../vocab/culture";
import { ORGS } from "../vocab/people";

const mission: EventKind = {
  id: "space-mission",
  category: "science",
  weight: 3,
  scale: 1,
  spacing: 48,
  key: "mission",
  // Two missions to the same destination in the same week.
  shared: ["target"],
  twinGap: [-30, 60],
  cast: (c) => ({
    ...c.org("agency", ORGS.spaceAgencies),
    ...c.role("mission", () => ({ mission: `${c.cast.claim("mission", MISSION_NAMES)}-${c.rng.int(1, 4)}` })),
    ...c.role("target", () => ({ ...c.rng.pick(SPACE_TARGETS) })),
    ...c.person("lead"),
  }),
  topics: ["the {mission} mission", "{agency}'s {mission} {lander}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{agency_head} launches {mission} {lander} [to|bound for] {target}",
        "{mission} [blasts off|lifts off] [on journey|on mission] to {target}",
        "[Rocket carrying|Launch of] {agency_head}'s {mission} [lifts off|succeeds]",
        "{agency_head}'s {mission} [heads for|sets off for] {target}",
      ],
      texts: [
        "{agency} launched its {mission} {lander} on {day}, beginning a journey to {target}.",
        "The {mission} mission, led by scientist {lead}, aims to study {place}.",
      ],
    },
    {
      at: [2, 8],
      weight: 2,
      headlines: [
        "{mission} [separates from rocket|reaches orbit], {agency_head} [says|confirms]",
        "{mission} {lander} [phones home|sends first signal] after launch",
      ],
      texts: ["Mission controllers confirmed that {mission} had separated from its rocket and was healthy."],
    },
    {
      at: [26, 70],
      weight: 3,
      headlines: [
        "{mission} sends back first images [of|from] {target}",
        "{agency_head} [reports|investigates] [glitch|anomaly] on {mission} {lander}",
        "{mission} [enters orbit around|arrives at] {target}",
      ],
      texts: ["{agency} released the first images from {mission}, showing {place} in new detail."],
    },
    {
      at: [72, 110],
      weight: 3,
      reignite: true,
      facts: (r) => ({ outcome: r.pick(["lands", "touches down"]) }),
      headlines: [
        "{mission} {outcome} [on|near] {place}",
        "{agency_head}'s {mission} {outcome} in [historic|risky] [landing|descent]",
        "[Contact lost with|Silence from] {mission} [during|after] landing attempt",
      ],
      texts: ["{agency} said its {mission} {lander} had reached {place}, a first for the agency."],
    },
  ],
};

const fossil: EventKind = {
  id: "fossil",
  category: "science",
  weight: 3,
  scale: 0.6,
  spacing: 48,
  key: "species",
  // Another find in the same country in the same week.
  shared: ["country"],
  twinGap: [12, 90],
  cast: (c) => ({
    ...c.country("country", (x) =>
      ["South America", "Africa", "Asia", "North America", "Oceania"].includes(x.region),
    ),
    ...c.role("species", () => ({ species: `${c.rng.pick(DINO_PREFIX)}${c.rng.pick(DINO_SUFFIX)}` })),
    ...c.org("uni", ORGS.universities),
    ...c.person("lead"),
    ...c.one("length", ["6", "9", "12", "18", "25"]),
  }),
  topics: ["the {species} find", "the new {country_adj} dinosaur"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "[New|Giant] dinosaur species [found|discovered|unearthed] in {country}",
        "{species}: {length}-metre dinosaur [discovered|found] in {country_adj} [desert|rock|quarry]",
        "[Scientists|Palaeontologists] [name|describe] {species}, a [new|previously unknown] dinosaur from {country}",
        "Fossil of {length}m [predator|plant-eater] [sheds light on|rewrites] dinosaur [history|evolution]",
      ],
      texts: [
        "Palaeontologists from {uni} have described {species}, a {length}-metre dinosaur whose bones were found in {country_the}.",
        "The study, led by {lead}, was published on {day} and suggests the animal lived about 90 million years ago.",
      ],
    },
    {
      at: [4, 14],
      weight: 1.5,
      headlines: [
        "How {species} [changes|upends] what we know about dinosaurs",
        "{country} dinosaur find: [what we know|five things to know]",
      ],
      texts: ["Experts not involved in the study said {species} filled a gap in the fossil record."],
    },
  ],
};

const exoplanet: EventKind = {
  id: "exoplanet",
  category: "science",
  weight: 3,
  scale: 0.6,
  spacing: 48,
  key: "planet",
  // The same telescope's results, another planet, a few days apart.
  shared: ["scope"],
  twinGap: [24, 96],
  cast: (c) => ({
    ...c.org("scope", TELESCOPES),
    ...c.role("planet", () => ({
      planet: `${c.rng.pick(["TOI", "K2", "LHS", "Gliese"])}-${c.rng.int(100, 4999)} b`,
    })),
    ...c.one("finding", ["water vapour", "a thick atmosphere", "carbon dioxide", "possible signs of oceans"]),
    ...c.org("uni", ORGS.universities),
  }),
  topics: ["the {planet} discovery", "{finding} on {planet}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ ly: String(r.int(12, 400)) }),
      headlines: [
        "{scope_head} [detects|finds] {finding} on [distant|rocky] planet {planet}",
        "Astronomers [spot|find] {finding} on exoplanet {ly} light years away",
        "[Distant|Alien] world {planet} [has|may have] {finding}, [study finds|astronomers say]",
        "{finding} [found|detected] on [planet|exoplanet] {planet}",
      ],
      texts: [
        "Astronomers using {scope} have detected {finding} on {planet}, a planet {ly} light years from Earth.",
        "The team from {uni} said the finding, published on {day}, made {planet} a prime target for further study.",
      ],
    },
    {
      at: [5, 20],
      weight: 1.5,
      headlines: [
        "Could {planet} support life? [Scientists urge caution|What the data says]",
        "{planet}: why {finding} [matters|excites astronomers]",
      ],
      texts: ["Other astronomers cautioned that {finding} alone was not a sign of life."],
    },
  ],
};

export const SCIENCE_KINDS: EventKind[] = [mission, fossil, exoplanet];
