// Article extraction: token-level precision and recall against the hand-marked bodies of the test pages, and pages
// extracted per second, both in-process (parse + Readability + text) and end to end through the SSRF-safe fetcher
// from a loopback server. Usage: npx tsx bench/extraction.ts
import os from "node:os";

import { decodeHtml } from "../lib/extraction/decode-html";
import { extractFromHtml } from "../lib/extraction/extract-html";
import { EXTRACTION_FIXTURES, fixtureBytes, fixtureGold, fixtureHtml } from "../lib/extraction/fixtures";
import { combine, tokenScore, type TokenScore } from "../lib/extraction/token-metrics";
import { parseAllowList, safeFetch } from "../lib/net";
import { respond, startTestServer } from "../lib/net/test-http-server";
import { machineLine, writeBenchSection } from "./bench-report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const FETCH_CONCURRENCY = 4;

function quality(removeBoilerplate: boolean) {
  const rows = EXTRACTION_FIXTURES.map((f) => {
    const page = extractFromHtml(fixtureHtml(f.name), f.url, { removeBoilerplate });
    return { f, score: tokenScore(page.text, fixtureGold(f.name)) };
  });
  const sum = (k: keyof TokenScore) => rows.reduce((a, r) => a + r.score[k], 0);
  const pooled = combine(sum("overlap"), sum("extracted"), sum("gold"));
  const macro = { precision: sum("precision") / rows.length, recall: sum("recall") / rows.length };
  return { rows, pooled, macro };
}

const TRIALS = 3;

/** The median of three timed trials: the machine is shared, and one slow trial should not set the figure. */
async function median(trial: () => Promise<number> | number): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < TRIALS; i++) runs.push(await trial());
  return runs.sort((a, b) => a - b)[Math.floor(TRIALS / 2)] ?? 0;
}

async function extractOnlyRate(): Promise<{ pagesPerSec: number; msPerPage: number; pages: number }> {
  const pages = EXTRACTION_FIXTURES.map((f) => ({ html: fixtureHtml(f.name), url: f.url }));
  for (const p of pages) extractFromHtml(p.html, p.url); // warm-up
  const n = ROUNDS * pages.length;
  const pagesPerSec = await median(() => {
    const started = performance.now();
    for (let r = 0; r < ROUNDS; r++) for (const p of pages) extractFromHtml(p.html, p.url);
    return (n / (performance.now() - started)) * 1000;
  });
  return { pagesPerSec, msPerPage: 1000 / pagesPerSec, pages: n };
}

async function endToEndRate(): Promise<{ pagesPerSec: number; pages: number }> {
  const routes = Object.fromEntries(
    EXTRACTION_FIXTURES.map((f) => [`/${f.name}`, respond(fixtureBytes(f), "text/html")]),
  );
  const server = await startTestServer(routes);
  const opts = { allow: parseAllowList(server.host), contentTypes: ["text/html"] };
  const urls = Array.from({ length: ROUNDS }, () =>
    EXTRACTION_FIXTURES.map((f) => server.url(`/${f.name}`)),
  ).flat();
  try {
    const pagesPerSec = await median(async () => {
      const started = performance.now();
      let next = 0;
      const worker = async () => {
        for (let url = urls[next++]; url !== undefined; url = urls[next++]) {
          const res = await safeFetch(url, opts);
          extractFromHtml(decodeHtml(res.body, res.contentType), res.url);
        }
      };
      await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, worker));
      return (urls.length / (performance.now() - started)) * 1000;
    });
    return { pagesPerSec, pages: urls.length };
  } finally {
    await server.close();
  }
}

const pct = (x: number) => (x * 100).toFixed(1);

const loadAtStart = os.loadavg()[0] ?? 0;
const withCleanup = quality(true);
const readabilityOnly = quality(false);
const local = await extractOnlyRate();
const e2e = await endToEndRate();

const table = withCleanup.rows
  .map(
    ({ f, score }) =>
      `| \`${f.name}\` | ${f.layout} | ${score.gold} | ${score.extracted} | ${pct(score.precision)} | ${pct(score.recall)} |`,
  )
  .join("\n");

const md = `## Article extraction (\`/v1/content\`)

Run: \`npx tsx bench/extraction.ts\`. Machine: ${machineLine()}.

Quality: token-level (lower-cased words and numbers, counted as a multiset) precision and recall of the extracted
text against the hand-marked body of each of the ${EXTRACTION_FIXTURES.length} test pages in
\`lib/extraction/fixtures/\`. The gold body is the running text (paragraphs, subheadings, lists, code); headline,
standfirst, byline, captions and everything around the article are not part of it.

| page | layout | gold tokens | extracted tokens | precision % | recall % |
| --- | --- | ---: | ---: | ---: | ---: |
${table}

| | precision % | recall % |
| --- | ---: | ---: |
| **pooled (all tokens)** | **${pct(withCleanup.pooled.precision)}** | **${pct(withCleanup.pooled.recall)}** |
| mean of pages | ${pct(withCleanup.macro.precision)} | ${pct(withCleanup.macro.recall)} |
| Readability alone (no furniture removal), pooled | ${pct(readabilityOnly.pooled.precision)} | ${pct(readabilityOnly.pooled.recall)} |

Speed (${ROUNDS} rounds over the ${EXTRACTION_FIXTURES.length} pages per trial; median of ${TRIALS} trials; 1-minute load
average ${loadAtStart.toFixed(1)} at start, on a machine other jobs share):

| path | pages | pages/s | ms/page |
| --- | ---: | ---: | ---: |
| extraction only (linkedom parse, furniture removal, Readability, metadata, text) | ${local.pages} | **${local.pagesPerSec.toFixed(0)}** | ${local.msPerPage.toFixed(2)} |
| fetch + decode + extraction, ${FETCH_CONCURRENCY} at a time, loopback server through \`safeFetch\` | ${e2e.pages} | **${e2e.pagesPerSec.toFixed(0)}** | ${(1000 / e2e.pagesPerSec).toFixed(2)} |

Extraction is CPU-bound and runs on the event loop; against real publishers the network dominates, and the
extractor's concurrency (\`LEDE_EXTRACT_CONCURRENCY\`, default 4) bounds pages in flight.`;

writeBenchSection("extraction", md);
console.log(md);
console.log("\nbench: docs/benchmarks.md updated");
