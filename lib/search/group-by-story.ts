/** Search hits of one story: the best-ranked one leads, the others follow in rank order. */
export interface StoryGroup<H> {
  /** `story:<id>`, or `article:<key>` for an article in no story. */
  key: string;
  storyId: number | null;
  lead: H;
  others: H[];
}

/**
 * Hits grouped by story, in the order of each story's best hit: twenty copies of one report become one entry with
 * a count, and the ranking between stories is kept. Articles in no story stay on their own.
 */
export function groupByStory<H>(
  hits: readonly H[],
  keyOf: (hit: H) => { storyId: number | null; articleKey: string },
): Array<StoryGroup<H>> {
  const groups = new Map<string, StoryGroup<H>>();
  for (const hit of hits) {
    const { storyId, articleKey } = keyOf(hit);
    const key = storyId === null ? `article:${articleKey}` : `story:${storyId}`;
    const group = groups.get(key);
    if (group) group.others.push(hit);
    else groups.set(key, { key, storyId, lead: hit, others: [] });
  }
  return [...groups.values()];
}
