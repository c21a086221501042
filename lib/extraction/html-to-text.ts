// Plain text from an extracted article's DOM: one paragraph per block element, separated by a blank line, with
// whitespace collapsed inside each paragraph. Entities are already decoded by the HTML parser.

const BLOCK = new Set([
  "ADDRESS",
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "DD",
  "DETAILS",
  "DIV",
  "DL",
  "DT",
  "FIELDSET",
  "FIGURE",
  "FOOTER",
  "H1",
  "H2",
  "H3",
  "H4",
  "H5",
  "H6",
  "HEADER",
  "HR",
  "LI",
  "MAIN",
  "NAV",
  "OL",
  "P",
  "PRE",
  "SECTION",
  "SUMMARY",
  "TABLE",
  "TR",
  "UL",
]);

// Never text: code, media and form controls. Captions describe a picture rather than tell the story.
const SKIP = new Set([
  "SCRIPT",
  "STYLE",
  "NOSCRIPT",
  "TEMPLATE",
  "SVG",
  "CANVAS",
  "IFRAME",
  "OBJECT",
  "EMBED",
  "VIDEO",
  "AUDIO",
  "BUTTON",
  "SELECT",
  "INPUT",
  "TEXTAREA",
  "FORM",
  "FIGCAPTION",
]);

const TEXT_NODE = 3;
// A kept line break, distinct from whitespace in the source until the paragraph is flushed.
const BR = "\u2028";
const PARAGRAPH_BREAK = /\u2028[^\S\u2028]*\u2028/;
const ELEMENT_NODE = 1;

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

/** Converts an element's content to plain text with paragraph breaks. */
export function domToText(root: DomNode): string {
  const blocks: string[] = [];
  let line = "";
  // Two line breaks in a row (old templates separate paragraphs with <br><br>) end a paragraph.
  const flush = () => {
    for (const part of line.split(PARAGRAPH_BREAK)) {
      const clean = collapse(part.replaceAll(BR, "\n"));
      if (clean) blocks.push(clean);
    }
    line = "";
  };
  const walk = (node: DomNode, prefix: string, pre: boolean) => {
    if (node.nodeType === TEXT_NODE) {
      const t = node.textContent ?? "";
      // Source line breaks are only whitespace, except inside <pre>.
      line += pre ? t.replace(/\r?\n/g, BR) : t.replace(/\s+/g, " ");
      return;
    }
    if (node.nodeType !== ELEMENT_NODE) return;
    const tag = node.nodeName.toUpperCase();
    if (SKIP.has(tag)) return;
    if (tag === "BR") {
      line += BR;
      return;
    }
    const block = BLOCK.has(tag);
    if (block) flush();
    if (tag === "LI") line += prefix;
    const childPrefix = tag === "UL" ? "- " : tag === "OL" ? "" : prefix;
    let n = 0;
    const inPre = pre || tag === "PRE";
    for (const child of Array.from(node.childNodes)) {
      if (tag === "OL" && child.nodeName.toUpperCase() === "LI") walk(child, `${++n}. `, inPre);
      else walk(child, childPrefix, inPre);
      if (tag === "TR" && child.nodeType === ELEMENT_NODE) line += " ";
    }
    if (block) flush();
  };
  walk(root, "", false);
  flush();
  return blocks.join("\n\n");
}

/** Collapses whitespace inside a paragraph; kept line breaks (from <br>) survive as single newlines. */
export function collapse(text: string): string {
  return text
    .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, "")
    .split("\n")
    .map((l) => l.replace(/[\s\u00a0]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}
