import { money, pct } from "../numbers";
import type { EventKind } from "../types";

const ipo: EventKind = {
  id: "ipo",
  category: "business",
  weight: 3,
  scale: 0.8,
  spacing: 12,
  key: "co",
  // Two listings on the same exchange in the same week.
  shared: ["exchange"],
  twinGap: [-24, 72],
  cast: (c) => ({
    ...c.company("co", c.rng.pick(["software", "chips", "retail", "games", "cars"])),
    ...c.one("exchange", ["New York", "London", "Hong Kong", "Frankfurt", "Tokyo"]),
  }),
  topics: ["the {co_short} IPO", "{co_short}'s stock market debut"],
  stages: [
    {
      at: [0, 0],
      weight: 3,
      facts: (r) => ({ raise: money(r.int(300, 6000)), value: money(r.int(3000, 60000)) }),
      headlines: [
        "{co_short} [prices|sets price of] IPO [at top of range|above range], raising {raise}",
        "{co} [to list|set to debut] in {exchange} [at|with] {value} valuation",
        "{co_short} IPO [raises|to raise] {raise} in [biggest|one of the biggest] listing[s|] of the year",
      ],
      texts: [
        "{co} raised {raise} in its initial public offering, valuing the {co_noun} at {value} ahead of its debut in {exchange}.",
      ],
    },
    {
      at: [12, 26],
      weight: 4,
      facts: (r) => ({ pop: pct(r.float(5, 60)), up: r.pick(["soar", "jump", "slip", "sink"]) }),
      headlines: [
        "{co_short} shares {up} {pop} in {exchange} [debut|trading debut|market debut]",
        "{co_short} [makes|marks] [strong|shaky] stock market debut[, shares {up} {pop}|]",
        "{co} [opens|starts trading] [at|with] {value} valuation in {exchange}",
      ],
      texts: ["Shares in {co} moved {pop} on their first day of trading in {exchange}."],
    },
    {
      at: [30, 70],
      weight: 1.5,
      headlines: [
        "{co_short} debut [revives|tests] hopes for IPO market",
        "After {co_short}, [bankers|investors] eye next wave of listings",
      ],
      texts: ["Bankers said the {co_short} listing would encourage other companies to go public."],
    },
  ],
};

export const LISTING_KINDS: EventKind[] = [ipo];
