// Story clustering on the simulated newswire, end to end: generate a seeded multi-day news world, `lede import`
// it into a fresh data directory, `lede export assignments`, and score the stories against the true event ids
// (BCubed), overall and on the events that run over several days (issue #9, acceptance 2). Then explain the
// errors: splits across news cycles, events glued together, syndicated copies. In-memory experiments with the
// clusterer's parameters: bench/clustering-replay.ts.
// Usage: npx tsx bench/newswire-clustering.ts [--seed N] [--days N]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

import Database from "better-sqlite3";

import { bcubed, type ClusterScores } from "../lib/clustering/bcubed";
import {
  bcubedOver,
  findMerges,
  fragments,
  groupBy,
  multiDayEvents,
  pairRecallByDay,
} from "../lib/newswire/diagnose";
import { generateNewswire } from "../lib/newswire/generate";
import { writeNewswireJsonl } from "../lib/newswire/records";
import type { NewswireArticle, SimEvent } from "../lib/newswire/types";
import { loadWordVectors } from "../lib/nlp/word-vectors";
import { machineLine, writeBenchSection } from "./bench-report";

const BIN = fileURLToPath(new URL("../bin/lede.mjs", import.meta.url));
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const seed = arg("seed", "1");
const days = Number(arg("days", "5"));
const DAY = 86_400_000;
const pct = (x: number) => (100 * x).toFixed(2);
const row = (label: string, s: ClusterScores, n: number) =>
  `| ${label} | ${n.toLocaleString("en")} | ${pct(s.precision)} | ${pct(s.recall)} | **${pct(s.f1)}** |`;

const genStart = performance.now();
const nw = generateNewswire({ seed, days });
const genMs = performance.now() - genStart;
const { articles, events } = nw;
const gold = new Map(articles.map((a) => [a.id, a.eventId]));
const multi = multiDayEvents(articles);
const multiIds = articles.filter((a) => multi.has(a.eventId)).map((a) => a.id);
const singleIds = articles.filter((a) => !multi.has(a.eventId)).map((a) => a.id);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-bench-newswire-"));
const modelDir = process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models");
// Builds the word-vector cache the import reads, once, outside the timed import.
loadWordVectors(modelDir);
const env = {
  ...process.env,
  LEDE_DATA_DIR: dataDir,
  LEDE_MODEL_DIR: modelDir,
  LEDE_SEED_DEFAULT_SOURCES: "false",
  LOG_LEVEL: "warn",
};

