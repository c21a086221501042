import {
  liveLeases,
  migrateData,
  openSource,
  type TableProgress,
} from "../../lib/db/migrate-data/migrate-data";
import { openPostgres } from "../../lib/db/postgres/connect";
import { dataDir, loadEnv } from "../../lib/env";

export interface MigrateDataCommandOptions {
  to?: string;
  batchSize?: string;
}

/** A URL as printed: without its password. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(the target)";
  }
}

const rate = (rows: number, ms: number) => Math.round(rows / Math.max(ms / 1000, 0.001));

/**
 * `lede migrate-data --to postgres://…`: copies the embedded install of LEDE_DATA_DIR into a PostgreSQL database
 * (empty, or a partial copy of this install, which it completes). Progress on stderr, a summary on stdout.
 */
export async function migrateDataCommand(opts: MigrateDataCommandOptions): Promise<void> {
  const url = opts.to;
  if (!url || !/^postgres(ql)?:\/\//.test(url))
    throw new Error("--to must be a postgres:// URL (the PostgreSQL database to copy the install into)");
  const batchSize = opts.batchSize === undefined ? 1000 : Number(opts.batchSize);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100_000)
    throw new Error("--batch-size must be a whole number from 1 to 100000");
  const dir = dataDir(loadEnv());
  // Refuse a missing source before touching the target; warn about a Lede still running on it.
  const probe = openSource(dir);
  try {
    const live = liveLeases(probe);
    if (live.length > 0)
      process.stderr.write(
        `migrate-data: a Lede process seems to be running on ${dir} (leases held: ${live.join(", ")}): ` +
          "stop it first, or what it writes during the copy may be missed\n",
      );
  } finally {
    probe.close();
  }
  process.stderr.write(`migrate-data: copying ${dir} into ${redact(url)}\n`);
  const target = await openPostgres(url, { max: 1 });
  try {
    let lastPrint = 0;
    const summary = await migrateData({
      dataDir: dir,
      target,
      batchSize,
      onStep: (message) => process.stderr.write(`migrate-data: ${message}\n`),
      onProgress: (p: TableProgress) => {
        const now = Date.now();
        if (!p.done && now - lastPrint < 1000) return;
        lastPrint = now;
        const r = p.copiedNow > 0 ? `, ${rate(p.copiedNow, p.elapsedMs)} rows/s` : "";
        const state = p.done ? (p.copiedNow === 0 && p.copied > 0 ? " (copied earlier)" : " done") : "";
        process.stderr.write(`migrate-data: ${p.table} ${p.copied}/${p.total}${r}${state}\n`);
      },
    });
    const rows = summary.tables.reduce((n, t) => n + t.copiedNow, 0);
    const secs = summary.elapsedMs / 1000;
    for (const t of summary.tables)
      if (t.skipped > 0)
        process.stderr.write(
          `migrate-data: ${t.table}: ${t.skipped} rows were already in the target, kept as they were\n`,
        );
    console.log(
      `${summary.resumed ? "completed an earlier partial copy: " : ""}copied ${rows} rows of ${summary.tables.length} tables in ${secs.toFixed(1)} s ` +
        `(${rate(rows, summary.elapsedMs)} rows/s) into ${redact(url)}; event log ${summary.logId} kept. ` +
        "Start Lede with DATABASE_URL set to that URL to use it",
    );
  } finally {
    await target.close();
  }
}
