/**
 * Headline language lexicons for the neutrality and sensationalism scores of source rankings (written for Lede,
 * documented in docs/source-rankings.md). A headline is *loaded* when it uses evaluative or combative wording
 * instead of reporting; it is *sensational* when it sells itself (clickbait phrasing, shouting, hype).
 */

const LOADED = new Set([
  "slams",
  "slammed",
  "blasts",
  "blasted",
  "destroys",
  "destroyed",
  "rips",
  "eviscerates",
  "obliterates",
  "humiliates",
  "humiliated",
  "outrage",
  "outrageous",
  "disgrace",
  "disgraceful",
  "disaster",
  "disastrous",
  "shameful",
  "pathetic",
  "evil",
  "radical",
  "extremist",
  "thug",
  "thugs",
  "regime",
  "woke",
  "elites",
  "traitor",
  "treasonous",
  "hero",
  "heroic",
  "brilliant",
  "fearmongering",
  "propaganda",
  "hoax",
  "lies",
  "liar",
  "scam",
  "meltdown",
  "tantrum",
  "caves",
  "grovels",
  "rant",
  "smears",
  "crazy",
  "insane",
  "idiotic",
  "ridiculous",
]);

const HYPE = new Set([
  "shocking",
  "shock",
  "stunning",
  "stuns",
  "jaw-dropping",
  "mind-blowing",
  "unbelievable",
  "incredible",
  "amazing",
  "epic",
  "insane",
  "terrifying",
  "horrifying",
  "bombshell",
  "explosive",
  "chilling",
  "heartbreaking",
  "miracle",
  "nightmare",
  "frenzy",
  "mayhem",
  "chaos",
  "bizarre",
  "secret",
  "revealed",
  "exposed",
]);

const CLICKBAIT = [
  /\byou won'?t believe\b/i,
  /\bwhat happened next\b/i,
  /\bhere'?s (why|what|how)\b/i,
  /\bthis is why\b/i,
  /\bthe reason (why )?will\b/i,
  /\bwill (shock|amaze|surprise) you\b/i,
  /\beveryone is talking about\b/i,
  /^\d+\s+(things|reasons|ways|signs|photos|times)\b/i,
  /\bgoes viral\b/i,
  /\bbreaks the internet\b/i,
];

function words(headline: string): string[] {
  return headline.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
}

/** True when the headline uses evaluative or combative wording. */
export function isLoaded(headline: string): boolean {
  return words(headline).some((w) => LOADED.has(w));
}

/**
 * How sensational one headline is, in [0, 1]: clickbait phrasing (0.5), hype words (0.3 each), exclamation marks
 * (0.3), shouted words in capitals beyond a short acronym (0.3), a question as headline (0.1).
 */
export function sensationalism(headline: string): number {
  let s = 0;
  if (CLICKBAIT.some((re) => re.test(headline))) s += 0.5;
  for (const w of words(headline)) if (HYPE.has(w)) s += 0.3;
  if (headline.includes("!")) s += 0.3;
  const shouted = (headline.match(/\b[A-Z]{5,}\b/g) ?? []).length;
  if (shouted > 0) s += 0.3;
  if (headline.trim().endsWith("?")) s += 0.1;
  return Math.min(1, s);
}
