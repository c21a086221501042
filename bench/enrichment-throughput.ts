// Enrichment throughput: articles per second through the enrichment stage (embedding, entities, relations,
// tags, securities, summaries, stored with their item.enriched events), on simulated newswire articles (headline +
// lede).
// Usage: node bin/run-ts.mjs bench/enrichment-throughput.ts [N]  (npm run bench:enrichment)
import os from "node:os";
import path from "node:path";

import { createSqliteStore } from "../lib/db/sqlite/sqlite-store";
import type { Article } from "../lib/db/types";
import { articleEmbeddingText } from "../lib/embeddings/article-text";
import { LocalEmbedder } from "../lib/embeddings/local-embedder";
import { enrichArticles } from "../lib/enrichment/enrich-articles";
import { extractEntities } from "../lib/entities/extract-entities";
import { extractRelationships } from "../lib/entities/extract-relationships";
import { ingestArticles } from "../lib/ingestion/ingest-articles";
import { normalizeArticle } from "../lib/ingestion/normalize-article";
import { generateNewswire, toRawArticle } from "../lib/newswire";
import { sharedWordVectors } from "../lib/nlp/word-vectors";
import { tempDir } from "../lib/testing/temp-store";
import { shippedRegistry } from "../lib/tickers/registry";
import { SecurityIndex } from "../lib/tickers/security-index";
import { tagArticle } from "../lib/tickers/tag-article";
import { machineLine, writeBenchSection } from "./bench-report";

const N = Number(process.argv[2] ?? 3000);
const BATCH = 100;

async function main() {
  const wire = generateNewswire({ seed: "bench-enrichment", days: 6 });
  const articles = wire.articles.slice(0, N);
  const vectors = sharedWordVectors(
    process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models"),
  );
  const embedder = new LocalEmbedder(vectors);

  const dir = tempDir("lede-bench-enrich-");
  const store = createSqliteStore(dir);
  const sources = new Map<string, Awaited<ReturnType<typeof store.sources.ensure>>>();
  const stored: Article[] = [];
  for (const a of articles) {
    const outlet = wire.outlets.find((o) => o.slug === a.outlet)!;
    let source = sources.get(outlet.slug);
    if (!source) {
      source = await store.sources.ensure({
        slug: outlet.slug,
        name: outlet.name,
        homepage: `https://${outlet.host}/`,
        country: null,
        language: "en",
        category: "world",
        logoUrl: null,
        description: null,
      });
      sources.set(outlet.slug, source);
    }
    const n = normalizeArticle(toRawArticle(a), { source, discoveredAt: a.publishedAt });
    stored.push(...(await ingestArticles({ store }, [n])).inserted);
  }
  const chars = stored.reduce((s, a) => s + a.title.length + (a.excerpt?.length ?? 0), 0) / stored.length;

  const time = async (fn: () => Promise<void> | void) => {
    const t = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t) / 1e9;
  };
  const embedSecs = await time(async () => {
    for (let i = 0; i < stored.length; i += BATCH)
      await embedder.embed(
        stored.slice(i, i + BATCH).map((a) => articleEmbeddingText(a.title, a.excerpt ?? "")),
      );
  });
  const extracted = stored.map((a) => extractEntities({ title: a.title, text: a.excerpt }));
  const nerSecs = await time(() => {
    for (const a of stored) extractRelationships(extractEntities({ title: a.title, text: a.excerpt }));
  });
  const { securities, brands } = shippedRegistry();
  const index = new SecurityIndex(securities, brands);
  let tagged = 0;
  const tagSecs = await time(() => {
    stored.forEach((a, i) => {
      tagged += tagArticle(index, {
        title: a.title,
        excerpt: a.excerpt,
        entities: extracted[i]!.entities,
      }).length;
    });
  });
  const cpu = process.cpuUsage();
  const fullSecs = await time(async () => {
    for (let i = 0; i < stored.length; i += BATCH)
      await enrichArticles({ store, embedder }, stored.slice(i, i + BATCH));
  });
  const fullCpu = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
  const entities = store.db.prepare("SELECT COUNT(*) FROM entities").pluck().get() as number;
  const events = store.db
    .prepare("SELECT COUNT(*) FROM events WHERE type = 'item.enriched'")
    .pluck()
    .get() as number;
  store.close();

  const rate = (s: number) => Math.round(stored.length / s).toLocaleString("en-US");
  const md = `
## Enrichment throughput

\`npm run bench:enrichment -- ${N}\` — ${machineLine()}, ${new Date().toISOString().slice(0, 10)}.
${stored.length} simulated newswire articles (headline + lede, ${Math.round(chars)} characters on average), batches of ${BATCH}.

| stage | articles/s |
|---|---:|
| embedding (local embedder, 1536-d) | ${rate(embedSecs)} |
| entities + relations | ${rate(nerSecs)} |
| securities (ticker tagging against ${index.size.toLocaleString("en-US")} securities) | ${rate(tagSecs)} |
| **whole stage**: embedding, entities, relations, tags, securities, summaries, stored with item.enriched | **${rate(fullSecs)}** (${Math.round(stored.length / fullCpu).toLocaleString("en-US")} per CPU-second) |

Target: at least 1,000 articles/s for the whole stage with ticker tagging on: **${stored.length / fullSecs >= 1000 ? "met" : "missed"}**. The run stored ${entities} entities, ${tagged} security tags and ${events} \`item.enriched\` events.
`;
  writeBenchSection("enrichment-throughput", md);
  console.log(md);
}

void main();
