// Cross-day continuity on the labelled pairs of `news-clustering-dev/continuity/` (see its README): a pair of gold
// stories is linked when the most common predicted story among A's articles equals the most common among B's (a
// tie or a missing prediction gives no story, which never links). `unsure` pairs are skipped.
import fs from "node:fs";

export interface ContinuityPair {
  a: string;
  b: string;
  label: "same" | "different" | "unsure";
  cosine: number;
  band: string;
  reason: string;
}

export interface ContinuityScores {
  precision: number;
  recall: number;
  f1: number;
  linkedSame: number;
  linkedDifferent: number;
  same: number;
  /** Pairs scored wrongly: `same` not linked, `different` linked. */
  misses: ContinuityPair[];
  falseLinks: ContinuityPair[];
}

export function loadPairs(file: string): ContinuityPair[] {
  return fs
    .readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as ContinuityPair);
}

/** `predicted`: article id → story id; `gold`: article id → gold story. */
export function continuity(
  pairs: ContinuityPair[],
  predicted: Map<string, string>,
  gold: Map<string, string>,
): ContinuityScores {
  const members = new Map<string, string[]>();
  for (const [id, g] of gold) {
    let m = members.get(g);
    if (!m) members.set(g, (m = []));
    m.push(id);
  }
  const majority = (story: string): string | null => {
    const ids = members.get(story);
    if (!ids) throw new Error(`pair names story ${story}, absent from the gold labels`);
    const votes = new Map<string, number>();
    for (const id of ids) {
      const p = predicted.get(id) ?? "\u0000null";
      votes.set(p, (votes.get(p) ?? 0) + 1);
    }
    let best: string | null = null;
    let top = 0;
    let tie = false;
    for (const [p, n] of votes) {
      if (n > top) [best, top, tie] = [p, n, false];
      else if (n === top) tie = true;
    }
    return tie || best === "\u0000null" ? null : best;
  };
  let linkedSame = 0;
  let linkedDifferent = 0;
  let same = 0;
  const misses: ContinuityPair[] = [];
  const falseLinks: ContinuityPair[] = [];
  for (const p of pairs) {
    if (p.label === "unsure") continue;
    const a = majority(p.a);
    const linked = a !== null && a === majority(p.b);
    if (p.label === "same") {
      same++;
      if (linked) linkedSame++;
      else misses.push(p);
    } else if (linked) {
      linkedDifferent++;
      falseLinks.push(p);
    }
  }
  const precision = linkedSame + linkedDifferent ? linkedSame / (linkedSame + linkedDifferent) : 0;
  const recall = same ? linkedSame / same : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1, linkedSame, linkedDifferent, same, misses, falseLinks };
}
