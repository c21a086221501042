import { describe, expect, it } from "vitest";

import { extractEntities } from "../entities/extract-entities";
import holdout from "./fixtures/ticker-holdout.json";
import { shippedRegistry } from "./registry";
import { scoreTickers, type MarkedHeadline } from "./scoring";
import { SecurityIndex } from "./security-index";
import { tagArticle } from "./tag-article";

describe("ticker tagging on the held-out fixture (220 hand-marked dev headlines)", () => {
  it("keeps precision ≥ 0.9 and recall ≥ 0.8 at the live feed's 0.5 confidence (npm run bench:tickers reports the figures)", () => {
    const { securities, brands } = shippedRegistry();
    const index = new SecurityIndex(securities, brands);
    const r = scoreTickers(
      holdout as MarkedHeadline[],
      (h) =>
        tagArticle(index, {
          title: h.title,
          entities: extractEntities({ title: h.title }).entities,
        }),
      (s) => index.bySymbol.get(s)?.assetClass,
    );
    expect(r.overall.precision).toBeGreaterThanOrEqual(0.9);
    expect(r.overall.recall).toBeGreaterThanOrEqual(0.8);
  });
});
