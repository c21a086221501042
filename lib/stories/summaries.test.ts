import { describe, expect, it } from "vitest";

import { splitSentences } from "../text/sentences";
import {
  buildStorySummaries,
  figurePhrases,
  nearRepeat,
  type SummaryMember,
  type SummaryStory,
} from "./summaries";

const T = Date.UTC(2026, 2, 1, 6);

const story = (over: Partial<SummaryStory> = {}): SummaryStory => ({
  headline: "Earthquake strikes Sendai - Global Dispatch",
  articleCount: 40,
  sourceCount: 27,
  sources: ["Global Dispatch (simulated)", "Meridian Wire (simulated)", "Harbour Times (simulated)"],
  firstSeen: T,
  lastUpdated: T + 3_600_000,
  entities: [
    { name: "Sendai", type: "location" },
    { name: "Japan Meteorological Agency", type: "org" },
    { name: "Global Dispatch", type: "org" },
    { name: "Aiko Tanaka", type: "person" },
  ],
  ...over,
});

const m = (
  sourceName: string,
  excerpt: string | null,
  authority: number | null,
  minutes = 0,
  title = "Earthquake strikes Sendai",
): SummaryMember => ({ title, excerpt, sourceName, authority, time: T + minutes * 60_000 });

const MEMBERS: SummaryMember[] = [
  m(
    "Harbour Times (simulated)",
    "A magnitude 7.1 earthquake struck off Sendai on Sunday morning. Residents fled to higher ground as sirens sounded.",
    0.4,
    5,
  ),
  m(
    "Meridian Wire (simulated)",
    "SENDAI (Meridian Wire) - At least 30 people died after a magnitude 7.1 earthquake hit northern Japan on Sunday, " +
      "officials said. The Japan Meteorological Agency lifted a tsunami warning two hours later.",
    0.9,
    1,
  ),
  // The same lede as the wire's, reworded: a near repeat.
  m(
    "Global Dispatch (simulated)",
    "At least 30 people died on Sunday after a 7.1 magnitude earthquake hit northern Japan, officials said. " +
      "Rail services across the Tohoku region were suspended while engineers checked the lines for …",
    0.8,
    2,
  ),
  m("Morning Briefing (simulated)", "Earthquake strikes Sendai.", 0.3, 9),
  m("Unranked Daily", null, null, 3),
];

describe("buildStorySummaries", () => {
  it("builds 2–3 sentences from the most authoritative ledes, without credits or near repeats", () => {
    const { summary } = buildStorySummaries(story(), MEMBERS);
    const sentences = splitSentences(summary);
    expect(sentences).toEqual([
      "At least 30 people died after a magnitude 7.1 earthquake hit northern Japan on Sunday, officials said.",
      "The Japan Meteorological Agency lifted a tsunami warning two hours later.",
      // Harbour Times' first sentence restates the wire's quake and figure: its second sentence is new.
      "Residents fled to higher ground as sirens sounded.",
    ]);
    // Every sentence is a member's own words.
    for (const s of sentences) expect(MEMBERS.some((x) => x.excerpt?.includes(s))).toBe(true);
    for (let i = 0; i < sentences.length; i++)
      for (let j = i + 1; j < sentences.length; j++)
        expect(nearRepeat(sentences[i]!, sentences[j]!)).toBe(false);
    expect(summary).not.toContain("Meridian Wire");
    expect(summary).not.toContain("Reported in");
  });

  it("skips cut-off sentences and ledes that only restate their headline", () => {
    const { summary } = buildStorySummaries(story(), MEMBERS);
    expect(summary).not.toContain("Rail services");
    expect(summary).not.toMatch(/^Earthquake strikes Sendai\./);
  });

  it("follows the story: a newer lede from an equally trusted source leads", () => {
    const later = m(
      "Pacific Newswire (simulated)",
      "The death toll from the Sendai earthquake rose to 41 on Monday as rescuers searched collapsed homes.",
      0.9,
      600,
    );
    const { summary } = buildStorySummaries(story(), [...MEMBERS, later]);
    expect(splitSentences(summary)[0]).toBe(later.excerpt);
  });

  it("falls back to the coverage, with the true source count, when no lede is usable", () => {
    const { summary, richSummary } = buildStorySummaries(story(), [m("Unranked Daily", null, null)]);
    expect(summary).toBe(
      "Earthquake strikes Sendai. Reported in 40 articles by Global Dispatch (simulated), Meridian Wire (simulated), " +
        "Harbour Times (simulated) and 24 other sources since 2026-03-01 06:00 UTC.",
    );
    expect(richSummary).toContain("40 articles from 27 sources");
  });

  it("gives the rich summary's facts with attribution: who, where, figures and coverage", () => {
    const { richSummary } = buildStorySummaries(story(), MEMBERS);
    expect(richSummary).toContain(
      "At least 30 people died after a magnitude 7.1 earthquake hit northern Japan on Sunday, officials said, " +
        "according to Meridian Wire (simulated).",
    );
    expect(richSummary).toContain("- **What:** Earthquake strikes Sendai\n");
    expect(richSummary).toContain("- **Who:** Aiko Tanaka, Japan Meteorological Agency\n");
    expect(richSummary).toContain("- **Where:** Sendai\n");
    expect(richSummary).toContain(
      "- **Figures:** At least 30 people, according to Meridian Wire (simulated); magnitude 7.1 earthquake, " +
        "according to Meridian Wire (simulated)\n",
    );
    expect(richSummary).toContain("40 articles from 27 sources");
    // A publisher is never one of the story's actors.
    expect(richSummary).not.toMatch(/\*\*Who:\*\*[^\n]*Global Dispatch/);
  });
});

describe("nearRepeat", () => {
  it("treats two wordings of one fact as a repeat, most words or a shared figure in common", () => {
    expect(
      nearRepeat(
        "Policymakers at the European Central Bank cut borrowing costs to 3.75%, citing the latest inflation figures.",
        "The European Central Bank cut its main interest rate to 3.75% on Monday.",
      ),
    ).toBe(true);
    expect(
      nearRepeat(
        "At least 30 people died on Sunday after a 7.1 magnitude earthquake hit northern Japan, officials said.",
        "At least 30 people died after a magnitude 7.1 earthquake hit northern Japan on Sunday.",
      ),
    ).toBe(true);
  });

  it("keeps different facts apart, even on the same subject", () => {
    expect(
      nearRepeat(
        "The toll from the floods in Australia rose to 38 as a levee gave way near Melbourne.",
        "Floods caused by torrential rain killed at least 19 people in Australia and forced 164,000 from their homes.",
      ),
    ).toBe(false);
    expect(
      nearRepeat(
        "The European Central Bank cut its main interest rate to 3.75% on Monday.",
        "Governor Emeka Dimitrov said the bank would keep a close eye on prices and wages.",
      ),
    ).toBe(false);
  });
});

describe("figurePhrases", () => {
  it("keeps a figure with what it counts, not years, times or lone digits", () => {
    expect(figurePhrases("At least 30 people died in 2026 when 2 trains collided at 3 pm")).toEqual([
      "At least 30 people",
    ]);
    expect(figurePhrases("Harrowgate buys Lumen for $8.8bn as shares jump 12%")).toEqual(["$8.8bn", "12%"]);
  });
});
