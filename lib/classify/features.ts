import { titleTokens } from "../text/tokenize";

/** Classifier features of a text: its content-word stems and the pairs of adjacent stems ("prime minist"). */
export function textFeatures(text: string): string[] {
  const tokens = titleTokens(text);
  const out = [...tokens];
  for (let i = 0; i + 1 < tokens.length; i++) out.push(`${tokens[i]} ${tokens[i + 1]}`);
  return out;
}
