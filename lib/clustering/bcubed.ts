export interface ClusterScores {
  precision: number;
  recall: number;
  f1: number;
}

/**
 * BCubed precision, recall and F1 (Bagga and Baldwin 1998; Amigó et al. 2009) of a predicted clustering against
 * gold labels, over the items of `gold`. An item with no prediction counts as a cluster of its own.
 */
export function bcubed(predicted: Map<string, string>, gold: Map<string, string>): ClusterScores {
  const predOf = (id: string) => predicted.get(id) ?? `__alone__${id}`;
  const pairCount = new Map<string, number>();
  const predSize = new Map<string, number>();
  const goldSize = new Map<string, number>();
  for (const [id, g] of gold) {
    const p = predOf(id);
    predSize.set(p, (predSize.get(p) ?? 0) + 1);
    goldSize.set(g, (goldSize.get(g) ?? 0) + 1);
    const key = `${p}\u0000${g}`;
    pairCount.set(key, (pairCount.get(key) ?? 0) + 1);
  }
  let p = 0;
  let r = 0;
  for (const [id, g] of gold) {
    const pc = predOf(id);
    const both = pairCount.get(`${pc}\u0000${g}`) ?? 0;
    p += both / (predSize.get(pc) ?? 1);
    r += both / (goldSize.get(g) ?? 1);
  }
  const n = gold.size || 1;
  const precision = p / n;
  const recall = r / n;
  return {
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall),
  };
}

/**
 * Cuts every predicted story by a key of its articles (the UTC day, for the dev stream, whose gold stories never
 * cross a day): story id + key. Scoring the result judges grouping within each key only, so links across keys are
 * neither rewarded nor punished.
 */
export function projectBy(
  predicted: Map<string, string>,
  keyOf: (id: string) => string,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, story] of predicted) out.set(id, `${story}\u0000${keyOf(id)}`);
  return out;
}

/** The UTC day (YYYY-MM-DD) of an epoch-millisecond time. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
