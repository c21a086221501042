import { describe, expect, it } from "vitest";

import { scoreSources, tierOf, type RankingArticle, type RankingSource } from "./source-scores";

const M = 60_000;
const src = (id: number, name: string): RankingSource => ({
  id,
  name,
  logoUrl: null,
  category: "world",
  consecutiveFailures: 0,
  everSucceeded: true,
});

/**
 * A synthetic month: 30 shared stories, each reported first by Alpha, then Beta 30 minutes later and Gamma two
 * hours later; Delta only writes stories nobody else covers, with sensational, loaded headlines.
 */
function history(): RankingArticle[] {
  const out: RankingArticle[] = [];
  const cats = ["world", "politics", "business"];
  for (let s = 1; s <= 30; s++) {
    const t = s * 600 * M;
    const category = cats[s % 3]!;
    const base = { storyId: s, category, duplicate: false, contentStatus: null };
    out.push({ ...base, sourceId: 1, time: t, title: `Parliament approves budget plan ${s}` });
    out.push({ ...base, sourceId: 2, time: t + 30 * M, title: `Budget plan ${s} approved by parliament` });
    out.push({ ...base, sourceId: 3, time: t + 120 * M, title: `Lawmakers pass budget ${s}` });
    // A syndicated copy of Alpha's report does not make Epsilon a voice of its own.
    out.push({
      ...base,
      sourceId: 5,
      time: t + 5 * M,
      title: `Parliament approves budget plan ${s}`,
      duplicate: true,
    });
    out.push({
      ...base,
      storyId: 100 + s,
      sourceId: 4,
      time: t,
      title: `SHOCKING: you won't believe how this minister slams critics!`,
    });
  }
  return out;
}

describe("source scores", () => {
  const sources = [src(1, "Alpha"), src(2, "Beta"), src(3, "Gamma"), src(4, "Delta"), src(5, "Epsilon")];
  const scores = scoreSources(sources, history());
  const by = (name: string) => scores.find((s) => s.sourceName === name)!;

  it("ranks the source that always reports first first on first_to_cluster_score", () => {
    const order = [...scores].sort((a, b) => b.firstToCluster - a.firstToCluster).map((s) => s.sourceName);
    expect(order[0]).toBe("Alpha");
    expect(by("Alpha").firstToCluster).toBeGreaterThan(0.9);
    expect(by("Beta").firstToCluster).toBeLessThan(0.2);
  });

  it("scores speed by the median lag behind the first report", () => {
    expect(by("Alpha").speed).toBe(1);
    expect(by("Beta").speed).toBeCloseTo(Math.pow(0.5, 0.25), 6);
    expect(by("Gamma").speed).toBeCloseTo(0.5, 6);
  });

  it("measures shared coverage, headline tone and syndication", () => {
    expect(by("Delta").clusterFrequency).toBeLessThan(0.2);
    expect(by("Alpha").clusterFrequency).toBeGreaterThan(0.9);
    expect(by("Delta").sensationalism).toBe(1);
    expect(by("Alpha").sensationalism).toBe(0);
    expect(by("Delta").neutrality).toBe(0);
    expect(by("Alpha").neutrality).toBe(1);
    // Epsilon only carries syndicated copies: no shared stories of its own.
    expect(by("Epsilon").firstToCluster).toBeLessThan(by("Alpha").firstToCluster);
  });

  it("keeps every score in [0, 1], orders by overall score and sets the tier by the thresholds", () => {
    for (const s of scores)
      for (const k of [
        "firstToCluster",
        "clusterFrequency",
        "speed",
        "topicalAuthority",
        "contentDiversity",
        "extractionSuccess",
        "neutrality",
        "sensationalism",
        "reliability",
        "overall",
      ] as const) {
        expect(s[k]).toBeGreaterThanOrEqual(0);
        expect(s[k]).toBeLessThanOrEqual(1);
      }
    expect(scores.map((s) => s.overall)).toEqual([...scores.map((s) => s.overall)].sort((a, b) => b - a));
    expect(scores[0]!.sourceName).toBe("Alpha");
    expect(scores.at(-1)!.sourceName).toBe("Delta");
    for (const s of scores) expect(s.tier).toBe(tierOf(s.overall));
    expect([tierOf(0.75), tierOf(0.5), tierOf(0.49)]).toEqual(["tier_1", "tier_2", "tier_3"]);
    expect(by("Alpha").oneLiner).toContain("first to report 30 of 30 shared stories");
  });
});

describe("source scores by sample size", () => {
  /** `n` shared stories from `from`: `sourceId` reports `lagMin` minutes after the lead (source 9), or first. */
  const stories = (sourceId: number, n: number, from: number, lagMin: number): RankingArticle[] =>
    Array.from({ length: n }, (_, i) => {
      const t = (from + i) * 600 * M;
      const base = { storyId: from + i, category: "world", duplicate: false, contentStatus: null };
      return [
        { ...base, sourceId: 9, time: t, title: `Port of Lisbon reopens after strike ${from + i}` },
        { ...base, sourceId, time: t + lagMin * M, title: `Lisbon port reopens ${from + i}` },
      ];
    }).flat();
  const order = (scores: ReturnType<typeof scoreSources>) => scores.map((s) => s.sourceName);
  /** Ten ordinary outlets, 20 reports each, two hours behind the lead: the population a score is judged in. */
  const crowd = Array.from({ length: 10 }, (_, i) => src(20 + i, `Outlet ${i}`));
  const crowdStories = crowd.flatMap((c, i) => stories(c.id, 20, 2_000 + 20 * i, 120));

  it("does not put a 2-article source above a steady 200-article one on the strength of 2 good reports", () => {
    const sources = [src(1, "Wire"), src(2, "Tiny"), src(9, "Lead"), ...crowd];
    // Tiny was first both times; Wire is 15 minutes behind the lead, 200 times.
    const scores = scoreSources(sources, [
      ...stories(1, 200, 1, 15),
      ...stories(2, 2, 1_000, -10),
      ...crowdStories,
    ]);
    const o = order(scores);
    expect(o.indexOf("Wire")).toBeLessThan(o.indexOf("Tiny"));
  });

  it("never ranks a 2-article source above a 200-article source with the same behaviour per article", () => {
    const sources = [src(1, "Big"), src(2, "Small"), src(9, "Lead")];
    const scores = scoreSources(sources, [...stories(1, 200, 1, 20), ...stories(2, 2, 1_000, 20)]);
    const by = (name: string) => scores.find((s) => s.sourceName === name)!;
    expect(by("Small").speed).toBe(by("Big").speed);
    expect(by("Small").neutrality).toBe(by("Big").neutrality);
    const o = order(scores);
    expect(o.indexOf("Big")).toBeLessThan(o.indexOf("Small"));
  });

  it("keeps a few poor articles where they are rather than lifting them to the average", () => {
    const sources = [src(1, "Wire"), src(2, "Shouty"), src(9, "Lead")];
    const shouty: RankingArticle[] = [1, 2].map((i) => ({
      storyId: 5_000 + i,
      category: "world",
      duplicate: false,
      contentStatus: null,
      sourceId: 2,
      time: i * M,
      title: "SHOCKING: you won't believe how this minister slams critics!",
    }));
    const scores = scoreSources(sources, [...stories(1, 200, 1, 15), ...shouty]);
    expect(order(scores).at(-1)).toBe("Shouty");
  });
});
