import type { EventKind } from "../types";

const ruling: EventKind = {
  id: "court-ruling",
  category: "politics",
  weight: 5,
  scale: 0.8,
  key: "case",
  // The same top court deciding two cases in one week.
  shared: ["country"],
  twinGap: [12, 96],
  cast: (c) => ({
    ...c.country("country", (x) => x.region !== "Middle East"),
    ...c.one("case", [
      "abortion restrictions",
      "a ban on protests",
      "emergency powers",
      "same-sex marriage",
      "a surveillance law",
      "voting district maps",
      "a tax on banks",
    ]),
    ...c.person("judge"),
  }),
  topics: ["the {country} court ruling on {case}", "{country_the}'s {case} case"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({
        verdict: r.pick(["strikes down", "upholds"]),
        votes: r.pick(["5-4", "6-3", "7-2", "unanimously"]),
      }),
      headlines: [
        "{country} [top|supreme] court {verdict} {case}",
        "{country_adj} supreme court {verdict} {case} [in|by] {votes} [ruling|vote]",
        "[Landmark|Historic] ruling: {country} court {verdict} {case}",
        "{country} judges {verdict} {case}[, dealing blow to government| in win for government]",
      ],
      texts: [
        "{country_the}'s supreme court {verdict} {case} on {day}, in a {votes} decision written by Justice {judge}.",
      ],
    },
    {
      at: [2, 10],
      weight: 2,
      headlines: [
        "{country_leader_last} [reacts|responds] to court ruling on {case}",
        "What the {country} [court|supreme court] ruling on {case} means[ for you|]",
        "[Crowds gather|Protesters rally|Supporters celebrate] outside {country} court after {case} ruling",
      ],
      texts: [
        "{country_leader_title} {country_leader} said the government would study the ruling on {case} closely.",
      ],
    },
    {
      at: [26, 70],
      weight: 1.5,
      headlines: [
        "{country} government [drafts|plans] new law after {case} ruling",
        "{country_parl} [to vote|to debate] response to court ruling on {case}",
      ],
      texts: ["Ministers said a new bill would respond to the court's ruling on {case}."],
    },
  ],
};

export const COURT_KINDS: EventKind[] = [ruling];
