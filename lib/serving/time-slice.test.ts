import { describe, expect, it } from "vitest";

import { TimeSlice } from "./time-slice";

describe("TimeSlice", () => {
  it("runs one slice per turn of the event loop, however many requests are slicing", async () => {
    const seen: string[] = [];
    let turning = true;
    const turn = () => {
      seen.push("turn");
      if (turning) setImmediate(turn);
    };
    setImmediate(turn);
    // Three heavy requests whose every slice is used up at once.
    const work = async (name: string) => {
      const slice = new TimeSlice(0);
      for (let i = 0; i < 5; i++) {
        await slice.pause();
        seen.push(name);
      }
    };
    await Promise.all([work("a"), work("b"), work("c")]);
    turning = false;
    const slices = seen.filter((s) => s !== "turn");
    expect(slices).toHaveLength(15);
    // Between any two slices the loop turned (and polled for I/O): never two slices in one turn.
    for (let i = 1; i < seen.length; i++) {
      if (seen[i] !== "turn") expect(seen[i - 1], `at ${i}: ${seen.join(",")}`).toBe("turn");
    }
  });

  it("does not yield while the slice lasts", () => {
    expect(new TimeSlice(60_000).pause()).toBeUndefined();
  });
});
