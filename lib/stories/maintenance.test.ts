import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { TEXT_ONLY_PARAMS } from "../clustering/clusterer";
import { setEventTimeMode } from "../db/sqlite/event-repo";
import { runPipeline } from "../ingestion/pipeline";
import { tempStore, testSource } from "../testing/temp-store";
import { startStoryMaintenance } from "./maintenance";
import { StoryClustering } from "./story-clustering";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
  // The maintenance runs on the test's clock: its events carry that clock's times.
  setEventTimeMode(store.db, "producer");
});
afterEach(() => store.cleanup());

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Fourteen outlets' own headlines for one event (independent reports, not syndicated copies). */
const TITLES = [
  "Dam bursts upstream of Lisbon, towns flooded",
  "Lisbon dam burst floods towns",
  "Towns flooded as dam bursts near Lisbon",
  "Dam collapse near Lisbon: floodwater sweeps through towns",
  "Portugal dam bursts, flooding towns outside Lisbon",
  "Floods after Lisbon dam bursts",
  "Lisbon dam failure: towns under water",
  "Dam burst near Lisbon forces evacuations",
  "Evacuations as Lisbon dam bursts",
  "Dam bursts near Lisbon; rescuers reach flooded towns",
  "Flooded towns after dam near Lisbon gives way",
  "Dam gives way near Lisbon, flooding towns",
  "Lisbon: dam bursts and towns flood",
  "Residents flee as dam bursts near Lisbon",
];

describe("startStoryMaintenance", () => {
  it("recomputes source rankings at start and decays priorities on its ticks", async () => {
    const sources = [];
    for (let i = 0; i < 14; i++) sources.push(await testSource(store, `s${i}`, `Source ${i}`));
    const clustering = await StoryClustering.open({ store, vectors: null, params: TEXT_ONLY_PARAMS });
    const t0 = Date.now() - 60_000;
    // Fourteen outlets report one event within a minute: the story rises above low priority.
    for (const [i, s] of sources.entries())
      await runPipeline({ store, clustering }, [
        {
          raw: {
            url: `https://s${i}.test/1`,
            title: TITLES[i]!,
          },
          source: s,
          discoveredAt: t0 + i * 1000,
        },
      ]);
    const priority = () =>
      store.db.prepare("SELECT priority FROM stories ORDER BY article_count DESC LIMIT 1").pluck().get();
    expect(priority()).not.toBe("low");

    let clock = Date.now();
    const m = startStoryMaintenance({ store, clustering, tickMs: 20, recomputeMs: 60_000, now: () => clock });
    try {
      await until(
        () => (store.db.prepare("SELECT COUNT(*) FROM source_rankings").pluck().get() as number) === 14,
      );
      clock += 24 * 3_600_000; // a day later, nothing new: the velocity has decayed away
      await until(() => priority() === "low");
      const drops = store.db
        .prepare("SELECT COUNT(*) FROM events WHERE type = 'story.priority_changed' AND ts = ?")
        .pluck()
        .get(clock);
      expect(drops).toBe(1);
    } finally {
      m.stop();
    }
  });
});
