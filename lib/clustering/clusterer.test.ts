import { describe, expect, it } from "vitest";

import { titleTokens } from "../text/tokenize";
import {
  DEFAULT_PARAMS,
  StreamClusterer,
  TEXT_ONLY_PARAMS,
  type ClusterArticle,
  type ClusterEvent,
} from "./clusterer";

const H = 3_600_000;
const T0 = Date.UTC(2025, 2, 3, 8);

function feed(c: StreamClusterer, items: Array<[number, string, string, number]>): ClusterEvent[] {
  return items.flatMap(([id, title, category, time]) =>
    c.assign({ id, terms: titleTokens(title), category, time }),
  );
}

/** A headline's article at `time`, as `restore` and `assign` take it. */
const article = (id: number, title: string, time: number, category = "world"): ClusterArticle => ({
  id,
  terms: titleTokens(title),
  category,
  time,
});

const storyOf = (c: StreamClusterer, articleId: number) =>
  [...c.stories.values()].find((s) => s.members.includes(articleId))?.id;

/**
 * A report of a games publisher's IPO on one shared template; its lede names the company (or, with null, only "the
 * publisher").
 */
const ipo = (id: number, company: string | null, h: number): ClusterArticle => ({
  id,
  terms: titleTokens("Games publisher prices IPO above range in biggest listing of the year"),
  excerptTerms: titleTokens(
    `${company ?? "The publisher"} raised billions in its initial public offering ahead of its debut`,
  ),
  names: company ? [`org:${company.toLowerCase()}`] : [],
  category: "business",
  time: T0 + h * H,
});

/** Reports 1, 3 (Cobaltia) and 2, 4 (Caldera): one glued story without the rule, two stories with it. */
function expectIposApartOnlyWith(run: (rule: boolean) => StreamClusterer): void {
  const glued = run(false);
  expect(storyOf(glued, 2)).toBe(storyOf(glued, 1));
  const c = run(true);
  expect(storyOf(c, 3)).toBe(storyOf(c, 1));
  expect(storyOf(c, 4)).toBe(storyOf(c, 2));
  expect(storyOf(c, 2)).not.toBe(storyOf(c, 1));
}

