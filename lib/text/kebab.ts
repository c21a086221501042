/** Lowercase, diacritics folded, runs of anything but letters and digits turned into one dash, at most `max` chars. */
export function kebab(text: string, max = 80): string {
  const folded = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "");
  if (folded.length <= max) return folded;
  const cut = folded.slice(0, max);
  // Prefer ending at a word boundary when one is reasonably close to the limit.
  const dash = cut.lastIndexOf("-");
  return (dash > max * 0.6 ? cut.slice(0, dash) : cut).replace(/-+$/, "");
}

/** Article slug per contract §2: `kebab(title)-{url_hash[0..8]}`. */
export function articleSlug(title: string, urlHash: string): string {
  const base = kebab(title) || "article";
  return `${base}-${urlHash.slice(0, 8)}`;
}

/** Slug for an id-bearing resource (stories, entities): `kebab(name)-{id}`. */
export function idSlug(name: string, id: number): string {
  return `${kebab(name) || "item"}-${id}`;
}
