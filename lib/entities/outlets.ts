import { PublisherNames, stripLedeCredit, stripTitleCredit } from "../text/publisher-credit";
import { gazetteer, type GazetteerIndex } from "./gazetteer";
import { phraseKey } from "./gazetteer/index";
import { normName } from "./normalize";
import type { Token } from "./tokens";

// Publishers are where news comes from, not what it is about: their credits are cut from titles and excerpts
// before extraction, and their names never become entities.

/** Qualifiers a registry adds to an outlet's name: "Business Wire (press release)", "Andes Mirror (simulated)". */
const QUALIFIER =
  /\s*\((?:simulated|press release|blog|subscription|registration|satire|opinion|[a-z]{2,3})\)\s*$/i;
const DOMAIN = /\.(?:com|net|org|co\.uk|co\.nz|com\.au|ca|ie|in|ph|sg|uk|us|au|nz|info|tv)$/i;

/** The name an outlet prints of itself: the registry's qualifiers and a leading "The" removed. */
export function outletName(sourceName: string): string {
  return sourceName.replace(QUALIFIER, "").trim();
}

function words(name: string): string[] {
  return normName(name.replace(/^the\s+/i, ""))
    .split(" ")
    .filter(Boolean);
}

/**
 * The names of registered outlets, matched word by word against a sentence's tokens. A single-word name counts
 * only as a whole name (never inside a longer one: "Bloomberg" is an outlet, "Michael Bloomberg" is not); a
 * longer name is cut out of any span it is glued to ("Guadalajara Andes Mirror").
 */
export class OutletNames {
  private readonly byFirst = new Map<string, string[][]>();
  private readonly whole = new Set<string>();
  /** The same names for `lib/text/publisher-credit`, which cuts credits. */
  private readonly publishers = new PublisherNames();

  /**
   * `parent`: a registry this set extends (an article's own source on top of every registered one). A press-release
   * feed or blog of an entity the gazetteer knows as something other than news media ("World Health Organization
   * (press release)", "The White House (blog)") is that entity's own channel, not an outlet: it is not registered.
   * A source registered under the bare name ("NASDAQ") is an outlet like any other.
   */
  constructor(
    names: Iterable<string> = [],
    private readonly parent: OutletNames | null = null,
    private readonly gaz: GazetteerIndex = gazetteer(),
  ) {
    for (const n of names) this.add(n);
  }

  add(sourceName: string): void {
    const name = outletName(sourceName);
    if (name !== sourceName.trim()) {
      const known =
        this.gaz.lookup(phraseKey(name)) ?? this.gaz.lookup(phraseKey(name.replace(/^the\s+/i, "")));
      if (known?.length && known.every((f) => f.entry.subcategory !== "media")) return;
    }
    this.publishers.add(sourceName);
    const forms = [name];
    // "CNBC.com" also prints itself "CNBC"; a bare place ("Boston.com" → "Boston") would name a city, not it.
    const bare = name.replace(DOMAIN, "");
    if (bare !== name && /\p{Lu}.*\p{Lu}|\p{Ll}\p{Lu}/u.test(bare)) forms.push(bare);
    for (const f of forms) {
      const ws = words(f);
      if (ws.length === 0) continue;
      this.whole.add(ws.join(" "));
      if (ws.length < 2) continue;
      const list = this.byFirst.get(ws[0]!) ?? [];
      if (!list.some((l) => l.join(" ") === ws.join(" "))) list.push(ws);
      list.sort((a, b) => b.length - a.length);
      this.byFirst.set(ws[0]!, list);
    }
  }

  /** This set's publisher names and its parents'. */
  publisherSets(): PublisherNames[] {
    return [this.publishers, ...(this.parent?.publisherSets() ?? [])];
  }

  get size(): number {
    return this.whole.size + (this.parent?.size ?? 0);
  }