try {
  const file = path.join(dataDir, "newswire.jsonl");
  writeNewswireJsonl(file, nw);
  const started = performance.now();
  const imp = spawnSync(process.execPath, [BIN, "import", file], { env, encoding: "utf8" });
  if (imp.status !== 0) throw new Error(`import failed: ${imp.stderr}`);
  const importSecs = (performance.now() - started) / 1000;
  const out = path.join(dataDir, "assignments.jsonl");
  const exp = spawnSync(process.execPath, [BIN, "export", "assignments", "--out", out], {
    env,
    encoding: "utf8",
  });
  if (exp.status !== 0) throw new Error(`export failed: ${exp.stderr}`);

  const final = new Map<string, string>();
  const hashOf = new Map<string, string>();
  for (const line of fs.readFileSync(out, "utf8").trim().split("\n")) {
    const a = JSON.parse(line) as { id: string; url_hash: string; story_id: number | null };
    if (a.story_id !== null) final.set(a.id, String(a.story_id));
    hashOf.set(a.id, a.url_hash);
  }
  const arrival = arrivalLabels(path.join(dataDir, "lede.db"), hashOf);

  const all = bcubed(final, gold);
  const onMulti = bcubedOver(final, gold, multiIds);
  const onSingle = bcubedOver(final, gold, singleIds);
  const atArrival = bcubed(arrival, gold);
  const stories = new Set(final.values()).size;
  console.log(
    `newswire seed ${seed}: ${articles.length} articles, ${events.length} events (${multi.size} multi-day), ${stories} stories`,
  );
  console.log(
    `all F1 ${pct(all.f1)} (P ${pct(all.precision)} R ${pct(all.recall)}); multi-day F1 ${pct(onMulti.f1)}; single-day F1 ${pct(onSingle.f1)}; at arrival F1 ${pct(atArrival.f1)}`,
  );

  const analysis = analyse(final, articles);
  console.log(analysis.lines.join("\n"));

  writeBenchSection(
    "newswire-clustering",
    `## Story clustering on the simulated newswire (BCubed)

Run: \`npx tsx bench/newswire-clustering.ts\` (seed ${seed}, ${days} simulated days): the seeded newswire of \`lib/newswire/\`
is written as JSON Lines, loaded with \`lede import\` into an empty data directory (word vectors on, no default
sources) and read back with \`lede export assignments\`; stories are scored against the true event ids. An event is
multi-day when its coverage falls on two or more UTC days. Machine: ${machineLine()}.

${articles.length.toLocaleString("en")} articles (${articles.filter((a) => a.syndicatedFrom).length} syndicated copies) from ${nw.outlets.length} outlets about ${events.length} events
(${multi.size} multi-day, ${events.filter((e) => e.twinOf).length} made-to-be-confused twins); ${stories.toLocaleString("en")} predicted stories. Generation ${genMs.toFixed(0)} ms;
import with clustering ${importSecs.toFixed(1)} s.

| articles of | n | BCubed P | BCubed R | BCubed F1 |
| --- | ---: | ---: | ---: | ---: |
${row("all events (after import; target ≥ 95)", all, articles.length)}
${row("multi-day events", onMulti, multiIds.length)}
${row("single-day events", onSingle, singleIds.length)}
${row("all events, story at arrival", atArrival, articles.length)}

**Where the errors are.**

${analysis.lines.map((l) => `- ${l}`).join("\n")}

In-memory experiments with the clusterer's parameters on this stream: \`npx tsx bench/clustering-replay.ts newswire\`.`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function arrivalLabels(db: string, hashOf: Map<string, string>): Map<string, string> {
  const conn = new Database(db, { readonly: true });
  const byHash = new Map(
    (
      conn
        .prepare(
          "SELECT a.url_hash AS h, s.story_id AS s FROM story_assignments s JOIN articles a ON a.id = s.article_id",
        )
        .all() as Array<{ h: string; s: number }>
    ).map((r) => [r.h, String(r.s)]),
  );
  conn.close();
  const out = new Map<string, string>();
  for (const [id, h] of hashOf) {
    const s = byHash.get(h);
    if (s) out.set(id, s);
  }
  return out;
}

function analyse(pred: Map<string, string>, list: NewswireArticle[]) {
  const lines: string[] = [];
  const pr = pairRecallByDay(pred, list, multi);
  lines.push(
    `Multi-day events, pairs of their articles in one story: ${pct(pr.sameDayTogether / pr.sameDayPairs)} % of same-day pairs, ` +
      `${pct(pr.crossDayTogether / pr.crossDayPairs)} % of pairs published on different UTC days.`,
  );
  const frag = fragments(pred, list);
  const byEvent = groupBy(list, (a) => a.eventId);
  let daySplit = 0;
  for (const id of multi) {
    const perDay = groupBy(byEvent.get(id) ?? [], (a) => String(Math.floor(a.publishedAt / DAY)));
    const majority = new Set([...perDay.values()].map((l) => mode(l.map((a) => pred.get(a.id) ?? a.id))));
    if (majority.size === perDay.size) daySplit++;
  }
  const splitMulti = [...multi].filter((id) => (frag.get(id) ?? 1) > 1).length;
  const overnight = [...multi].filter((id) => {
    const times = (byEvent.get(id) ?? []).map((a) => a.publishedAt);
    return Math.max(...times) - Math.min(...times) < DAY;
  }).length;
  lines.push(
    `${overnight} of the ${multi.size} multi-day events are one burst of coverage (under 24 h from first to last article) that crosses UTC midnight; the rest run longer, with next-day follow-ups and re-ignitions.`,
  );
  const splitSingle = [...frag].filter(([id, n]) => !multi.has(id) && n > 1).length;
  lines.push(
    `${splitMulti} of ${multi.size} multi-day events are split over several stories; in ${daySplit} of them each UTC day has a different main story. ` +
      `${splitSingle} of ${frag.size - multi.size} single-day events are split.`,
  );
  const merges = findMerges(pred, list, events);
  const rel = groupBy(merges, (m) => m.relation);
  const twins = events.filter((e) => e.twinOf).length;
  const twinMerged = new Set((rel.get("twin") ?? []).map((m) => [m.main, m.intruder].sort().join())).size;
  lines.push(
    `Events glued into another event's story (≥ 2 articles): ${merges.length} cases holding ${merges.reduce((s, m) => s + m.articles, 0)} articles; ` +
      [...rel].map(([r, ms]) => `${r} ${ms.length}`).join(", ") +
      `. ${twinMerged} of ${twins} twin pairs share a story.`,
  );
  const byEventId = new Map(events.map((e) => [e.id, e]));
  const noCommonActor = merges.filter((m) => {
    const a = actors(byEventId.get(m.main));
    return ![...actors(byEventId.get(m.intruder))].some((x) => a.has(x));
  }).length;
  lines.push(
    `${noCommonActor} of those ${merges.length} cases glue events that have no person, organisation or place in common: only the kind's vocabulary ("… profit rises …, beats estimates", "… agree $…m deal to sign …").`,
  );
  const mainStory = new Map([...byEvent].map(([id, l]) => [id, mode(l.map((a) => pred.get(a.id) ?? a.id))]));
  const outside = list.filter((a) => (pred.get(a.id) ?? a.id) !== mainStory.get(a.eventId));
  const offCategory = (l: NewswireArticle[]) =>
    l.filter((a) => a.category !== byEventId.get(a.eventId)?.category).length / Math.max(1, l.length);
  const sameDayOutside = outside.filter((a) => !multi.has(a.eventId));
  lines.push(
    `Articles of single-day events outside their event's main story: ${sameDayOutside.length}; ${pct(offCategory(sameDayOutside))} % of them are filed under another category than their event's, against ${pct(offCategory(list))} % of all articles (the clusterer halves the score across categories).`,
  );
  const copies = list.filter((a) => a.syndicatedFrom);
  const joined = copies.filter(
    (a) => pred.get(a.id) !== undefined && pred.get(a.id) === pred.get(a.syndicatedFrom ?? ""),
  ).length;
  lines.push(`Syndicated copies in their original's story: ${joined} of ${copies.length}.`);
  return { lines };
}

/** The named actors of an event (people, organisations, places, titles): its capitalised slot values. */
function actors(e: SimEvent | undefined): Set<string> {
  const slots = e?.stages[0]?.slots ?? {};
  return new Set(
    Object.entries(slots)
      .filter(([k, v]) => k !== "day" && k !== "story" && /^[A-Z]/.test(v))
      .map(([, v]) => v),
  );
}

function mode(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}
