// FTS5 marks matched terms with these control characters; they never survive into a response.
export const SNIPPET_OPEN = "\u0002";
export const SNIPPET_CLOSE = "\u0003";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A snippet for the wire (contract §6.11): every character of the text HTML-escaped, matched terms wrapped in
 * `<mark>…</mark>`. Markers are paired strictly, so stray control characters in stored text can never produce
 * unbalanced or nested tags.
 */
export function markedSnippet(marked: string): string {
  let out = "";
  let open = false;
  let run = "";
  for (const ch of marked) {
    if (ch === SNIPPET_OPEN || ch === SNIPPET_CLOSE) {
      out += escapeHtml(run);
      run = "";
      if (ch === SNIPPET_OPEN && !open) out += "<mark>";
      else if (ch === SNIPPET_CLOSE && open) out += "</mark>";
      else continue;
      open = !open;
      continue;
    }
    run += ch;
  }
  out += escapeHtml(run);
  if (open) out += "</mark>";
  return out.replace(/<mark><\/mark>/g, "");
}