  /** Whether `name` is an outlet's name (case, punctuation, diacritics and a leading "The" aside). */
  has(name: string): boolean {
    const key = words(name).join(" ");
    return this.whole.has(key) || !!this.parent?.has(name);
  }

  /** End of the longest multi-word outlet name starting at token `i`, or -1. */
  matchAt(tokens: readonly Token[], i: number): number {
    const inherited = this.parent?.matchAt(tokens, i) ?? -1;
    const first = tokens[i];
    if (!first) return inherited;
    const start = first.lower === "the" ? i + 1 : i;
    const head = tokens[start];
    if (!head) return inherited;
    for (const ws of this.byFirst.get(head.norm) ?? []) {
      let k = 0;
      while (k < ws.length && tokens[start + k]?.norm === ws[k]) k++;
      if (k === ws.length) return Math.max(start + k, inherited);
    }
    return inherited;
  }

  /** Tokens of a sentence that belong to a multi-word outlet name. */
  blocked(tokens: readonly Token[]): boolean[] {
    const out = new Array<boolean>(tokens.length).fill(false);
    if (this.byFirst.size === 0 && !this.parent) return out;
    for (let i = 0; i < tokens.length; i++) {
      const end = this.matchAt(tokens, i);
      if (end < 0) continue;
      for (let k = i; k < end; k++) out[k] = true;
      i = end - 1;
    }
    return out;
  }
}

// Labels a publisher puts round a headline that are not its name: a wire's slug ("US STOCKS-", "BRIEF-"; "UPDATE 2-"
// is lib/text's), "VIDEO:", "(Update)", "[Video]", a section after the headline (" - US Commentary", " - Quick Facts").
const WIRE_SLUG =
  /^(?:BRIEF|WRAPUP(?:\s+\d+)?|INSIGHT|EXCLUSIVE|FACTBOX|TIMELINE|COLUMN|ANALYSIS|[A-Z]{2,}(?:\s+[A-Z0-9]{2,}){1,3})-(?=\p{Lu})/u;
const LEADING_LABEL = /^(?:VIDEO|WATCH|LIVE|PHOTOS?|BREAKING|UPDATED?|EXCLUSIVE|ANALYSIS|OPINION)\s*:\s*/u;
const TRAILING_LABEL =
  /\s*[([](?:[\p{L} ]{0,20}\s)?(?:video|update|updated|photos?|blog|opinion|watch|live|analysis|audio|podcast|infographic)[)\]]\s*$/iu;
const SECTION_TAIL = /\s+[-–—|]\s+(?:[\p{Lu}][\p{L}.]*\s+)?(?:Commentary|Quick Facts|Editorial)\s*$/u;
// "By Andes Mirror Staff." at the start or after a sentence (lib/text reads a byline before a separator only).
const STAFF_BYLINE =
  /(^|[.!?]\s+)By\s+(?:[\p{Lu}][\p{L}.'’-]*,?\s+){0,4}(?:Staff(?:\s+(?:Writer|Reporter))?|Correspondents?|Newsroom)\b[.,:]?\s*/gu;

/**
 * A title or excerpt without its publisher's credits, for extraction: the credits `lib/text/publisher-credit` cuts
 * (" - Reuters", " | Byteline", "LONDON (Reuters) -", "UPDATE 2-", "By …, Staff Writer -"), read against every
 * registered outlet and the article's own source (`own`), and the labels above.
 */
export function stripCredits(
  text: string,
  outlets: OutletNames | null = null,
  own: readonly string[] = [],
): string {
  let s = text.trim().replace(WIRE_SLUG, "").replace(LEADING_LABEL, "").replace(TRAILING_LABEL, "");
  for (const names of [...(outlets?.publisherSets() ?? []), new PublisherNames(own)])
    s = stripTitleCredit(stripLedeCredit(s, names), names);
  return s.replace(STAFF_BYLINE, "$1").replace(SECTION_TAIL, "").trim();
}
