import fs from "node:fs";

import { loadEnv } from "../../lib/env";
import { importFile } from "../../lib/ingestion/import-file";
import { recomputeDerived } from "../../lib/stories/maintenance";
import { openStoryClustering } from "../../lib/stories/open-clustering";
import { withStore } from "../store";

/** How often the import says it is still waiting for another process to place its articles. */
const WAIT_REPORT_MS = 5_000;

export interface ImportCommandOptions {
  /**
   * `emit` (default): the import's events carry the wall-clock moment they entered the log, as live ones do, so
   * a backtest never shows them before they could have been seen. `article`: a historical backfill whose events
   * carry the articles' own times (and the clustering clock that follows them); such a log is not point-in-time.
   */
  eventTime?: string;
}

export async function importCommand(file: string, opts: ImportCommandOptions = {}): Promise<void> {
  const eventTime = opts.eventTime ?? "emit";
  if (eventTime !== "emit" && eventTime !== "article")
    throw new Error(`--event-time must be "emit" or "article", not "${eventTime}"`);
  if (!fs.existsSync(file)) throw new Error(`no such file: ${file}`);
  await withStore(async (store) => {
    if (eventTime === "article") {
      store.events.setTimeMode("producer");
      process.stderr.write(
        "import: events carry the articles' times (--event-time article): backtests of this backfill are not point-in-time\n",
      );
    }
    let lastPrint = 0;
    let lastWaitReport = 0;
    const clustering = await openStoryClustering(store, loadEnv());
    if (!clustering.holdsLease)
      process.stderr.write(
        "import: another process holds the story clustering lease; it places these articles in stories\n",
      );
    try {
      const summary = await importFile(store, file, {
        clustering,
        onProgress: (p) => {
          const now = Date.now();
          if (now - lastPrint < 1000 && p.processed < p.total) return;
          lastPrint = now;
          const rate = Math.round(p.processed / Math.max(p.elapsedMs / 1000, 0.001));
          process.stderr.write(`import: ${p.processed}/${p.total} records, ${p.inserted} new (${rate}/s)\n`);
        },
        onWaiting: (waitedMs) => {
          if (waitedMs - lastWaitReport < WAIT_REPORT_MS) return;
          lastWaitReport = waitedMs;
          process.stderr.write(
            `import: waiting ${Math.round(waitedMs / 1000)} s for the process holding the story clustering lease to place the remaining articles\n`,
          );
        },
      });
      for (const m of summary.malformed)
        process.stderr.write(`import: line ${m.line} skipped: ${m.reason}\n`);
      process.stderr.write("import: recomputing source rankings and topics\n");
      await recomputeDerived(store);
      const secs = summary.elapsedMs / 1000;
      const rate = Math.round(summary.records / Math.max(secs, 0.001));
      console.log(
        `imported ${summary.inserted} new articles from ${summary.records} records in ${secs.toFixed(1)} s (${rate} records/s); ` +
          `${summary.alreadyImported} already imported, ${summary.duplicates} duplicate URLs linked, ${summary.malformed.length} malformed lines skipped`,
      );
    } finally {
      // Normally released once the import's articles are placed; this covers a failure on the way.
      await clustering.release();
    }
  });
}
