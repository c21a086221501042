// Entity extraction quality and speed: NER precision/recall/F1 per type on the written fixtures, typed relation
// precision/recall, alias merging, and the cost per article of NER + relations on real headlines.
// Usage: npx tsx bench/entity-quality.ts [DEV_SET.jsonl.gz]
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";

import { analyzeArticle, EntityResolver, extractEntities } from "../lib/entities";
import aliasForms from "../lib/entities/fixtures/alias-forms.json";
import articleFixture from "../lib/entities/fixtures/article-entities.json";
import nerGold from "../lib/entities/fixtures/ner-gold.json";
import nerHoldout from "../lib/entities/fixtures/ner-holdout.json";
import relGold from "../lib/entities/fixtures/relation-gold.json";
import relHoldout from "../lib/entities/fixtures/relation-holdout.json";
import { OutletNames } from "../lib/entities/outlets";
import {
  scoreArticles,
  scoreNer,
  scoreRelations,
  type MarkedArticle,
  type NerSentence,
  type Prf,
  type RelationSentence,
} from "../lib/entities/scoring";
import { parseSentences } from "../lib/entities/tokens";
import { OUTLETS } from "../lib/newswire/outlets";
import { machineLine, writeBenchSection } from "./bench-report";

const devSet = path.resolve(process.argv[2] ?? "../shared/data/news-clustering-dev/dev-dayshuffled.jsonl.gz");
const ARTICLES = 2000;
const RUNS = 5;

const pct = (x: number) => (100 * x).toFixed(1);
const prfRow = (label: string, p: Prf) =>
  `| ${label} | ${pct(p.precision)} | ${pct(p.recall)} | ${pct(p.f1)} | ${p.tp} | ${p.fp} | ${p.fn} |`;

function nerTable(sentences: NerSentence[]): string {
  const r = scoreNer(sentences);
  return [
    "| type | precision % | recall % | F1 % | TP | FP | FN |",
    "|---|---|---|---|---|---|---|",
    prfRow("person", r.byType.person),
    prfRow("org", r.byType.org),
    prfRow("location", r.byType.location),
    prfRow("**overall**", r.overall),
  ].join("\n");
}

function relationRow(label: string, sentences: RelationSentence[]): string {
  const r = scoreRelations(sentences);
  const gold = sentences.reduce((n, s) => n + s.relations.length, 0);
  return `| ${label} | ${sentences.length} | ${gold} | ${pct(r.typed.precision)} | ${pct(r.typed.recall)} | ${pct(r.typed.f1)} | ${r.associated} |`;
}

function aliasMerging(): { forms: number; entities: number } {
  const resolver = new EntityResolver();
  const refs = new Set<string>();
  let forms = 0;
  for (const e of aliasForms.entities) {
    for (const text of e.texts) {
      forms++;
      const doc = /[.!?]$/.test(text) ? { title: "", text } : { title: text };
      for (const x of resolver.resolve(extractEntities(doc).entities).entities) refs.add(x.ref);
    }
  }
  return { forms, entities: refs.size };
}

interface Doc {
  title: string;
  text: string;
}

