import type { EventKind } from "../types";
import { ORGS } from "../vocab/people";

const AIRLINE_TYPES = ["passenger jet", "regional airliner", "cargo plane", "turboprop"];

const planeCrash: EventKind = {
  id: "plane-crash",
  category: "world",
  weight: 3,
  scale: 1.2,
  spacing: 48,
  key: "co",
  shared: [],
  twinGap: [12, 90],
  cast: (c) => ({
    ...c.company("co", "airline"),
    ...c.country("country"),
    ...c.city("city", "country"),
    ...c.one("plane", AIRLINE_TYPES),
    ...c.one("flight", [String(c.rng.int(100, 9899))]),
  }),
  topics: ["the {co_short} crash", "the {city} plane crash", "flight {flight}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ aboard: String(r.int(40, 220)) }),
      headlines: [
        "{co} {plane} [crashes|goes down] [near|on approach to] {city}",
        "Plane carrying {aboard} [crashes|crash-lands] [near|at] {city} airport",
        "{co_short} flight {flight} [crashes|lost] [in|over] {country} with {aboard} on board",
        "[Passenger|] plane [crash|accident] in {country}: {co_short} flight [goes down|crashes]",
      ],
      texts: [
        "A {co} {plane} carrying {aboard} people crashed near {city} on {day}, aviation officials in {country_the} said.",
        "Flight {flight} lost contact with air traffic control minutes before it was due to land in {city}.",
      ],
    },
    {
      at: [2, 9],
      weight: 3,
      facts: (r, s) => ({ survivors: String(r.int(0, Math.floor(Number(s.aboard) / 2))) }),
      headlines: [
        "{survivors} [survivors pulled|people rescued] from wreckage of {co_short} flight",
        "{co_short} crash: [investigators|officials] [recover|find] black boxes",
        "{co_short} [names|releases] passenger list of flight {flight}",
        "What we know [about|so far about] {co_short} flight {flight}",
      ],
      texts: [
        "Rescuers pulled {survivors} survivors from the wreckage of flight {flight} as investigators recovered the black boxes.",
      ],
    },
    {
      at: [22, 60],
      weight: 2,
      headlines: [
        "{co_short} [grounds|checks] {plane} fleet after {city} crash",
        "[Preliminary report|Investigators] [points|point] to [engine failure|pilot error|bad weather] in {co_short} crash",
        "Families of {co_short} crash victims [demand answers|hold vigil in {city}]",
      ],
      texts: [
        "{co} grounded the rest of its {plane} fleet while investigators examined the crash near {city}.",
      ],
    },
  ],
};

const prisonerSwap: EventKind = {
  id: "prisoner-swap",
  category: "world",
  weight: 3,
  spacing: 48,
  key: "b",
  // One country negotiating two separate releases in the same week.
  shared: ["a"],
  twinGap: [24, 100],
  cast: (c) => {
    const a = c.country("a");
    return {
      ...a,
      ...c.country("b", (x) => x.name !== a.a_name),
      ...c.person("prisoner"),
      ...c.org("mediator", [...ORGS.un, "Qatar", "Oman", "Switzerland", "the Vatican"]),
    };
  },
  topics: ["the {a}-{b} prisoner swap", "{prisoner_last}'s release"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      facts: (r) => ({ freed: String(r.int(2, 12)) }),
      headlines: [
        "{a} and {b} [agree|announce] prisoner swap [brokered by|with help from] {mediator_head}",
        "{b} [frees|releases] {a_adj} [national|citizen] {prisoner} in prisoner exchange",
        "{freed} prisoners [freed|released|go free] in {a}-{b} [swap|exchange]",
        "{prisoner} [freed|released] [after|following] [deal|talks] between {a} and {b}",
      ],
      texts: [
        "{b_the} released {prisoner}, a {a_adj} citizen, on {day} as part of an exchange of {freed} prisoners brokered by {mediator}.",
      ],
    },
    {
      at: [4, 14],
      weight: 2,
      headlines: [
        "{prisoner} [lands|arrives] in {a_capital} [after release|to emotional welcome]",
        "{a_leader_last} [welcomes|greets] freed {prisoner_last} [home|at airport]",
        "Inside the [talks|secret talks|negotiations] that freed {prisoner_last}",
      ],
      texts: [
        "{prisoner} landed in {a_capital}, where {a_leader_title} {a_leader} was waiting on the tarmac.",
      ],
    },
    {
      at: [24, 60],
      weight: 1.5,
      headlines: [
        "{prisoner_last} speaks of [detention|ordeal] in {b}",
        "Critics [say|warn] {a}-{b} swap [rewards hostage-taking|sets dangerous precedent]",
      ],
      texts: ["In a first interview since being freed, {prisoner} described months in detention in {b_the}."],
    },
  ],
};

export const WORLD_INCIDENT_KINDS: EventKind[] = [planeCrash, prisonerSwap];
