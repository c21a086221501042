// The `scale` section of docs/benchmarks.md from bench:scale results (one per database size).
import { machineLine, writeBenchSection } from "./bench-report";
import type { OpResult, SizeResult } from "./scale";

const TARGET_GROWTH = 3;

const label = (size: number) =>
  size >= 1_000_000 ? `${size / 1_000_000}M` : size >= 1000 ? `${size / 1000}k` : String(size);
const ms = (x: number | undefined) =>
  x === undefined || !Number.isFinite(x) ? "—" : x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString("en");
const mib = (bytes: number) => `${Math.round(bytes / 2 ** 20).toLocaleString("en")} MiB`;
const num = (n: number) => n.toLocaleString("en");
const kb = (bytes: number | undefined) =>
  bytes === undefined
    ? "—"
    : bytes < 10_240
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${num(Math.round(bytes / 1024))} KB`;
const day = (t: number) => new Date(t).toISOString().slice(0, 16).replace("T", " ");

function cell(op: OpResult | undefined, field: "p50" | "p99"): string {
  if (!op) return "—";
  if (op.error) return `error ${op.error.split(" ")[0]}`;
  const v = ms(op[field]);
  const notes = [
    ...(op.nonOk ? [`${op.nonOk} not 200`] : []),
    // A p99 of fewer than 100 answers is close to their maximum: say how many there were.
    ...(field === "p99" && (op.requests ?? 0) < 100 ? [`${op.requests} req.`] : []),
  ];
  return notes.length ? `${v} (${notes.join(", ")})` : v;
}

function growth(small: OpResult | undefined, large: OpResult | undefined, final: boolean): string {
  if (!small?.p99 || !large?.p99 || small.error || large.error) return "—";
  const g = large.p99 / small.p99;
  const text = `${g.toFixed(1)}×`;
  if (!final) return text;
  return g <= TARGET_GROWTH ? `${text} met` : `**${text} missed**`;
}

/** Writes the section: one row per operation, p50/p99 per size, and the growth of p99 from the smallest size. */
export function writeScaleReport(results: SizeResult[], ranNow: number[]): void {
  if (results.length === 0) return;
  const small = results[0]!;
  const large = results.at(-1)!;
  const final = small.size === 10_000 && large.size === 1_000_000;
  const several = results.length > 1;
  const growthHead = `p99 ${label(large.size)} / ${label(small.size)}${final ? ` (target ≤ ${TARGET_GROWTH}×)` : ""}`;
  const head = [
    "operation",
    "requests vary over",
    ...results.flatMap((r) => [`${label(r.size)} p50`, `${label(r.size)} p99`]),
    ...(several ? [growthHead] : []),
    `answer at ${label(large.size)}`,
  ];
  const names = small.ops.map((o) => o.name);
  for (const r of results) for (const o of r.ops) if (!names.includes(o.name)) names.push(o.name);
  const rows = names.map((name) => {
    const of = (r: SizeResult) => r.ops.find((o) => o.name === name);
    const note = results.map(of).find((o) => o)?.note ?? "";
    return [
      `\`${name}\``,
      note,
      ...results.flatMap((r) => [cell(of(r), "p50"), cell(of(r), "p99")]),
      ...(several ? [growth(of(small), of(large), final)] : []),
      kb(of(large)?.bytes),
    ];
  });
  const facts: Array<[string, (r: SizeResult) => string]> = [
    [
      "articles / stories / entities",
      (r) => `${num(r.db.counts.articles)} / ${num(r.db.counts.stories)} / ${num(r.db.counts.entities)}`,
    ],
    [
      "events / developments / extracted pages",
      (r) => `${num(r.db.counts.events)} / ${num(r.db.counts.developments)} / ${num(r.db.counts.contents)}`,
    ],
    ["data directory on disk after the run (all files)", (r) => mib(r.db.bytes)],
    ["of which the SQLite database", (r) => mib(r.db.sqliteBytes)],
    ["of which article vectors in it (`article_vectors` tables, at build)", (r) => mib(vectorBytes(r))],
    ["build time", (r) => `${num(Math.round(r.db.buildSeconds))} s${r.db.reused ? " (earlier build)" : ""}`],
    ["`lede start` answering after", (r) => `${(r.serverReadyMs / 1000).toFixed(1)} s`],
    [
      "server idle again after the first request of each operation",
      (r) =>
        r.stillBusy
          ? `**still busy after ${num(Math.round(r.idleAfterMs / 60_000))} min** (measured anyway)`
          : r.idleAfterMs >= 120_000
            ? `${num(Math.round(r.idleAfterMs / 60_000))} min`
            : `${num(Math.round(r.idleAfterMs / 1000))} s`,
    ],
    [
      "server RSS after the run (peak)",
      (r) => `${num(Math.round(r.rssMiB))} MiB (${num(Math.round(r.peakRssMiB))} MiB)`,
    ],
    ["measured at (UTC), load average after", (r) => `${day(r.runAt)}, ${r.load}`],
    [
      "code: commit (working tree), production build (`.next/BUILD_ID`) from",
      (r) => `${r.code}, ${r.nextBuildAt ? day(r.nextBuildAt) : "—"}`,
    ],
  ];
  const table = (h: string[], body: string[][]) =>
    [
      `| ${h.join(" | ")} |`,
      `| ${h.map((_, i) => (i < 2 ? "---" : "---:")).join(" | ")} |`,
      ...body.map((b) => `| ${b.join(" | ")} |`),
    ].join("\n");
  const factTable = [
    `| | ${results.map((r) => label(r.size)).join(" | ")} |`,
    `| --- | ${results.map(() => "---:").join(" | ")} |`,
    ...facts.map(([name, f]) => `| ${name} | ${results.map(f).join(" | ")} |`),
  ].join("\n");
  const earlier = results.filter((r) => !ranNow.includes(r.size)).map((r) => label(r.size));
  const again = results.flatMap((r) =>
    (r.remeasured ?? []).map(
      (m) =>
        `- ${label(r.size)}: ${m.ops.map((n) => `\`${n}\``).join(", ")} measured again at ${day(m.runAt)} on ${m.code} (load average after ${m.load}); the other rows and the facts below are from the run of ${day(r.runAt)}.`,
    ),
  );
  writeBenchSection(
    "scale",
    `## /v1 reads as the database grows (issue #15)

