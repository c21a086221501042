import { normName } from "../normalize";
import { buildGazetteer } from "./build";
import type { GazetteerEntry } from "./entry";

export type { GazetteerEntry } from "./entry";

/** How the text must be written for an alias to count: acronyms in capitals, names capitalised. */
export type CaseRule = "upper" | "capitalized" | "exact";

export interface AliasForm {
  entry: GazetteerEntry;
  /** The alias as written in the gazetteer. */
  form: string;
  rule: CaseRule;
}

/** Phrase key of a name: its words normalised, a comma kept as its own word ("Washington, D.C." → "washington , dc"). */
export function phraseKey(text: string): string {
  const words: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const norm = normName(raw);
    if (norm) words.push(norm);
    if (/,$/.test(raw)) words.push(",");
  }
  return words.join(" ");
}

const LEGAL_TAIL =
  /\s+(?:Inc\.?|Incorporated|Corp\.?|Corporation|Co\.?|Company|Ltd\.?|Limited|LLC|plc|PLC|Group|Holdings)$/;

/** An entry's name and aliases; organisations also without a trailing legal form ("… Manufacturing Company"). */
function forms(entry: GazetteerEntry): Set<string> {
  const out = new Set([entry.name, ...entry.aliases]);
  if (entry.type === "org") {
    for (const f of [...out]) {
      const bare = f.replace(LEGAL_TAIL, "");
      if (bare !== f && bare.includes(" ")) out.add(bare);
    }
  }
  return out;
}

function caseRule(form: string): CaseRule {
  const letters = form.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 2 && letters.length <= 6 && letters === letters.toUpperCase()) return "upper";
  return /^\p{Ll}/u.test(form) ? "exact" : "capitalized";
}

export class GazetteerIndex {
  readonly entries: readonly GazetteerEntry[];
  /** Longest alias, in words. */
  readonly maxWords: number;
  private readonly byPhrase = new Map<string, AliasForm[]>();
  private readonly byId = new Map<string, GazetteerEntry>();
  private readonly demonyms = new Map<string, GazetteerEntry>();
  /** First words, as written, of aliases that start in lower case ("xAI", "von der Leyen"). */
  readonly lowerStarts = new Set<string>();
  /** First words of every alias phrase: a token whose word is not here starts no alias. */
  readonly firstWords = new Set<string>();
  /** Every word prefix of every alias phrase ("united", "united states", "united states of"). */
  private readonly prefixes = new Set<string>();

  constructor(entries: readonly GazetteerEntry[]) {
    this.entries = entries;
    let maxWords = 1;
    for (const entry of entries) {
      this.byId.set(entry.id, entry);
      for (const form of forms(entry)) {
        const key = phraseKey(form);
        if (!key) continue;
        const words = key.split(" ");
        maxWords = Math.max(maxWords, words.length);
        this.firstWords.add(words[0] ?? key);
        for (let n = 1; n <= words.length; n++) this.prefixes.add(words.slice(0, n).join(" "));
        const list = this.byPhrase.get(key) ?? [];
        const rule = caseRule(form);
        list.push({ entry, form, rule });
        if (rule === "exact") this.lowerStarts.add(form.split(/[\s-]+/)[0] ?? form);
        this.byPhrase.set(key, list);
      }
      for (const d of entry.demonyms) this.demonyms.set(normName(d), entry);
    }
    this.maxWords = maxWords;
  }

  /** Alias forms whose phrase key is `key` (possibly several entries: "Georgia"). */
  lookup(key: string): readonly AliasForm[] | undefined {
    return this.byPhrase.get(key);
  }

  /** Whether some alias phrase starts with the words of `key`. */
  hasPrefix(key: string): boolean {
    return this.prefixes.has(key);
  }

  get(id: string): GazetteerEntry | undefined {
    return this.byId.get(id);
  }

  /** The country a nationality adjective names ("German" → Germany). */
  demonym(norm: string): GazetteerEntry | undefined {
    return this.demonyms.get(norm);
  }
}

let shared: GazetteerIndex | undefined;

/** The shipped gazetteer, built once per process. */
export function gazetteer(): GazetteerIndex {
  shared ??= new GazetteerIndex(buildGazetteer());
  return shared;
}
