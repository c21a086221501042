// Characters that change how text is shown without being seen. A bidi override (U+202E) makes "txt.exe" read as
// "exe.txt"; zero-width characters make two different strings look alike. Feed and list text is untrusted, so they
// are removed where it enters: bidi embeddings, overrides, isolates and marks (incl. the Arabic letter mark),
// zero-width space, word joiner and the invisible operators, deprecated format characters and stray BOMs.
const ALWAYS = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;

// Zero-width (non-)joiners carry meaning in a few places and are kept there only: ZWJ between two pictographs
// (👩‍💻, 🏳️‍🌈), and ZWJ or ZWNJ between letters of the scripts whose spelling uses them (Persian "می‌خواهم",
// Indic conjuncts). Anywhere else they are removed.
const JOINER = /[\u200C\u200D]/g;
const EMOJI_BEFORE = /\p{Extended_Pictographic}[\u{FE0F}\u{1F3FB}-\u{1F3FF}]?$/u;
const EMOJI_AFTER = /^\p{Extended_Pictographic}/u;
const SCRIPTS = String.raw`\p{sc=Arabic}\p{sc=Syriac}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Khmer}\p{sc=Myanmar}`;
const SCRIPT_BEFORE = new RegExp(`[${SCRIPTS}]\\p{M}*$`, "u");
const SCRIPT_AFTER = new RegExp(`^[${SCRIPTS}]`, "u");

/** The text without bidi controls and zero-width characters (joiners kept inside emoji and joining scripts). */
export function stripInvisible(text: string): string {
  const visible = text.replace(ALWAYS, "");
  if (!/[\u200C\u200D]/.test(visible)) return visible;
  return visible.replace(JOINER, (c: string, at: number) => {
    const before = visible.slice(Math.max(0, at - 8), at);
    const after = visible.slice(at + 1, at + 3);
    if (c === "\u200D" && EMOJI_BEFORE.test(before) && EMOJI_AFTER.test(after)) return c;
    return SCRIPT_BEFORE.test(before) && SCRIPT_AFTER.test(after) ? c : "";
  });
}

/** One line of plain text for a name or title: invisible characters stripped, whitespace collapsed, trimmed. */
export function cleanLine(text: string): string {
  return stripInvisible(text).replace(/\s+/g, " ").trim();
}