Run: \`npm run bench:scale\` (script: \`bench/scale.ts\`), against \`lede start\` (production build, \`LEDE_POLL_FEEDS=false\`). Machine: ${machineLine()}, shared with other work (see the load averages).${earlier.length ? ` The ${earlier.join(", ")} columns come from an earlier run of the same bench (dates below).` : ""}

**Data.** Each database holds N articles over the 90 days before it was built, made from the 45,852 real headlines of \`news-clustering-dev\`: round 0 is the headlines themselves; every further round replays each of the 732 labelled stories as a new story instance starting at a random point of the 90 days, its headlines given the instance's place, shifted numbers and (half of them) the tail of another headline of the same story, each from one of the 391 sources of the shipped registry (by publisher and round). The last round is a random subset, so N = 10k holds a sample of every story. Everything is written through the store's repositories: articles with \`item.new\`; enrichment with the local 1536-d embedder on title + lede (a two-sentence lede made from two other headlines of the story), entities and relations extracted once per dev headline (plus the instance's place), tags, \`item.enriched\`; one story per instance through \`stories.apply\` batches (at most an hour of article time or 5,000 articles each) with \`cluster.event\`s, the story-dynamics stage after each batch (velocity, priority, developments, centroids, story entities); extracted text for 10 % of articles; then a dynamics tick, source rankings and topics. No near-duplicate linking and no clustering: story membership is the data set's own labels.

**Load.** The server first gets one request of each operation (to check its answer, and because some work starts on first use: the first vector query builds the ANN vector index in the background); the bench then waits until the server uses under 5 % of a core for 3 s before measuring (the row "server idle again after" below says how long that took). Then per operation: ${small.connections} connections in a closed loop, ${WARMUP_NOTE(small.seconds)}, keep-alive, from the bench process on the same machine. Each request carries one of 2,000 API keys of business accounts in turn (1,800 requests a minute per key, 600,000 credits a month per account, so neither the rate limit nor a quota answers). Latencies in ms; "error" means the operation did not answer 200 and was not measured; "answer" is the size of one response body.

${table(head, rows)}
${again.length ? `\nOperations measured again on later code (\`--ops\`):\n\n${again.join("\n")}\n` : ""}
${factTable}`,
  );
}

const WARMUP_NOTE = (seconds: number) =>
  `1 s warm-up, then ${seconds} s (or until 100 requests were answered, at most 30 s)`;

function vectorBytes(r: SizeResult): number {
  return r.db.tables.filter((t) => t.name.startsWith("article_vectors")).reduce((s, t) => s + t.bytes, 0);
}
