import type { EventKind } from "../types";
import { ORGS } from "../vocab/people";

const study: EventKind = {
  id: "study",
  category: "science",
  weight: 4,
  scale: 0.6,
  key: "finding",
  // The same university's researchers in the news twice in one week.
  shared: ["uni"],
  twinGap: [12, 96],
  cast: (c) => ({
    ...c.org("uni", ORGS.universities),
    ...c.person("lead"),
    ...c.role("finding", () => ({
      ...c.cast.claim("finding", [
        { finding: "bees can count to five", field: "animal behaviour" },
        { finding: "ancient forests are hidden under Antarctic ice", field: "geology" },
        { finding: "octopuses dream", field: "neuroscience" },
        { finding: "deep-sea microbes eat plastic", field: "microbiology" },
        { finding: "the Milky Way's black hole is spinning faster than thought", field: "astronomy" },
        { finding: "crows plan for the future", field: "animal behaviour" },
        { finding: "a lost river once crossed the Sahara", field: "geology" },
        { finding: "some sharks can live for 400 years", field: "marine biology" },
        { finding: "a gene helps people sleep less", field: "genetics" },
        { finding: "the Moon's core is solid", field: "planetary science" },
        { finding: "early humans cooked fish 780,000 years ago", field: "archaeology" },
        { finding: "dogs understand dozens of words", field: "animal behaviour" },
        { finding: "Saturn's rings are younger than the dinosaurs", field: "astronomy" },
        { finding: "trees warn each other of drought", field: "botany" },
        { finding: "a Roman road lies under the Adriatic", field: "archaeology" },
      ]),
    })),
    ...c.one("journal", ["Nature", "Science", "Cell", "PNAS"]),
  }),
  topics: ["the {uni_head} study", "research suggesting {finding}"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "[Study finds|Scientists say|Research suggests] {finding}",
        "{finding}, [say|according to] {uni_head} [scientists|researchers]",
        "[New research|A study in {journal}] [suggests|shows] {finding}",
      ],
      texts: [
        "Researchers at {uni} reported in {journal} on {day} that {finding}, a result that surprised experts in {field}.",
      ],
    },
    {
      at: [4, 20],
      weight: 1.5,
      headlines: [
        "[Why|Explained: why] the [discovery|finding] that {finding} matters",
        "{lead_last}, the [scientist|researcher] who showed {finding}",
      ],
      texts: ["{lead}, who led the study, said more work was needed to confirm the result."],
    },
  ],
};

const recall: EventKind = {
  id: "recall",
  category: "health",
  weight: 4,
  scale: 0.6,
  spacing: 24,
  key: "co",
  shared: ["product"],
  twinGap: [12, 80],
  cast: (c) => ({
    ...c.company("co", c.rng.pick(["retail", "pharma"])),
    ...c.one("product", [
      "baby formula",
      "blood pressure pills",
      "frozen vegetables",
      "eye drops",
      "peanut butter",
      "ground beef",
    ]),
    ...c.one("germ", ["salmonella", "listeria", "contamination", "E. coli"]),
  }),
  topics: ["the {co_short} {product} recall", "the {product} recall"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{co_short} recalls {product} over {germ} [fears|risk]",
        "{product} [sold at|made by] {co_short} recalled [over|due to] {germ}",
        "[Urgent|Nationwide] recall of {co_short} {product}",
      ],
      texts: [
        "{co} recalled batches of {product} on {day} because of possible {germ}, and told customers not to use them.",
      ],
    },
    {
      at: [6, 30],
      weight: 2,
      facts: (r) => ({ ill: String(r.int(5, 90)) }),
      headlines: [
        "{ill} [people ill|cases] linked to recalled {co_short} {product}",
        "{co_short} {product} recall [widens|expanded]",
      ],
      texts: ["Health officials linked {ill} cases of illness to the recalled {product}."],
    },
  ],
};

export const STUDY_KINDS: EventKind[] = [study];
export const RECALL_KINDS: EventKind[] = [recall];
