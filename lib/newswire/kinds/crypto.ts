import { fmtInt, money, pct } from "../numbers";
import type { EventKind } from "../types";
import { COINS, EXCHANGES } from "../vocab/culture";
import { ORGS } from "../vocab/people";

function price(level: number): string {
  if (level >= 10_000) return `$${fmtInt(Math.round(level / 1000) * 1000)}`;
  if (level >= 1000) return `$${fmtInt(Math.round(level / 100) * 100)}`;
  return level >= 10 ? `$${Math.round(level)}` : `$${level.toFixed(2)}`;
}

const swing: EventKind = {
  id: "price-swing",
  category: "crypto",
  weight: 4,
  scale: 0.8,
  spacing: 12,
  key: "coin",
  // Another coin's big move on the same day.
  shared: [],
  twinGap: [-6, 30],
  cast: (c) => ({
    ...c.role("coin", () => {
      const coin = c.rng.pick(COINS);
      const level = c.rng.float(coin.level[0] as number, coin.level[1] as number);
      return { coin: coin.coin, ticker: coin.ticker, level: price(level) };
    }),
    ...c.role("up", () =>
      c.rng.chance(0.5) ? { up: "surges", upped: "surged" } : { up: "plunges", upped: "plunged" },
    ),
  }),
  topics: ["the {coin} price swing", "{coin}'s wild ride"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r, s) => ({
        move: pct(r.float(6, 22)),
        past: s.up === "surges" ? "above" : "below",
        cause: r.pick(["ETF inflows", "a liquidity squeeze", "comments from the Fed", "whale selling"]),
      }),
      headlines: [
        "{coin} {up} {move}, [trading|moving] {past} {level}",
        "{coin} {up} {past} {level} [on|amid] {cause}",
        "{ticker} {up} {move} in [hours|a day]; [traders|investors] [scramble|rush to react]",
        "[Crypto markets|Crypto] [whipsawed|rattled] as {coin} {up} {move}",
      ],
      texts: [
        "{coin} {upped} {move} on {day}, moving {past} {level} for the first time in weeks as traders pointed to {cause}.",
      ],
    },
    {
      at: [2, 8],
      weight: 2,
      facts: (r) => ({ liquidated: money(r.int(200, 2500)) }),
      headlines: [
        "{liquidated} in [crypto bets|leveraged positions] [liquidated|wiped out] as {coin} {up}",
        "What's behind the {coin} [move|swing]? [Analysts point to|Traders cite] {cause}",
      ],
      texts: ["About {liquidated} of leveraged crypto positions were liquidated during the {coin} move."],
    },
    {
      at: [20, 40],
      weight: 1.5,
      headlines: [
        "{coin} [steadies|extends move] [a day after|after] [sharp|wild] swing",
        "{coin} [holds|fights to hold] {level} [after volatile week|as volatility eases]",
      ],
      texts: ["{coin} traded near {level} a day after its sharp move."],
    },
  ],
};

const hack: EventKind = {
  id: "exchange-hack",
  category: "crypto",
  weight: 2,
  scale: 0.8,
  spacing: 72,
  key: "exchange",
  shared: [],
  twinGap: [12, 90],
  cast: (c) => ({
    ...c.unique("exchange", EXCHANGES),
    ...c.person("founder"),
    ...c.role("token", () => ({ token: c.rng.pick(COINS).coin })),
  }),
  topics: ["the {exchange} hack", "the {exchange} heist"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      facts: (r) => ({ stolen: money(r.int(30, 1400)) }),
      headlines: [
        "[Crypto exchange|Exchange] {exchange} [hacked|loses {stolen} in hack]",
        "Hackers [steal|drain] {stolen} [from|in {token} from] {exchange}",
        "{exchange} [halts|suspends] withdrawals after {stolen} [hack|theft]",
      ],
      texts: [
        "Crypto exchange {exchange} said on {day} that hackers had stolen about {stolen} in {token} and other tokens from its hot wallets.",
      ],
    },
    {
      at: [4, 14],
      weight: 2,
      headlines: [
        "{exchange} founder {founder} [promises|vows] to cover customer losses",
        "[Investigators|Blockchain analysts] trace {exchange} [hack|funds] to [known group|mixer]",
      ],
      texts: ["{founder}, the founder of {exchange}, said customers would be reimbursed in full."],
    },
    {
      at: [30, 80],
      weight: 2,
      reignite: true,
      headlines: [
        "{exchange} [resumes|restarts] withdrawals [after|following] {stolen} hack",
        "{exchange} hacker [returns|offers to return] part of stolen {stolen}",
      ],
      texts: ["{exchange} reopened withdrawals after securing its systems following the hack."],
    },
  ],
};

const regulator: EventKind = {
  id: "crypto-regulation",
  category: "crypto",
  weight: 3,
  scale: 0.7,
  spacing: 24,
  key: "exchange",
  // The same regulator going after a second exchange.
  shared: ["regulator"],
  twinGap: [24, 96],
  cast: (c) => ({
    ...c.unique("exchange", EXCHANGES),
    ...c.org("regulator", ORGS.cryptoRegulators),
    ...c.one("charge", [
      "operating without a licence",
      "selling unregistered securities",
      "misleading customers",
    ]),
  }),
  topics: ["the case against {exchange}", "{regulator_head}'s action against {exchange}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{regulator_head} sues crypto exchange {exchange} [over|for] {charge}",
        "{exchange} [charged|accused] by {regulator_head} of {charge}",
        "[Crackdown|Regulator] [targets|hits] {exchange} over {charge}",
      ],
      texts: ["{regulator} accused {exchange} of {charge} in a complaint filed on {day}."],
    },
    {
      at: [2, 10],
      weight: 2,
      facts: (r) => ({ drop: pct(r.float(5, 30)) }),
      headlines: [
        "{exchange} [token|shares] [fall|tumble] {drop} after {regulator_head} [action|lawsuit]",
        "{exchange} [vows to fight|rejects] {regulator_head} [charges|allegations]",
      ],
      texts: ["{exchange} said it would fight the case, as its token fell {drop}."],
    },
    {
      at: [30, 90],
      weight: 1.5,
      headlines: [
        "{exchange} [settles|agrees to pay to settle] {regulator_head} case",
        "Customers [pull funds|withdraw] from {exchange} amid {regulator_head} case",
      ],
      texts: ["{exchange} agreed to settle the case brought by {regulator}."],
    },
  ],
};

export const CRYPTO_KINDS: EventKind[] = [swing, hack, regulator];
