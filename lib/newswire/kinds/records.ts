import type { EventKind } from "../types";
import { SPORTS } from "../vocab/culture";

const record: EventKind = {
  id: "world-record",
  category: "sports",
  weight: 3,
  scale: 0.7,
  spacing: 24,
  key: "athlete",
  shared: ["sport"],
  twinGap: [-6, 48],
  cast: (c) => ({
    ...c.role("sport", () => ({ ...c.rng.pick(SPORTS) })),
    ...c.person("athlete"),
    ...c.country("nation"),
    ...c.city("city", "nation"),
  }),
  topics: ["{athlete_last}'s world record", "the {event} world record"],
  stages: [
    {
      at: [0, 0],
      weight: 4,
      headlines: [
        "{athlete} [breaks|smashes|shatters] {event} world record",
        "{nation_adj} {specialty} {athlete_last} sets {event} world record [in|at] {city}[ meeting|]",
        "[World record|New world record] for {athlete_last} in {event}[ at {city}|]",
        "{athlete_last} [stuns|thrills] {city} crowd with {event} world record",
      ],
      texts: ["{athlete} of {nation_the} set a world record in the {event} in {city} on {day}."],
    },
    {
      at: [2, 12],
      weight: 2,
      headlines: [
        "'[I can go faster|There is more to come]': {athlete_last} after {event} [record|world record]",
        "How {athlete_last} [broke|smashed] the {event} [world record|record]",
      ],
      texts: ["{athlete_last} said after the race that the record could fall again this season."],
    },
  ],
};

export const RECORD_KINDS: EventKind[] = [record];
