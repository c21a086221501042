// Ticker tagging quality: precision and recall per asset class of the tags at ≥ 0.5 confidence (what the live
// feed announces) against hand-marked real headlines of the dev file, and the sentiment accuracy on the
// securities found. The held-out fixture was marked after the tagger's rules were written and was never used to
// tune them; the two tuning fixtures were. Usage: npm run bench:tickers
import { extractEntities } from "../lib/entities/extract-entities";
import holdout from "../lib/tickers/fixtures/ticker-holdout.json";
import tuneB from "../lib/tickers/fixtures/ticker-tune-b.json";
import tuneA from "../lib/tickers/fixtures/ticker-tune.json";
import { shippedRegistry } from "../lib/tickers/registry";
import { scoreTickers, type MarkedHeadline, type Prf, type TickerScore } from "../lib/tickers/scoring";
import { SecurityIndex } from "../lib/tickers/security-index";
import { tagArticle } from "../lib/tickers/tag-article";
import { machineLine, writeBenchSection } from "./bench-report";

const { securities, brands } = shippedRegistry();
const index = new SecurityIndex(securities, brands);

function score(items: MarkedHeadline[]): TickerScore {
  return scoreTickers(
    items,
    (h) =>
      tagArticle(index, {
        title: h.title,
        entities: extractEntities({ title: h.title }).entities,
      }),
    (s) => index.bySymbol.get(s)?.assetClass,
  );
}

const pct = (x: number) => (100 * x).toFixed(1);
/** Precision of a class the tagger never predicted is undefined: shown as a dash, not as 100 %. */
const row = (label: string, p: Prf) =>
  `| ${label} | ${p.tp + p.fp ? pct(p.precision) : "—"} | ${pct(p.recall)} | ${p.tp + p.fp ? pct(p.f1) : "—"} | ${p.tp} | ${p.fp} | ${p.fn} |`;

function table(name: string, items: MarkedHeadline[]): string {
  const r = score(items);
  const marked = items.reduce((n, h) => n + h.tickers.length, 0);
  return [
    `**${name}**: ${items.length} headlines, ${marked} marked securities; sentiment accuracy ${pct(r.sentimentAccuracy)} % on the ${r.sentimentCount} securities found.`,
    "",
    "| class | precision % | recall % | F1 % | TP | FP | FN |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...Object.entries(r.byClass).map(([cls, p]) => row(cls, p)),
    row("**overall**", r.overall),
  ].join("\n");
}

const counts = new Map<string, number>();
for (const s of securities) counts.set(s.assetClass, (counts.get(s.assetClass) ?? 0) + 1);

const md = `
## Ticker tagging

\`npm run bench:tickers\` — ${machineLine()}, ${new Date().toISOString().slice(0, 10)}.
Registry: ${securities.length.toLocaleString("en-US")} securities (${[...counts].map(([c, n]) => `${n} ${c}`).join(", ")}) and ${brands.length} brands (lib/tickers/registry, README there).
Tags at confidence ≥ 0.5 (the live feed's threshold) against hand-marked real headlines of the dev file
(lib/tickers/fixtures). A marked security the registry does not hold counts as a miss of class \`unlisted\`.
Targets (#18): precision ≥ 90 %, recall ≥ 80 % on the held-out set.

${table("Held-out", holdout as MarkedHeadline[])}

${table("Tuning set A", tuneA as MarkedHeadline[])}

${table("Tuning set B", tuneB as MarkedHeadline[])}
`;
writeBenchSection("ticker-quality", md);
console.log(md);
if (process.argv.includes("--errors"))
  for (const e of score(holdout as MarkedHeadline[]).errors)
    console.log(`- ${e.title} | missed ${e.missed.join(",")} | extra ${e.extra.join(",")}`);
