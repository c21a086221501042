import type { EventKind } from "../types";

const aiModel: EventKind = {
  id: "ai-model",
  category: "technology",
  weight: 5,
  scale: 0.9,
  spacing: 24,
  key: "co",
  // Rival labs releasing models in the same week.
  shared: [],
  twinGap: [-24, 60],
  cast: (c) => ({
    ...c.company("co", "software"),
    ...c.role("model", () => ({
      model: `${c.rng.pick(["Lumen", "Sage", "Atlas", "Quill", "Ember", "Cortex"])} ${c.rng.int(2, 5)}`,
    })),
    ...c.one("skill", ["reasoning", "coding", "video generation", "voice", "maths"]),
  }),
  topics: ["{co_short}'s {model}", "the {model} AI model"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{co_short} [releases|launches|unveils] {model} AI model[ with better {skill}|]",
        "{co} [takes on rivals|ups the stakes] with {model}",
        "{co_short}'s {model} [tops|beats rivals on] {skill} benchmarks",
        "{co_short} [rolls out|debuts] {model}, its most [capable|powerful] AI [yet|model]",
      ],
      texts: [
        "{co} released {model} on {day}, saying the AI model outperforms rivals at {skill}.",
        "{model} will be available to paying customers first, {co_short} said.",
      ],
    },
    {
      at: [3, 12],
      weight: 2,
      headlines: [
        "[Hands-on|First look]: is {co_short}'s {model} [any good|worth the hype]?",
        "Researchers [find|flag] [flaws|safety gaps] in {co_short} {model}",
        "{co_short} {model} [draws|faces] criticism over [errors|energy use]",
      ],
      texts: ["Early testers said {model} was strong at {skill} but still made basic mistakes."],
    },
    {
      at: [24, 72],
      weight: 1.5,
      headlines: [
        "{co_short} [limits|restricts] access to {model} [after|amid] [misuse reports|safety concerns]",
        "{co_short} says {model} [signed up|drew] millions of users in days",
      ],
      texts: ["{co} said demand for {model} had exceeded its forecasts."],
    },
  ],
};

export const AI_KINDS: EventKind[] = [aiModel];
