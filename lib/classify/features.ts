import { titleTokens } from "../text/tokenize";

/**
 * A match result as headlines write it ("3-1", "2–0"): one digit a side, not a day range ("3-5 June") nor part of a
 * longer number or a year span.
 */
const SCORE =
  /(^|[^\d-])[0-9]\s?[-–]\s?[0-9](?![\d-])(?!\s*(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|days?|weeks?|months?|years?|hours?|%|per))/i;

/**
 * Classifier features of a text: its content-word stems and the pairs of adjacent stems ("prime minist"); a
 * scoreline adds the word "scoreline".
 */
export function textFeatures(text: string): string[] {
  const tokens = titleTokens(SCORE.test(text) ? `${text} scoreline` : text);
  const out = [...tokens];
  for (let i = 0; i + 1 < tokens.length; i++) out.push(`${tokens[i]} ${tokens[i + 1]}`);
  return out;
}