function devRows(): Array<{ title: string; cluster: string; source: string }> {
  return gunzipSync(fs.readFileSync(devSet))
    .toString("utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { title: string; cluster: string; source: string });
}

/** Every outlet an import of the dev file and of the newswire registers. */
function registry(): OutletNames {
  return new OutletNames(new Set([...OUTLETS.map((o) => o.name), ...devRows().map((r) => r.source)]));
}

const typeAcc = (a: { correct: number; found: number; accuracy: number }) =>
  `${pct(a.accuracy)} (${a.correct}/${a.found})`;

/** P/R/F1 and type accuracy per type on the hand-marked articles, by set and together. */
function articleTables(outlets: OutletNames): { md: string; f1: number; typing: number; leaks: number } {
  const items = articleFixture.items as MarkedArticle[];
  const sets: Array<[string, MarkedArticle[]]> = [
    [
      `dev-file headlines (${items.filter((x) => x.set === "dev").length})`,
      items.filter((x) => x.set === "dev"),
    ],
    [
      `newswire items (${items.filter((x) => x.set === "newswire").length})`,
      items.filter((x) => x.set === "newswire"),
    ],
    [`**all (${items.length})**`, items],
  ];
  const rows: string[] = [
    "| articles | type | precision % | recall % | F1 % | TP | FP | FN | type accuracy % (right/found) |",
    "|---|---|---|---|---|---|---|---|---|",
  ];
  let all = scoreArticles(items, outlets);
  for (const [label, xs] of sets) {
    const r = scoreArticles(xs, outlets);
    if (xs === items) all = r;
    for (const t of ["person", "org", "location"] as const) {
      const p = r.byType[t];
      rows.push(
        `| ${label} | ${t} | ${pct(p.precision)} | ${pct(p.recall)} | ${pct(p.f1)} | ${p.tp} | ${p.fp} | ${p.fn} | ${typeAcc(r.typeAccuracy[t])} |`,
      );
    }
    const o = r.overall;
    rows.push(
      `| ${label} | **overall** | ${pct(o.precision)} | ${pct(o.recall)} | **${pct(o.f1)}** | ${o.tp} | ${o.fp} | ${o.fn} | **${typeAcc(r.typeAccuracy.overall)}** |`,
    );
  }
  return {
    md: rows.join("\n"),
    f1: all.overall.f1,
    typing: all.typeAccuracy.overall.accuracy,
    leaks: all.outletEntities.length,
  };
}

/** Real headlines as articles: a title, and a body made of the other headlines of its story, cut near `chars`. */
function corpus(chars: number): Doc[] {
  const rows = devRows();
  const byStory = new Map<string, string[]>();
  for (const r of rows) byStory.set(r.cluster, [...(byStory.get(r.cluster) ?? []), r.title]);
  return rows.slice(0, ARTICLES).map((r) => {
    const parts: string[] = [];
    let n = 0;
    for (const t of byStory.get(r.cluster) ?? []) {
      if (t === r.title || n >= chars) continue;
      const s = `${t.replace(/\s*(\.\.\.|…)$/, "").trim()}.`;
      parts.push(s);
      n += s.length + 1;
    }
    return { title: r.title, text: parts.join(" ") };
  });
}

interface Timing {
  cpu: number;
  wall: number;
  /** Fastest run, CPU ms: the least disturbed by other work on the shared machine. */
  best: number;
}

/** Median CPU and wall milliseconds per document of `f` over `RUNS` runs, after a warm-up. */
function time(docs: Doc[], f: (d: Doc) => unknown): Timing {
  for (const d of docs.slice(0, 200)) f(d);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const d of docs) f(d);
    const c = process.cpuUsage(c0);
    wall.push((performance.now() - t0) / docs.length);
    cpu.push((c.user + c.system) / 1000 / docs.length);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return { cpu: median(cpu), wall: median(wall), best: Math.min(...cpu) };
}

/** compromise's full pipeline (people/places/organizations), timed in a child so its plugins stay out of ours. */
function compromiseFull(docs: Doc[]): number | null {
  const file = path.join(os.tmpdir(), `lede-entity-bench-${process.pid}.json`);
  fs.writeFileSync(file, JSON.stringify(docs.slice(0, 500)));
  const code = `
    import nlp from "compromise"; import fs from "node:fs";
    const docs = JSON.parse(fs.readFileSync(${JSON.stringify(file)}, "utf8"));
    const run = (d) => { const x = nlp(d.title + "\\n" + d.text); x.people().out("array"); x.places().out("array"); x.organizations().out("array"); };
    docs.slice(0, 100).forEach(run);
    const c0 = process.cpuUsage(); docs.forEach(run); const c = process.cpuUsage(c0);
    console.log(((c.user + c.system) / 1000 / docs.length).toFixed(3));`;
  const out = spawnSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" });
  fs.rmSync(file, { force: true });
  const ms = Number(out.stdout.trim());
  return out.status === 0 && Number.isFinite(ms) ? ms : null;
}

function corpusStats(docs: Doc[]): string {
  let entities = 0;
  let enriched = 0;
  let typed = 0;
  let mentions = 0;
  for (const d of docs) {
    const a = analyzeArticle(d);
    entities += a.entities.length;
    enriched += a.entities.filter((e) => e.enriched).length;
    mentions += a.entities.reduce((n, e) => n + e.count, 0);
    typed += a.relationships.filter((r) => r.type !== "associated_with").length;
  }
  const per = (n: number) => (n / docs.length).toFixed(2);
  return `On the ${docs.length} headlines alone (title-case text, the hardest case; the bodies above are headlines too, so they are not counted): ${per(entities)} entities and ${per(mentions)} mentions per headline, ${pct(enriched / Math.max(1, entities))}% of entities known to the gazetteer, ${per(typed)} typed relations per headline.`;
}

