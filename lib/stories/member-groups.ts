import type { Article } from "../db/types";

export interface MemberGroup {
  article: Article;
  /** Syndicated copies of `article` (the same wire story under other outlets' URLs), in story order. */
  duplicates: Article[];
}

/**
 * A story's members with syndicated copies folded under the article they copy (`duplicate_of`), so a wire story
 * republished by ten outlets reads as one report with ten outlets, not ten reports. Groups keep the order of their
 * first member; a copy whose original is not in the story (or which chains to another copy) joins the group of the
 * nearest original that is, or stands alone.
 */
export function groupDuplicates(members: Article[]): MemberGroup[] {
  const byId = new Map(members.map((a) => [a.id, a]));
  const rootOf = (a: Article): Article => {
    let cur = a;
    for (let i = 0; i < 16 && cur.duplicateOf !== null; i++) {
      const next = byId.get(cur.duplicateOf);
      if (!next) break;
      cur = next;
    }
    return cur;
  };
  const groups = new Map<number, MemberGroup>();
  for (const a of members) {
    const root = rootOf(a);
    let g = groups.get(root.id);
    if (!g) groups.set(root.id, (g = { article: root, duplicates: [] }));
    if (root.id !== a.id) g.duplicates.push(a);
  }
  return [...groups.values()];
}
