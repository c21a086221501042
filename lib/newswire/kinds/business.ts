import { fmtInt, money, pct } from "../numbers";
import type { EventKind } from "../types";
import { ORGS } from "../vocab/people";

const SECTOR_IDS = ["chips", "software", "cars", "airline", "bank", "pharma", "energy", "retail", "mining"];

const earnings: EventKind = {
  id: "earnings",
  category: "business",
  weight: 10,
  scale: 0.6,
  key: "co",
  // Two companies of one sector reporting on the same day: the classic earnings-season confusion.
  shared: ["sector"],
  twinGap: [-6, 8],
  cast: (c) => {
    const sector = c.one("sector", SECTOR_IDS);
    return {
      ...sector,
      ...c.company("co", sector.sector),
      ...c.one("period", ["quarterly", "fourth-quarter", "full-year", "annual"]),
    };
  },
  topics: ["{co_short}'s {period} results", "{co_short} earnings"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => {
        const beat = r.chance(0.55);
        return {
          profit: money(r.int(120, 9000)),
          change: pct(r.float(3, 45)),
          direction: beat ? "rises" : "falls",
          verdict: beat ? "beats" : "misses",
          moved: beat ? "jump" : "slide",
          reason: beat
            ? r.pick(["on strong demand", "as costs ease", "on record sales"])
            : r.pick(["on weaker sales", "as costs bite", "amid slowing demand"]),
        };
      },
      headlines: [
        "{co_short} {period} profit {direction} {change}, {verdict} [forecasts|estimates|expectations]",
        "{co} {verdict} [estimates|forecasts] as {period} profit {direction} to {profit}",
        "{co_short} [posts|reports] {profit} {period} profit",
        "{co_noun} {co_short} {verdict} [Wall Street|analyst] [estimates|forecasts]",
        "{co_short} [profit|earnings|net income] {direction} {change} {reason}",
      ],
      texts: [
        "{co} said {period} net profit {direction} {change} to {profit}, which {verdict} analysts' forecasts.",
        "The {co_noun}, based in {co_hq}, reported {period} profit of {profit} on {day}.",
      ],
    },
    {
      at: [1, 6],
      weight: 3,
      facts: (r) => ({ shares: pct(r.float(3, 18)) }),
      headlines: [
        "{co_short} shares {moved} {shares} after [results|earnings]",
        "{co_short} [stock|shares] {moved} {shares} as {period} profit {direction}",
        "{co_short} chief {co_ceo_last} [upbeat on|cautious on|warns on] outlook after [results|earnings]",
        "{co_short} [raises|cuts|keeps] full-year [guidance|forecast] [after|as] profit {direction}",
      ],
      texts: [
        "Shares in {co} moved sharply after the results, ending the day with a {shares} {moved}.",
        "Chief executive {co_ceo} told analysts the company expected conditions to remain volatile this year.",
      ],
    },
    {
      at: [20, 34],
      weight: 1.5,
      headlines: [
        "Analysts [raise|cut] {co_short} [targets|price targets] after [results|earnings]",
        "What {co_short}'s results say about the {co_noun} [sector|industry]",
        "{co_short} [investors|shareholders] weigh outlook [a day after|after] earnings",
      ],
      texts: ["Several brokers revised their targets for {co} a day after its {period} results."],
    },
  ],
};

const merger: EventKind = {
  id: "merger",
  category: "business",
  weight: 6,
  scale: 0.9,
  spacing: 8,
  key: "target",
  // A serial buyer: the same acquirer in a second deal days later.
  shared: ["buyer"],
  twinGap: [24, 96],
  cast: (c) => {
    const sector = c.one("sector", SECTOR_IDS);
    const buyer = c.company("buyer", sector.sector);
    return { ...sector, ...buyer, ...c.company("target", sector.sector, buyer.buyer) };
  },
  topics: ["{buyer_short}'s bid for {target_short}", "the {buyer_short}-{target_short} deal"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      headlines: [
        "{buyer_short} [in talks to buy|in talks to acquire|eyes takeover of] {target_short}[, sources say|]",
        "{buyer} [explores|weighs] bid for [rival|smaller rival] {target_short}",
        "{target_short} shares [surge|soar] on [report of|reported] takeover interest from {buyer_short}",
      ],
      texts: [
        "{buyer} is in advanced talks to acquire {target}, people familiar with the matter said on {day}.",
        "Shares in {target} jumped after reports that {buyer} was preparing an offer.",
      ],
    },
    {
      at: [6, 30],
      weight: 4,
      facts: (r) => ({ price: money(r.int(800, 45000)), premium: pct(r.float(18, 55)) }),
      headlines: [
        "{buyer_short} [agrees|agrees to buy|to acquire] {target_short} [in|for] {price} deal",
        "{buyer_short} to [buy|acquire|snap up] {target_short} for {price}",
        "{buyer} [strikes|clinches] {price} deal for {target}",
        "{target_short} [accepts|backs] {price} [takeover|offer] from {buyer_short}",
        "{price} {buyer_short}-{target_short} deal [creates|to create] {buyer_noun} giant",
      ],
      texts: [
        "{buyer} agreed to buy {target} for {price}, a premium of {premium} to its undisturbed share price.",
        "The deal, announced on {day}, would create one of the largest {target_noun}s in the world.",
      ],
    },
    {
      at: [48, 100],
      weight: 2,
      reignite: true,
      headlines: [
        "Regulators [open probe into|to scrutinise] {buyer_short}'s {price} [deal for|takeover of] {target_short}",
        "{target_short} shareholders [push back against|question] {buyer_short} deal",
        "[Rival bidder|Private equity firm] [emerges|circles] as {buyer_short}-{target_short} deal faces scrutiny",
      ],
      texts: [
        "Competition authorities said they would examine {buyer}'s planned takeover of {target} in depth.",
      ],
    },
  ],
};

