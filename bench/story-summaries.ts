// Story summaries: the time to rebuild one story's summary and rich summary (lib/db/sqlite/story-read-model.ts
// storySummaryWriter: the member query plus lib/stories/summaries.ts), which runs for every story a clustering
// batch touches. Members are simulated newswire articles (headline + lede) from 300 outlets, all in one story.
// Usage: node bin/run-ts.mjs bench/story-summaries.ts  (npm run bench:summaries)
import { storySummaryWriter } from "../lib/db/sqlite/story-read-model";
import type { Source } from "../lib/db/types";
import { runPipeline } from "../lib/ingestion/pipeline";
import { generateNewswire, toRawArticle } from "../lib/newswire";
import { tempStore, testSource } from "../lib/testing/temp-store";
import { machineLine, writeBenchSection } from "./bench-report";

const SIZES = [50, 600, 3000];
const RUNS = 60;

async function timeStory(size: number): Promise<{ median: number; p95: number; sentences: number }> {
  const store = tempStore();
  try {
    const wire = generateNewswire({ seed: "bench-summaries", days: 6 });
    const sources: Source[] = [];
    for (let i = 0; i < 300; i++) sources.push(await testSource(store, `outlet-${i}`, `Outlet ${i} Herald`));
    const items = wire.articles.slice(0, size).map((a, i) => ({
      raw: toRawArticle(a),
      source: sources[i % sources.length]!,
      discoveredAt: a.publishedAt,
    }));
    const { inserted } = await runPipeline({ store }, items);
    await store.stories.apply({
      stories: [
        { id: 1, headline: "Story", category: "world", articleCount: size, firstSeen: 0, lastUpdated: 0 },
      ],
      memberships: inserted.map((a) => ({ articleId: a.id, storyId: 1 })),
      assignments: [],
      merges: [],
      events: [],
    });
    const write = storySummaryWriter(store.db);
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      write(1);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const summary = (await store.stories.get(1))?.summary ?? "";
    return {
      median: times[Math.floor(RUNS / 2)]!,
      p95: times[Math.floor(RUNS * 0.95)]!,
      sentences: summary.split(/(?<=[.!?])\s+/).length,
    };
  } finally {
    store.cleanup();
  }
}

async function main() {
  const rows: string[] = [];
  for (const size of SIZES) {
    const r = await timeStory(size);
    rows.push(
      `| ${size.toLocaleString("en")} | ${r.median.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.sentences} |`,
    );
    console.log(`${size} members: median ${r.median.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms`);
  }
  writeBenchSection(
    "summaries",
    [
      "## Story summaries (rebuild per story)",
      "",
      `Run: \`npm run bench:summaries\` (script: \`bench/story-summaries.ts\`). ${machineLine()}`,
      "",
      "One story's summary and rich summary rebuilt from its members (the member query, lede reading, near-repeat",
      `checks, facts), as the clustering transaction does for every story it touches; ${RUNS} runs per size.`,
      "",
      "| members | median | p95 | summary sentences |",
      "| ---: | ---: | ---: | ---: |",
      ...rows,
    ].join("\n"),
  );
}

void main();