function main(): void {
  const load = os.loadavg()[0]?.toFixed(1) ?? "?";
  const alias = aliasMerging();
  const outlets = registry();
  const articles = articleTables(outlets);
  const short = corpus(500);
  const long = corpus(1800);
  const avg = (docs: Doc[]) =>
    Math.round(docs.reduce((n, d) => n + d.title.length + d.text.length, 0) / docs.length);
  const tag = time(short, (d) => {
    parseSentences(d.title, true);
    parseSentences(d.text, false);
  });
  const ner = time(short, (d) => extractEntities(d));
  const both = time(short, (d) => analyzeArticle(d));
  const bothLong = time(long, (d) => analyzeArticle(d));
  const full = compromiseFull(short);
  const speedRow = (label: string, chars: number, t: Timing) =>
    `| ${label} | ${chars} | ${t.cpu.toFixed(3)} | ${t.best.toFixed(3)} | ${t.wall.toFixed(3)} | ${Math.round(1000 / t.cpu)} |`;

  const md = [
    "## Entities and relationships",
    "",
    `Machine: ${machineLine()}; 1-minute load average ${load} when the run started (the machine is shared).`,
    "",
    "NER matches a predicted mention to a gold one by **normalised name and type**: case, diacritics, punctuation, a",
    "possessive, a leading “the” and a leading title (“President”, “Prince”, “Pope”) are removed before comparing;",
    "each gold mention matches at most one prediction. Relations match by entity name or alias, type and direction",
    "(either direction for `allied_with` and `family_of`); `associated_with` (co-occurrence only) is not scored.",
    "",
    `### Whole articles, hand-marked (\`lib/entities/fixtures/article-entities.json\`)`,
    "",
    "Real headlines of the dev file (title only, the hardest case) and simulated newswire items (title and excerpt),",
    "extracted as enrichment does: publisher credits cut, the article's own source and the",
    `${outlets.size} outlet names an import of the dev file and of the newswire registers known. Scored per article on`,
    "distinct entities: a prediction is right when one of its names is one of the marked entity's forms and its type",
    "matches (a mistyped entity counts as a miss of its true type and a false alarm of the predicted one). Type",
    "accuracy: of the marked entities found by name, the share given the right type. The marks were written by",
    "reading each article, not from the extractor's output; the fixture's `about` states the conventions.",
    "",
    articles.md,
    "",
    `Targets: F1 ≥ 90% and type accuracy ≥ 95% → F1 ${pct(articles.f1)}%, type accuracy ${pct(articles.typing)}%. Entities named as a registered outlet: **${articles.leaks}**.`,
    "",
    "This fixture guided the work on issue #16, so it is no longer blind. Scored once before any change it prompted:",
    "F1 72.3% (P 70.8, R 73.9), type accuracy 89.0% (dev headlines F1 69.3, newswire 74.9). The changes were general",
    "rules (credits and labels, outlet names, quoted titles, events, clubs, company words, products after a company,",
    "headline verbs, initials, surnames that are titles), not entries for the fixture's names; the written NER",
    "fixtures below held (development F1 100%, held-out 94.1% before, as given below now). What is left is mostly",
    "knowledge: companies the gazetteer and compromise do not",
    "know, named alone at the start of a title-case headline (Medtronic Is Biggest Firm…, Valeant Goes For",
    "Allergan), which carry no evidence of being a name.",
    "",
    `### NER, development fixture (${nerGold.sentences.length} sentences written for the tests, used while developing)`,
    "",
    nerTable(nerGold.sentences as NerSentence[]),
    "",
    `### NER, held-out fixture (${nerHoldout.sentences.length} sentences written after development)`,
    "",
    nerTable(nerHoldout.sentences as NerSentence[]),
    "",
    "The held-out sets were scored once before any change they prompted: NER F1 87.9% (P 85.8, R 90.1), typed",
    "relations P 93.3% / R 70.0%. The general fixes that followed (organisation words such as *Consulting* and *Bio*,",
    "a nationality adjective inside an organisation name, clubs before a player's role, laws not taken as names, a",
    'relative clause between two names, "run by") raised them to the figures above, so they are no longer blind.',
    "",
    "### Typed relations",
    "",
    "| fixture | sentences | gold relations | precision % | recall % | F1 % | associated_with emitted (unscored) |",
    "|---|---|---|---|---|---|---|",
    relationRow("development", relGold.sentences as RelationSentence[]),
    relationRow("held-out", relHoldout.sentences as RelationSentence[]),
    "",
    `Alias merging: ${alias.forms} surface forms of ${aliasForms.entities.length} real entities, one article each, through one \`EntityResolver\` → **${alias.entities} entities**.`,
    "",
    "### Speed",
    "",
    `${ARTICLES} real headlines from the dev set, each with a body made of the other headlines of its story; median of ${RUNS} runs, one core.`,
    "",
    "| stage | chars/article | CPU ms/article (median) | CPU ms (best run) | wall ms/article | articles/s (median CPU) |",
    "|---|---|---|---|---|---|",
    speedRow("splitting + compromise lexicon/pre-tagger only", avg(short), tag),
    speedRow("NER (extractEntities)", avg(short), ner),
    speedRow("**NER + relations (analyzeArticle)**", avg(short), both),
    speedRow("NER + relations, ~300-word bodies", avg(long), bothLong),
    "",
    full === null
      ? "compromise's full pipeline could not be timed."
      : `For comparison, compromise's full pipeline (\`nlp()\` + people/places/organizations) alone costs ${full.toFixed(3)} CPU ms per ${avg(short)}-character article; we use only its lexicon and pre-tagger, on our own sentence split.`,
    "",
    corpusStats(short.map((d) => ({ title: d.title, text: "" }))),
  ].join("\n");
  writeBenchSection("entity-quality", md);
  console.log(md);
}

main();
