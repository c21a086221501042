import type { StoryRecord } from "../db/store";
import type { Article } from "../db/types";

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

function sourcePhrase(sources: string[]): string {
  if (sources.length === 0) return "no named source";
  if (sources.length <= 3) return sources.join(", ").replace(/, ([^,]*)$/, " and $1");
  return `${sources.slice(0, 3).join(", ")} and ${sources.length - 3} other sources`;
}

/**
 * A factual 1–2 sentence summary built from the story's own record (who reports it, since when, how much).
 * Stored summaries from the enrichment stage take precedence when they exist.
 */
export function plainSummary(s: StoryRecord): string {
  if (s.summary) return s.summary;
  const n = s.articleCount;
  return `${s.headline}. Reported in ${n} article${n === 1 ? "" : "s"} by ${sourcePhrase(s.sources)} since ${when(s.firstSeen)}.`;
}

function mdEscape(text: string): string {
  return text.replace(/([\\`*_[\]#<>|])/g, "\\$1");
}

/** Markdown: key points, the sources involved and a short timeline of the latest reports. */
export function richSummary(s: StoryRecord, members: Article[]): string {
  if (s.richSummary) return s.richSummary;
  const latest = [...members]
    .sort((a, b) => (b.publishedAt || b.discoveredAt) - (a.publishedAt || a.discoveredAt))
    .slice(0, 5);
  return [
    `**${mdEscape(s.headline)}**`,
    "",
    `- ${s.articleCount} article${s.articleCount === 1 ? "" : "s"} from ${s.sources.length} source${s.sources.length === 1 ? "" : "s"}`,
    `- First seen ${when(s.firstSeen)}, last updated ${when(s.lastUpdated)}`,
    "",
    "### Sources",
    ...s.sources.map((name) => `- ${mdEscape(name)}`),
    "",
    "### Timeline",
    ...latest.map(
      (a) => `- ${when(a.publishedAt || a.discoveredAt)}: ${mdEscape(a.title)} (${mdEscape(a.sourceName)})`,
    ),
  ].join("\n");
}
