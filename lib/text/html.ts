import { decodeHTML } from "entities";

import { cleanLine } from "./invisible";

const TAG = /<\/?[a-zA-Z][^>]*>|<!--[\s\S]*?-->/g;
const BLOCK = /<\/(p|div|li|h[1-6]|tr|blockquote)>|<br\s*\/?>/gi;

/**
 * Plain text from an HTML fragment: tags dropped, entities decoded (twice-encoded ones too), bidi controls and
 * zero-width characters stripped (see stripInvisible), whitespace collapsed.
 */
export function htmlToText(html: string): string {
  let text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(BLOCK, " ")
    .replace(TAG, "");
  for (let i = 0; i < 2 && /&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/i.test(text); i++) text = decodeHTML(text);
  // Entity-decoding can reveal markup that was escaped in the source (`&lt;b&gt;`): strip it as well.
  return cleanLine(text.replace(TAG, ""));
}

/** Cuts text at a word boundary so that it fits `max` characters, with an ellipsis when cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