describe("StreamClusterer", () => {
  it("groups headlines of one event and keeps another event apart", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    feed(c, [
      [1, "Volcano erupts near Reykjavik, flights grounded", "world", T0],
      [2, "Central bank raises interest rates to 5 percent", "business", T0 + H],
      [3, "Iceland volcano eruption grounds flights across Europe", "world", T0 + 2 * H],
      [4, "Interest rates rise as central bank fights inflation", "business", T0 + 3 * H],
      [5, "Flights grounded as Reykjavik volcano erupts again", "world", T0 + 4 * H],
    ]);
    expect(storyOf(c, 3)).toBe(storyOf(c, 1));
    expect(storyOf(c, 5)).toBe(storyOf(c, 1));
    expect(storyOf(c, 4)).toBe(storyOf(c, 2));
    expect(storyOf(c, 2)).not.toBe(storyOf(c, 1));
  });

  it("explains each join with the scores that decided it", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    const events = feed(c, [
      [1, "Volcano erupts near Reykjavik, flights grounded", "world", T0],
      [2, "Reykjavik volcano eruption grounds flights", "world", T0 + H],
    ]);
    const join = events.find((e) => e.type === "join");
    expect(join).toMatchObject({ type: "join", articleId: 2 });
    if (join?.type !== "join") throw new Error("expected a join");
    expect(join.reasons.text).toBeGreaterThan(TEXT_ONLY_PARAMS.joinThreshold);
    expect(join.reasons.decay).toBeCloseTo(Math.exp(-H / TEXT_ONLY_PARAMS.decayMs), 5);
    expect(join.reasons.candidates).toBeGreaterThanOrEqual(1);
  });

  it("needs stronger evidence for a story of an earlier news cycle, without a hard cut-off", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    feed(c, [
      [1, "Parliament passes pension reform bill after long debate", "politics", T0],
      [2, "Pension reform bill passes parliament", "politics", T0 + 6 * H],
      [3, "Opposition vows to repeal pension reform bill passed by parliament", "politics", T0 + 14 * H],
      // Next cycle: a near-identical headline still continues the story...
      [4, "Parliament passes pension reform bill", "politics", T0 + 17 * H],
      // ...while a loosely related one starts a story of its own.
      [5, "Unions plan pension protests for the weekend", "politics", T0 + 18 * H],
    ]);
    expect(storyOf(c, 2)).toBe(storyOf(c, 1));
    expect(storyOf(c, 4)).toBe(storyOf(c, 1));
    expect(storyOf(c, 5)).not.toBe(storyOf(c, 1));
  });

  it("merges two stories that converge and reports it", () => {
    const c = new StreamClusterer({
      ...TEXT_ONLY_PARAMS,
      joinThreshold: 0.9,
      mergeThreshold: 0.3,
      mergeEvery: 1_000_000,
      fragmentSize: 0,
    });
    feed(c, [
      [1, "Acme recalls 2 million cars over brake fault", "business", T0],
      [2, "Acme car recall: brake fault affects 2 million vehicles", "business", T0 + H],
    ]);
    expect(c.stories.size).toBe(2);
    const merges = c.mergePass();
    expect(merges).toEqual([
      {
        type: "merge",
        survivorId: expect.any(Number),
        mergedIds: [expect.any(Number)],
        similarity: expect.any(Number),
        size: 2,
      },
    ]);
    expect(c.stories.size).toBe(1);
    expect([...c.stories.values()][0]?.members.sort()).toEqual([1, 2]);
  });

  it("does not let a very common term turn a lookup into a scan of every story", () => {
    const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, maxPostings: 50 });
    for (let i = 0; i < 2_000; i++)
      c.assign({ id: i, terms: ["update", `unique${i}`], category: "world", time: T0 + i });
    const events = c.assign({ id: 9_999, terms: ["update", "unique5"], category: "world", time: T0 + 3_000 });
    const candidates = events.find((e) => e.type === "join")?.reasons.candidates ?? 0;
    expect(candidates).toBeLessThanOrEqual(100);
  });

  it("moves an article to the story that fits it better once stories have taken shape", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    const art = (id: number, title: string, h: number) => article(id, title, T0 + h * H, "world");
    // Article 2 sits in the storm story, where an early, noisy decision could have put it.
    c.restore(100, [art(1, "Storm hits coast", 0), art(2, "City power outages after grid failure", 1)]);
    c.restore(200, [
      art(3, "City power outages continue after grid failure", 2),
      art(4, "Grid failure: city power outages enter second day", 3),
      art(5, "Power outages across city as grid failure spreads", 4),
    ]);
    const events = c.refine();
    expect(events).toEqual([
      { type: "move", articleId: 2, fromId: 100, toId: 200, score: expect.any(Number) },
    ]);
    expect(storyOf(c, 2)).toBe(200);
    expect(c.stories.get(100)?.members).toEqual([1]);
  });

  // Unrelated news of the days before, so that term statistics look like a stream's.
  const background = (c: StreamClusterer) =>
    feed(
      c,
      [
        "Central bank raises interest rates to 5 percent",
        "Striking dockworkers shut Antwerp harbour",
        "Volcano erupts near Reykjavik, flights grounded",
        "Parliament passes pension reform bill",
        "Champions league final ends in penalty shootout",
        "New smartphone launch draws long queues",
        "Drought threatens harvest across southern Spain",
        "Election count delayed by storm damage",
      ].map((t, i): [number, string, string, number] => [1000 + i, t, "world", Date.UTC(2025, 2, 1, 8 + i)]),
    );

  it("lets a burst that broke late in a news cycle run on past the cycle's end, but not an early one", () => {
    const title = "Tanker explosion closes Rotterdam port";
    const para = ["Rotterdam port shut after tanker explodes", "Tanker blast: Rotterdam port closed"];
    // Late: breaks at 19:00 with five reports before midnight; a follow-up at 03:00 next day stays in the story.
    const late = new StreamClusterer(TEXT_ONLY_PARAMS);
    background(late);
    const t19 = Date.UTC(2025, 2, 3, 19);
    feed(
      late,
      [0, 1, 2, 3, 4].map((i) => [i + 1, i % 2 ? para[i % 2]! : title, "world", t19 + i * 0.5 * H]),
    );
    feed(late, [[10, "Rotterdam port shut after tanker explodes", "world", t19 + 8 * H]]);
    expect(storyOf(late, 10)).toBe(storyOf(late, 1));
    // The burst's own cycle lasts a day from its first report: the next evening needs strong evidence again.
    feed(late, [[11, "Rotterdam port explosion tanker", "world", t19 + 25 * H]]);
    expect(storyOf(late, 11)).not.toBe(storyOf(late, 1));

    // Early: the same coverage from 05:00 keeps the calendar cycle, so 03:00 next day is a later cycle.
    const early = new StreamClusterer(TEXT_ONLY_PARAMS);
    background(early);
    const t05 = Date.UTC(2025, 2, 3, 5);
    feed(
      early,
      [0, 1, 2, 3, 4].map((i) => [i + 1, i % 2 ? para[i % 2]! : title, "world", t05 + i * 0.5 * H]),
    );
    feed(early, [[10, "Rotterdam port shut after tanker explodes", "world", Date.UTC(2025, 2, 4, 3)]]);
    expect(storyOf(early, 10)).not.toBe(storyOf(early, 1));
  });

  it("needs a burst, not a trickle, to extend a late story past the cycle's end", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    background(c);
    const t22 = Date.UTC(2025, 2, 3, 22);
    feed(c, [
      [1, "Tanker explosion closes Rotterdam port", "world", t22],
      [2, "Rotterdam port shut after tanker explodes", "world", t22 + H],
      [3, "Tanker blast: Rotterdam port closed", "world", t22 + 5 * H],
    ]);
    expect(storyOf(c, 2)).toBe(storyOf(c, 1));
    expect(storyOf(c, 3)).not.toBe(storyOf(c, 1));
  });

  it("splits a story that glued three events into three when the cycle closes", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    const art = (id: number, title: string) => ({
      id,
      terms: titleTokens(title),
      category: "world",
      time: T0 + id * 60_000,
    });
    c.restore(100, [
      art(1, "Volcano erupts near Reykjavik, flights grounded"),
      art(2, "Reykjavik volcano eruption grounds flights"),
      art(3, "Flights grounded as Reykjavik volcano erupts"),
      art(4, "Central bank raises interest rates to 5 percent"),
      art(5, "Interest rates rise to 5 percent at central bank"),
      art(6, "Central bank lifts interest rates to 5 percent"),
      art(7, "Striking dockworkers shut Antwerp harbour"),
      art(8, "Antwerp harbour shut by dockworkers strike"),
      art(9, "Dockworkers strike closes Antwerp harbour"),
    ]);
    const splits = c.splitPass(c["cycleOf"](T0));
    expect(splits.map((e) => e.type)).toEqual(["split", "split"]);
    const groups = [...c.stories.values()].map((s) => [...s.members].sort((a, b) => a - b));
    expect(groups.sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8, 9],
    ]);
  });

  it("seeds a split with two frequent words that no report holds together", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    const art = (id: number, title: string) => article(id, title, T0 + id * 60_000, "entertainment");
    const seg = c.restore(100, [
      art(1, "Review: 22 Jump Street is funnier than the first"),
      art(2, "22 Jump Street review: Tatum and Hill return"),
      art(3, "Movie review: 22 Jump Street mocks sequels"),
      art(4, "22 Jump Street tops the weekend, says review"),
      art(5, "Review: How to Train Your Dragon 2 soars"),
      art(6, "How to Train Your Dragon 2 review: Hiccup grows up"),
      art(7, "Movie review: Dragon 2 is bigger and darker"),
      art(8, "Dragon 2 review: the sequel takes flight"),
    ])!;
    const split = c["termGroups"](seg);
    expect(split).not.toBeNull();
    const groups = split!.groups.map((g) => [...g].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
    expect(groups).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
    ]);
    const off = new StreamClusterer({ ...TEXT_ONLY_PARAMS, splitTermShare: 0 });
    expect(
      off["termGroups"](
        off.restore(
          100,
          seg.members.map((id) => c.member(id)!),
        )!,
      ),
    ).toBeNull();
  });

  it("merges two established stories only when they share their core words, not one topic word", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    const art = (id: number, title: string) => article(id, title, T0 + id * 60_000, "entertainment");
    const jump = c.restore(100, [
      art(1, "Review: 22 Jump Street is funnier than the first"),
      art(2, "22 Jump Street review: Tatum and Hill return"),
      art(3, "Movie review: 22 Jump Street mocks sequels"),
    ])!;
    const jump2 = c.restore(200, [
      art(11, "22 Jump Street review: a sequel about sequels"),
      art(12, "Review: 22 Jump Street keeps the jokes coming"),
      art(13, "22 Jump Street review roundup"),
    ])!;
    const dragon = c.restore(300, [
      art(21, "Review: How to Train Your Dragon 2 soars"),
      art(22, "How to Train Your Dragon 2 review: Hiccup grows up"),
      art(23, "Movie review: Dragon 2 is bigger and darker"),
    ])!;
    expect(c["coreTermsAgree"](jump, jump2)).toBe(true);
    expect(c["coreTermsAgree"](jump, dragon)).toBe(false);
  });

  it("splits a story that glued two same-kind happenings naming two companies no report names together", () => {
    const run = (splitByNames: boolean) => {
      const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, splitByNames });
      background(c);
      for (let i = 0; i < 8; i++) c.assign(ipo(i + 1, i % 2 ? "Caldera" : "Cobaltia", i * 0.5));
      c.settle();
      return c;
    };
    expectIposApartOnlyWith(run);
  });

  it("judges a story's names among the reports that name some, not among all its reports", () => {
    // Two IPOs glued on their common template; most ledes name no company ("the games publisher raised ..."), so
    // neither company is named by 30 % of all reports, while each is named by every report that names a company.
    const run = (coreOfNamers: boolean) => {
      const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, coreOfNamers });
      background(c);
      for (let i = 0; i < 6; i++) c.assign(ipo(i + 1, i % 2 ? "Caldera" : "Cobaltia", i * 0.5));
      for (let i = 0; i < 16; i++) c.assign(ipo(i + 7, null, 3 + i * 0.25));
      c.settle();
      return c;
    };
    expectIposApartOnlyWith(run);
  });

  it("judges a story's second report by the companies and people its first report names", () => {
    const run = (secondReportKinds: string) => {
      const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, secondReportKinds });
      background(c);
      // Two listings on one template; the ledes name each company and its chief executive.
      const ipo = (id: number, company: string, boss: string, h: number): ClusterArticle => ({
        id,
        terms: titleTokens(`${company} prices IPO above range in biggest listing of the year`),
        excerptTerms: titleTokens(`${company} raised billions in its initial public offering, ${boss} said`),
        names: [`org:${company.toLowerCase()}`, `person:${boss.toLowerCase()}`],
        category: "business",
        time: T0 + h * H,
      });
      c.assign(ipo(1, "Caldera", "Ana Ruiz", 0));
      c.assign(ipo(2, "Cobaltia", "Wei Lin", 1));
      c.assign(ipo(3, "Caldera", "Ana Ruiz", 2));
      return c;
    };
    const glued = run("");
    expect(storyOf(glued, 2)).toBe(storyOf(glued, 1));
    const c = run("org,person");
    expect(storyOf(c, 2)).not.toBe(storyOf(c, 1));
    expect(storyOf(c, 3)).toBe(storyOf(c, 1));
  });

  it("does not take two central banks for one because both are banks", () => {
    // The same words; only the bank the lede names differs.
    const rates = (id: number, bank: string, h: number): ClusterArticle => ({
      id,
      terms: titleTokens("Central bank holds interest rates steady as inflation cools"),
      excerptTerms: titleTokens("The bank left its main interest rate unchanged, policymakers said"),
      names: [`org:${bank}`],
      category: "business",
      time: T0 + h * H,
    });
    const score = (bank: string) => {
      const c = new StreamClusterer(TEXT_ONLY_PARAMS);
      background(c);
      for (let i = 0; i < 3; i++) c.assign(rates(i + 1, "bank of canada", i));
      const [event] = c.assign(rates(4, bank, 3));
      return event?.type === "join" ? event.reasons.score : 0;
    };
    expect(score("bank of japan")).toBeCloseTo(score("bank of canada") * DEFAULT_PARAMS.identityFactor);
  });

  it("does not take two drugmakers for one because both are biosciences companies", () => {
    const approval = (id: number, company: string, h: number): ClusterArticle => ({
      id,
      terms: titleTokens("Regulator approves new obesity drug"),
      excerptTerms: titleTokens("The regulator approved the treatment for obesity after trials"),
      names: [`org:${company}`],
      category: "health",
      time: T0 + h * H,
    });
    const score = (company: string) => {
      const c = new StreamClusterer(TEXT_ONLY_PARAMS);
      background(c);
      for (let i = 0; i < 3; i++) c.assign(approval(i + 1, "ardent biosciences", i));
      const [event] = c.assign(approval(4, company, 3));
      return event?.type === "join" ? event.reasons.score : 0;
    };
    expect(score("stratalis biosciences")).toBeCloseTo(
      score("ardent biosciences") * DEFAULT_PARAMS.identityFactor,
    );
    expect(score("stratalis biosciences")).toBeGreaterThan(0);
    expect(score("ardent")).toBeCloseTo(score("ardent biosciences"));
  });

  it("counts an excerpt term as half a headline term", () => {
    const c = new StreamClusterer(TEXT_ONLY_PARAMS);
    c.assign({ id: 1, terms: ["storm", "coast"], category: "world", time: T0 });
    const v = c.weigh(["storm"], ["coast", "storm"]);
    const idf = (t: string) => c.stats.idf(t);
    // storm: once in the headline and once in the excerpt (tf 1.5, damped); coast: excerpt only (tf 0.5).
    const ratio = (v.get("coast") ?? 0) / (v.get("storm") ?? 1);
    expect(ratio).toBeCloseTo((0.5 * idf("coast")) / ((1 + Math.log(1.5)) * idf("storm")), 6);
  });

  describe("stories across news cycles", () => {
    const D = 24 * H;
    const day1 = Date.UTC(2025, 2, 3, 9);

    it("continues a story on a later day when a new day's reports tell the same happening", () => {
      const c = new StreamClusterer(TEXT_ONLY_PARAMS);
      background(c);
      feed(c, [
        [1, "Radio host Casey Kasem dies at 82", "entertainment", day1],
        [2, "Casey Kasem, voice of American Top 40, dies at 82", "entertainment", day1 + 2 * H],
        [3, "American Top 40 host Casey Kasem dead at 82", "entertainment", day1 + 4 * H],
      ]);
      const events = feed(c, [
        [4, "Casey Kasem remembered: American Top 40 host dead at 82", "entertainment", day1 + D],
        [5, "Stars pay tribute to Casey Kasem, dead at 82", "entertainment", day1 + D + H],
        [6, "Casey Kasem tributes: Top 40 host dies at 82", "entertainment", day1 + D + 2 * H],
      ]);
      events.push(...c.mergePass());
      expect(storyOf(c, 6)).toBe(storyOf(c, 1));
      expect(storyOf(c, 4)).toBe(storyOf(c, 1));
      // The story that began first keeps its id: clients following it see it continue.
      const merge = events.find((e) => e.type === "merge");
      expect(merge).toMatchObject({ type: "merge", survivorId: storyOf(c, 1) });
    });

    it("continues a story with a single late report that tells the same happening, on stronger evidence", () => {
      const run = (params: typeof TEXT_ONLY_PARAMS) => {
        const c = new StreamClusterer(params);
        background(c);
        feed(c, [
          [1, "Radio host Casey Kasem dies at 82", "entertainment", day1],
          [2, "Casey Kasem, voice of American Top 40, dies at 82", "entertainment", day1 + 2 * H],
          [3, "American Top 40 host Casey Kasem dead at 82", "entertainment", day1 + 4 * H],
          [4, "Casey Kasem, American Top 40 host, dead at 82: tributes", "entertainment", day1 + D],
          [5, "Radio host wins award", "entertainment", day1 + D + H],
        ]);
        c.mergePass();
        return c;
      };
      const c = run(TEXT_ONLY_PARAMS);
      expect(storyOf(c, 4)).toBe(storyOf(c, 1));
      // A report sharing a word or two is not enough.
      expect(storyOf(c, 5)).not.toBe(storyOf(c, 1));
      // Without the rule, a lone report of the next day stays a story of its own.
      const off = run({ ...TEXT_ONLY_PARAMS, continueSmallThreshold: 2 });
      expect(storyOf(off, 4)).not.toBe(storyOf(off, 1));
    });

    it("continues a story whose next day's reports were filed under another category", () => {
      const c = new StreamClusterer(TEXT_ONLY_PARAMS);
      background(c);
      feed(c, [
        [1, "Radio host Casey Kasem dies at 82", "entertainment", day1],
        [2, "Casey Kasem, voice of American Top 40, dies at 82", "entertainment", day1 + 2 * H],
        [3, "American Top 40 host Casey Kasem dead at 82", "entertainment", day1 + 4 * H],
        [4, "Casey Kasem remembered: American Top 40 host dead at 82", "world", day1 + D],
        [5, "Stars pay tribute to Casey Kasem, dead at 82", "world", day1 + D + H],
        [6, "Casey Kasem tributes: Top 40 host dies at 82", "world", day1 + D + 2 * H],
      ]);
      c.mergePass();
      expect(storyOf(c, 6)).toBe(storyOf(c, 1));
    });

    it("starts a new story for each day's market wrap, even in matching words", () => {
      const c = new StreamClusterer(TEXT_ONLY_PARAMS);
      background(c);
      feed(c, [
        [1, "Oil prices rise as Iraq violence escalates", "business", day1],
        [2, "Oil prices climb on Iraq violence", "business", day1 + H],
        [3, "Oil rises to nine-month high on Iraq violence", "business", day1 + 2 * H],
        [4, "Oil prices rise on Iraq violence", "business", day1 + D],
        [5, "Oil climbs as Iraq violence escalates", "business", day1 + D + H],
        [6, "Oil prices rise to nine-month high as Iraq violence escalates", "business", day1 + D + 2 * H],
      ]);
      c.mergePass();
      expect(storyOf(c, 5)).toBe(storyOf(c, 4));
      expect(storyOf(c, 4)).not.toBe(storyOf(c, 1));
    });

    /**
     * Reports on one company, as the enrichment stage names it (`org:`). Their headline vectors all point one way, as
     * word vectors of headlines about one company do: the name and the vectors alone would carry a continuation.
     */
    const company = (c: StreamClusterer, items: Array<[number, string, number]>): ClusterEvent[] =>
      items.flatMap(([id, title, time]) =>
        c.assign({
          id,
          terms: titleTokens(title),
          category: "sci/tech",
          time,
          vector: new Float32Array([0.6, 0.8]),
          names: ["org:tesla motors"],
        }),
      );
    // Late on day 1, then early on day 2: the gap between the days costs little.
    const patents: Array<[number, string, number]> = [
      [1, "Tesla Motors opens its patents", day1 + 12 * H],
      [2, "Tesla Motors gives away patents", day1 + 13 * H],
      [3, "Tesla Motors opens patents", day1 + 14 * H],
    ];
    const early = day1 + D - 6 * H;

    it("does not continue a company's story with its next day's separate announcement", () => {
      const c = new StreamClusterer(DEFAULT_PARAMS);
      background(c);
      company(c, patents);
      company(c, [
        [4, "Tesla Motors in New Jersey", early],
        [5, "New Jersey and Tesla Motors", early + H],
        [6, "Tesla Motors wins New Jersey", early + 2 * H],
      ]);
      c.mergePass();
      expect(storyOf(c, 5)).toBe(storyOf(c, 4));
      expect(storyOf(c, 4)).not.toBe(storyOf(c, 1));
    });

    it("continues a company's story when the next day reports the same happening", () => {
      const c = new StreamClusterer(DEFAULT_PARAMS);
      background(c);
      company(c, patents);
      company(c, [
        [4, "Why Tesla Motors opened its patents", early],
        [5, "Tesla Motors patents: rivals react", early + H],
        [6, "What Tesla Motors gains from open patents", early + 2 * H],
      ]);
      c.mergePass();
      expect(storyOf(c, 4)).toBe(storyOf(c, 1));
      expect(storyOf(c, 6)).toBe(storyOf(c, 1));
    });

    it("keeps apart reports whose ledes name other places than the story's", () => {
      const c = new StreamClusterer(TEXT_ONLY_PARAMS);
      background(c);
      const quake = (
        id: number,
        title: string,
        lede: string,
        names: string[],
        h: number,
      ): ClusterArticle => ({
        id,
        terms: titleTokens(title),
        excerptTerms: titleTokens(lede),
        names,
        category: "world",
        time: day1 + h * H,
      });
      const japan = ["location:sendai", "location:japan"];
      const iran = ["location:shiraz", "location:iran"];
      for (const a of [
        quake(
          1,
          "Deadly quake strikes near Sendai",
          "A strong earthquake struck near Sendai in Japan",
          japan,
          0,
        ),
        quake(
          2,
          "Strong earthquake hits Sendai, buildings damaged",
          "Buildings were damaged in Sendai, Japan",
          japan,
          1,
        ),
        quake(3, "Earthquake near Sendai kills several", "Several people died near Sendai, Japan", japan, 2),
        quake(4, "Deadly earthquake strikes Shiraz", "A deadly earthquake struck Shiraz in Iran", iran, 3),
        quake(5, "Earthquake flattens buildings in Shiraz", "Buildings collapsed in Shiraz, Iran", iran, 4),
      ])
        c.assign(a);
      c.mergePass();
      expect(storyOf(c, 2)).toBe(storyOf(c, 1));
      expect(storyOf(c, 5)).toBe(storyOf(c, 4));
      expect(storyOf(c, 4)).not.toBe(storyOf(c, 1));
    });

    /** Reports with a lede whose names are given (the enrichment stage's `type:key`), in "world" on `day1 + h`. */
    const named = (id: number, title: string, lede: string, names: string[], h: number): ClusterArticle => ({
      id,
      terms: titleTokens(title),
      excerptTerms: titleTokens(lede),
      names,
      category: "world",
      time: day1 + h * H,
    });

    it("reads a lone word typed as an organisation as the surname of a person the story names", () => {
      // The enrichment stage types a lone capitalised word an organisation: "Caruso conceded defeat" names
      // "org:caruso", "Okonkwo wins" names "org:okonkwo"; both are people the story names in full.
      const run = (surnameOrgs: boolean) => {
        const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, surnameOrgs });
        background(c);
        const count = ["person:teodor okonkwo", "person:yusuf caruso", "org:caruso", "location:germany"];
        const result = ["location:germany", "org:okonkwo"];
        for (const a of [
          named(
            1,
            "Okonkwo ahead in German presidential vote",
            "Teodor Okonkwo leads Yusuf Caruso in the vote",
            count,
            0,
          ),
          named(
            2,
            "German presidential vote: Okonkwo ahead",
            "Teodor Okonkwo leads Yusuf Caruso in the vote",
            count,
            1,
          ),
          named(
            3,
            "Okonkwo ahead as German presidential vote counted",
            "Teodor Okonkwo leads Yusuf Caruso in the vote",
            count,
            2,
          ),
          named(4, "Okonkwo wins German presidential vote", "Okonkwo beats Caruso in the vote", result, 24),
          named(5, "German presidential vote: Okonkwo wins", "Okonkwo beats Caruso in the vote", result, 25),
          named(
            6,
            "Okonkwo wins as German presidential vote counted",
            "Okonkwo beats Caruso in the vote",
            result,
            26,
          ),
        ])
          c.assign(a);
        c.mergePass();
        return c;
      };
      const c = run(true);
      expect(storyOf(c, 4)).toBe(storyOf(c, 1));
      expect(storyOf(c, 6)).toBe(storyOf(c, 1));
      const apart = run(false);
      expect(storyOf(apart, 4)).not.toBe(storyOf(apart, 1));
    });

    it("does not hold a place against a story whose next day shares its central person", () => {
      // A freed hostage flown out of one country lands in another: the happening moved, its centre did not.
      const run = (placeFollowsActor: boolean) => {
        const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, placeFollowsActor });
        background(c);
        const freed = ["person:anton moreau", "location:new zealand"];
        const home = ["person:anton moreau", "location:kingston"];
        for (const a of [
          named(
            1,
            "Hostage Anton Moreau freed after talks",
            "Anton Moreau was freed in New Zealand",
            freed,
            0,
          ),
          named(
            2,
            "Anton Moreau freed: hostage released after talks",
            "Moreau released in New Zealand",
            freed,
            1,
          ),
          named(
            3,
            "Freed hostage Anton Moreau released after talks",
            "New Zealand frees Anton Moreau",
            freed,
            2,
          ),
          named(4, "Freed hostage Anton Moreau arrives home", "Anton Moreau landed in Kingston", home, 24),
          named(5, "Anton Moreau, freed hostage, arrives home", "Moreau arrived in Kingston", home, 25),
          named(6, "Freed hostage Anton Moreau home at last", "Kingston welcomes Anton Moreau", home, 26),
        ])
          c.assign(a);
        c.mergePass();
        return c;
      };
      const c = run(true);
      expect(storyOf(c, 4)).toBe(storyOf(c, 1));
      expect(storyOf(c, 6)).toBe(storyOf(c, 1));
      const apart = run(false);
      expect(storyOf(apart, 4)).not.toBe(storyOf(apart, 1));
    });

    it("keeps the id of the story that began first when two stories merge", () => {
      const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, mergeEvery: 1_000_000 });
      const art = (id: number, title: string, h: number) => article(id, title, day1 + h * H, "business");
      c.restore(100, [art(1, "Acme recalls cars over brake fault", 0), art(2, "Acme brake fault recall", 1)]);
      c.restore(200, [
        art(3, "Acme car recall over brake fault widens", 2),
        art(4, "Brake fault: Acme recall of cars widens", 3),
        art(5, "Acme widens recall of cars over brake fault", 4),
      ]);
      c["dirty"].add(200);
      const merges = c.mergePass().filter((e) => e.type === "merge");
      expect(merges).toEqual([expect.objectContaining({ survivorId: 100, mergedIds: [200] })]);
    });

    it("restores a story that ran over several days as one segment per day, so the new day's reports join it", () => {
      const c = new StreamClusterer(TEXT_ONLY_PARAMS);
      background(c);
      const art = (id: number, title: string, h: number) => article(id, title, day1 + h * H, "world");
      c.restore(100, [
        ...[0, 1, 2, 3, 4].map((i) => art(i + 1, "Volcano erupts near Reykjavik, flights grounded", i)),
        ...[0, 1, 2, 3].map((i) =>
          art(i + 10, "Reykjavik volcano: flights grounded for a second day", 24 + i),
        ),
      ]);
      feed(c, [[20, "Reykjavik volcano keeps flights grounded for a second day", "world", day1 + 30 * H]]);
      expect([...c.segments.values()].filter((seg) => seg.root === 100)).toHaveLength(2);
      expect(storyOf(c, 20)).toBe(100);
      expect(c.stories.get(100)?.members).toHaveLength(10);
    });

    it("keeps a story that is still reported whole in memory, its earlier days included", () => {
      const c = new StreamClusterer({ ...TEXT_ONLY_PARAMS, horizonMs: 3 * D });
      const art = (id: number, h: number) => ({
        id,
        terms: titleTokens("Trial of former mayor continues"),
        category: "world",
        time: day1 + h * H,
      });
      c.restore(100, [art(1, 0), art(2, 1), art(3, 2), ...[0, 1, 2].map((i) => art(10 + i, 5 * 24 + i))]);
      expect(c.evict(day1 + 5 * D)).toBe(0);
      expect(c.stories.get(100)?.members).toHaveLength(6);
      expect(c.evict(day1 + 9 * D)).toBe(1);
      expect(c.stories.has(100)).toBe(false);
    });
  });
});
