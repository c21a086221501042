/** Characters of an article's body that go into its embedding, after the title. */
export const ARTICLE_TEXT_CHARS = 1000;

/** The text an article is embedded from: its title, then the start of its body, cut at a word boundary. */
export function articleEmbeddingText(
  title: string,
  text?: string | null,
  maxChars = ARTICLE_TEXT_CHARS,
): string {
  let body = (text ?? "").replace(/\s+/g, " ").trim();
  if (body.length > maxChars) {
    const cut = body.slice(0, maxChars + 1);
    const space = cut.lastIndexOf(" ");
    body = space > 0 ? cut.slice(0, space) : cut.slice(0, maxChars);
  }
  return body ? `${title.trim()}\n${body}` : title.trim();
}
