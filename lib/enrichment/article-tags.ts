import type { ArticleEntity } from "../entities/types";
import { titleWords } from "../text/tokenize";

export interface Tag {
  tag: string;
  score: number;
}

const MAX_TAGS = 8;

/**
 * An article's tags (contract §6.9: `{tag, score}`, score in [0, 1], highest first): the entities it names,
 * scored by how often (0.5–1), then the distinctive words of its headline (0.3). Lower-case, unique.
 */
export function articleTags(title: string, entities: readonly ArticleEntity[]): Tag[] {
  const out = new Map<string, number>();
  const most = Math.max(1, ...entities.map((e) => e.count));
  for (const e of entities) {
    const tag = e.name.toLowerCase();
    out.set(tag, Math.max(out.get(tag) ?? 0, 0.5 + (0.5 * e.count) / most));
  }
  const named = new Set([...out.keys()].flatMap((t) => t.split(/\s+/)));
  for (const w of titleWords(title)) {
    const word = w.word;
    if (word.length < 4 || named.has(word) || /^\d/.test(word) || out.has(word)) continue;
    out.set(word, 0.3);
  }
  return [...out]
    .map(([tag, score]) => ({ tag, score: Math.round(score * 1000) / 1000 }))
    .sort((a, b) => b.score - a.score || a.tag.localeCompare(b.tag))
    .slice(0, MAX_TAGS);
}

/** A one-sentence summary for the headline: the lede's first sentence, when the feed gave one. */
export function headlineSummary(excerpt: string | null): string | null {
  const text = excerpt?.replace(/\s+/g, " ").trim();
  if (!text) return null;
  const first = text.match(/^.{20,}?[.!?](?=\s+[A-Z"'“‘(]|$)/)?.[0] ?? text;
  return first.length <= 280 ? first : `${first.slice(0, 277).replace(/\s+\S*$/, "")}…`;
}