const rates: EventKind = {
  id: "rate-decision",
  category: "business",
  weight: 3,
  scale: 0.9,
  spacing: 12,
  key: "bank",
  // Central banks often decide on the same day.
  shared: [],
  twinGap: [-4, 26],
  cast: (c) => ({
    ...c.org("bank", ORGS.centralBanks),
    ...c.person("governor"),
  }),
  topics: ["the {bank_head} rate decision", "{bank}'s rate move"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => {
        const move = r.pick(["cuts", "raises", "holds"]);
        const rate = r.float(1.5, 5.25);
        return {
          move,
          moved: move === "holds" ? "left" : move === "cuts" ? "cut" : "raised",
          prep: move === "holds" ? "at" : "to",
          rate: `${(Math.round(rate * 4) / 4).toFixed(2)}%`,
        };
      },
      headlines: [
        "{bank_head} {move} [interest rates|rates|key rate]",
        "{bank_head} {move} rates {prep} {rate}[ as inflation cools| despite inflation worries|]",
        "{bank_head} {move} [interest rates|borrowing costs], [signals|hints at] [more to come|a pause]",
      ],
      texts: [
        "{bank} {moved} its main interest rate {prep} {rate} on {day}, in a decision closely watched by markets.",
        "Policymakers at {bank} {moved} borrowing costs {prep} {rate}, citing the latest inflation figures.",
      ],
    },
    {
      at: [1, 5],
      weight: 3,
      headlines: [
        "{governor_last} [says|signals] {bank_head} [ready to act|in no rush] after rate decision",
        "Markets [rally|slip] after {bank_head} rate [decision|move]",
        "[Currency jumps|Currency slides|Bonds rally] as {bank_head} {move} rates",
        "What the {bank_head}'s rate decision means for [mortgages|borrowers|savers]",
      ],
      texts: [
        "Speaking after the decision, governor {governor} said the bank would keep a close eye on prices and wages.",
      ],
    },
    {
      at: [20, 30],
      weight: 1,
      headlines: [
        "[Economists|Analysts] [split|divided] on next move after {bank_head} [decision|rate call]",
        "[Lenders|Banks] [adjust|reprice] mortgage rates after {bank_head} move",
      ],
      texts: ["A day after the {bank_head} decision, lenders began adjusting their mortgage rates."],
    },
  ],
};

const layoffs: EventKind = {
  id: "layoffs",
  category: "business",
  weight: 4,
  scale: 0.6,
  spacing: 12,
  key: "co",
  shared: ["sector"],
  twinGap: [6, 60],
  cast: (c) => {
    const sector = c.one("sector", SECTOR_IDS);
    return { ...sector, ...c.company("co", sector.sector) };
  },
  topics: ["the {co_short} job cuts", "{co_short}'s restructuring"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ jobs: fmtInt(r.int(8, 150) * 100), share: pct(r.float(4, 20)) }),
      headlines: [
        "{co_short} to [cut|shed|axe] {jobs} jobs",
        "{co} [to axe|slashes] {jobs} [jobs|roles] in [restructuring|cost-cutting drive]",
        "{co_noun} {co_short} [announces|unveils] {jobs} job cuts",
        "{co_short} [lays off|to lay off] {share} of workforce",
      ],
      texts: [
        "{co} said on {day} it would cut {jobs} jobs, about {share} of its workforce, as it tries to reduce costs.",
        "The {co_noun} said most of the cuts would fall at its operations around {co_hq}.",
      ],
    },
    {
      at: [2, 10],
      weight: 2,
      headlines: [
        "Unions [condemn|vow to fight] {co_short} job cuts",
        "{co_short} shares [rise|climb] after [job cuts|restructuring plan]",
        "{co_ceo_last} defends {co_short} [job cuts|restructuring]",
      ],
      texts: ["Union leaders said the {co_short} cuts were unjustified and threatened industrial action."],
    },
    {
      at: [24, 60],
      weight: 2,
      headlines: [
        "{co_short} workers [vote to strike|walk out] over job cuts",
        "Government [steps in|calls talks] over {co_short} job cuts",
      ],
      texts: ["Workers at {co} voted to strike in protest at the planned job cuts."],
    },
  ],
};

export const BUSINESS_KINDS: EventKind[] = [earnings, merger, rates, layoffs];
