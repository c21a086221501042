import { describe, expect, it } from "vitest";

import { dueForRefresh } from "./story-dynamics";

describe("dueForRefresh", () => {
  it("recomputes small stories on every change and large ones once they grew or shrank by a tenth", () => {
    const at = new Map<number, number>();
    const due = (id: number, size: number) => dueForRefresh([id], new Map([[id, size]]), at).length === 1;
    // Small: always.
    for (let n = 1; n < 20; n++) expect(due(1, n)).toBe(true);
    // 19 → 20 and 21: under a tenth of 19 for 20, not for 21.
    expect(due(1, 20)).toBe(false);
    expect(due(1, 21)).toBe(true);
    // A large story seen for the first time, then a tenth of 200 either way.
    expect(due(2, 200)).toBe(true);
    expect(due(2, 219)).toBe(false);
    expect(due(2, 220)).toBe(true);
    expect(due(2, 199)).toBe(false);
    expect(due(2, 198)).toBe(true);
    // Without a known size (e.g. a caller that does not pass sizes), always.
    expect(dueForRefresh([3, 4], undefined, at)).toEqual([3, 4]);
  });
});
