import type { Found } from "./extract-relationships";
import type { RoleTie } from "./lexicon";
import type { Mention } from "./mention";
import { roleAt } from "./roles";
import type { Token } from "./tokens";
import type { ArticleEntity } from "./types";

const DETERMINERS = new Set(["a", "an", "the", "its", "his", "her", "their"]);
const PREPOSITIONS = new Set(["of", "at", "for", "with", "from", "in"]);
// Verb phrases that introduce a role after a name: "Sam Altman returned as chief executive of OpenAI".
const ROLE_VERBS = [
  ["who", "is"],
  ["who", "was"],
  ["is"],
  ["was"],
  ["became"],
  ["returned", "as"],
  ["was", "named"],
  ["named"],
  ["appointed"],
  ["serves", "as"],
  ["served", "as"],
  ["as"],
];
const SAID_ITS = [
  ["said", "its"],
  ["says", "its"],
  ["said", "that", "its"],
  ["announced", "that", "its"],
  ["said", "their"],
];

function lowerAt(tokens: readonly Token[], k: number): string {
  return tokens[k]?.lower ?? "";
}

/** Length of the first phrase of `phrases` written at token k, 0 if none. */
function phraseAt(tokens: readonly Token[], k: number, phrases: string[][]): number {
  for (const p of phrases) if (p.every((w, i) => lowerAt(tokens, k + i) === w)) return p.length;
  return 0;
}

function tieFits(tie: RoleTie | null, target: ArticleEntity): tie is RoleTie {
  if (!tie || target.type === "person") return false;
  return tie !== "founded" || target.type === "org";
}

function found(
  person: ArticleEntity,
  target: ArticleEntity,
  tie: RoleTie,
  confidence: number,
  pattern: string,
): Found {
  return { source: person.ref, target: target.ref, type: tie, confidence, pattern };
}

/** "Tim Cook, the chief executive of Apple", "Sam Altman returned as chief executive of OpenAI". */
function appositive(
  tokens: readonly Token[],
  a: Mention,
  b: Mention,
  ea: ArticleEntity,
  eb: ArticleEntity,
): Found | null {
  const last = tokens[a.end - 1] as Token;
  if (last.possessive) return null;
  let k = a.end;
  if (last.post.trim() === ",") {
    if (/^\d{1,3}$/.test(lowerAt(tokens, k)) && tokens[k]?.post.trim() === ",") k++;
    k += phraseAt(tokens, k, ROLE_VERBS.slice(0, 2));
  } else if (last.breakAfter) return null;
  else k += phraseAt(tokens, k, ROLE_VERBS);
  if (DETERMINERS.has(lowerAt(tokens, k))) k++;
  const role = roleAt(tokens, k);
  if (!role) return null;
  k = role.end;
  let tie = role.role.tie;
  // "the head of trading at X": a role within a department is work for the organisation, not its leadership.
  if (lowerAt(tokens, k) === "of" && !tokens[k]?.breakAfter) {
    let w = k + 1;
    while (w < b.start && w <= k + 2 && !tokens[w]?.cap && !PREPOSITIONS.has(lowerAt(tokens, w))) w++;
    if (w > k + 1 && (lowerAt(tokens, w) === "at" || lowerAt(tokens, w) === "for")) {
      k = w;
      if (tie === "leads") tie = "works_for";
    }
  }
  if (!PREPOSITIONS.has(lowerAt(tokens, k)) || tokens[k - 1]?.breakAfter) return null;
  k++;
  if (lowerAt(tokens, k) === "the") k++;
  if (k !== b.start || !tieFits(tie, eb)) return null;
  return found(ea, eb, tie, 0.85, "role-appositive");
}

/** "Sundar Pichai, Google's chief executive". */
function possessiveAppositive(
  tokens: readonly Token[],
  a: Mention,
  b: Mention,
  ea: ArticleEntity,
  eb: ArticleEntity,
): Found | null {
  const last = tokens[a.end - 1] as Token;
  if (b.start !== a.end || last.post.trim() !== "," || !b.possessive) return null;
  const role = roleAt(tokens, b.end);
  if (!role || !tieFits(role.role.tie, eb)) return null;
  return found(ea, eb, role.role.tie, 0.8, "role-possessive");
}

/** "Apple chief executive Tim Cook", "NATO Secretary General Mark Rutte", "Acme said its chairman, X". */
function titleBefore(
  tokens: readonly Token[],
  a: Mention,
  b: Mention,
  ea: ArticleEntity,
  eb: ArticleEntity,
): Found | null {
  const last = tokens[a.end - 1] as Token;
  let k = a.end;
  let confidence = 0.8;
  if (last.breakAfter && !last.possessive) return null;
  if (!last.possessive) {
    const said = phraseAt(tokens, k, SAID_ITS);
    if (said) confidence = 0.7;
    k += said;
  }
  const role = roleAt(tokens, k);
  if (!role || role.end !== b.start || !tieFits(role.role.tie, ea)) return null;
  const end = tokens[role.end - 1] as Token;
  // "the Kremlin's spokesman, Dmitry Peskov" and "Acme said its chairman, X" put a comma before the name.
  const comma = end.post.trim() === ",";
  if (end.breakAfter && !/^\.\s*$/.test(end.post)) {
    if (!comma || (confidence === 0.8 && !last.possessive)) return null;
    confidence = 0.7;
  }
  return found(eb, ea, role.role.tie, confidence, "role-title");
}

/** A relation a role phrase states between a person and the organisation or place the role belongs to. */
export function roleRelation(
  tokens: readonly Token[],
  a: Mention,
  b: Mention,
  ea: ArticleEntity,
  eb: ArticleEntity,
): Found | null {
  if (ea.type === "person" && eb.type !== "person") {
    return appositive(tokens, a, b, ea, eb) ?? possessiveAppositive(tokens, a, b, ea, eb);
  }
  if (ea.type !== "person" && eb.type === "person") return titleBefore(tokens, a, b, ea, eb);
  return null;
}
