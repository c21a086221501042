import { describe, expect, it } from "vitest";

import { BodyCache } from "./body-cache";

describe("BodyCache", () => {
  it("serves a kept body until its version moves or its time is up", async () => {
    const cache = new BodyCache(1_000);
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const read = async (version: string, now: number) =>
      JSON.parse((await cache.get("k", version, now, build)).json.toString()) as { n: number };
    expect(await read("v1", 0)).toEqual({ n: 1 });
    expect(await read("v1", 999)).toEqual({ n: 1 });
    expect(await read("v2", 999)).toEqual({ n: 2 });
    expect(await read("v2", 2_000)).toEqual({ n: 3 });
    // A clock that goes back (tests, NTP) rebuilds rather than trusting an entry from the future.
    expect(await read("v2", 1_500)).toEqual({ n: 4 });
  });

  it("shares one build among concurrent requests, and keeps nothing from a failed build", async () => {
    const cache = new BodyCache();
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = async () => {
      builds++;
      await gate;
      return { ok: true };
    };
    const all = Promise.all([1, 2, 3].map(() => cache.get("k", "v", 0, slow)));
    release();
    const bodies = await all;
    expect(builds).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    await expect(cache.get("f", "v", 0, async () => Promise.reject(new Error("boom")))).rejects.toThrow(
      "boom",
    );
    expect(await cache.get("f", "v", 0, async () => ({ ok: 1 }))).toBeDefined();
  });
});
