// Credits and rate limits under concurrent requests (contract §3.1, §5.1–§5.3): the check and the charge are one
// atomic SQL statement, so parallel requests can never overspend an account, and the demo key's 5 a minute hold.
// Run on each backend by concurrency.test.ts (SQLite) and concurrency.postgres.test.ts (PostgreSQL on PGlite).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import type { Store } from "../../db/store";
import { KeyVerifier } from "../../keys/verify-key";
import { graceLimit, PLAN_LIMITS } from "../../plans";
import { MemoryRateLimiter } from "../../quota/memory-rate-limiter";
import { UsageRecorder } from "../../usage/usage-recorder";
import type { ApiDeps } from "../deps";
import { setApiDepsForTesting } from "../deps";
import { OPERATIONS } from "../operations";
import { expectError, jsonOf } from "./expect-response";
import type { Harness } from "./harness";
import { callOperation, validInput, type OpInput } from "./requests";
import { DEMO_KEY } from "./world";

const op = (id: string) => OPERATIONS.find((o) => o.operationId === id)!;
// Four 1-credit operations, so the burst spreads over several handlers.
const ONE_CREDIT = ["listStories", "listItems", "listEntities", "listSources"].map(op);
const BUSINESS_GRACE = graceLimit(PLAN_LIMITS.business.monthlyCredits);

interface Burst {
  statuses: number[];
  codes: string[];
  charged: number;
  usedHeaders: number[];
}

async function burst(requests: Array<() => Promise<Response>>): Promise<Burst> {
  const responses = await Promise.all(requests.map((r) => r()));
  const out: Burst = { statuses: [], codes: [], charged: 0, usedHeaders: [] };
  for (const res of responses) {
    out.statuses.push(res.status);
    out.charged += Number(res.headers.get("X-Credits-Cost"));
    if (res.status === 200) out.usedHeaders.push(Number(res.headers.get("X-Credits-Used")));
    else out.codes.push(((await jsonOf(res)) as { error: { code: string } }).error.code);
  }
  return out;
}

const count = (xs: Array<number | string>, x: number | string) => xs.filter((y) => y === x).length;

/** A second store on the harness's database, as a second server process would open it. */
export interface SecondStore extends Store {
  close(): void | Promise<void>;
}

/**
 * The concurrency tests on the harness `open` gives (opened once, closed after); `second` opens another store on the
 * same database for the two-process test.
 */
export function concurrencySuite<S extends Store>(
  open: () => Promise<Harness<S>>,
  second: (h: Harness<S>) => Promise<SecondStore>,
): void {
  let h: Harness<S>;
  beforeAll(async () => {
    h = await open();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => {
    h.clock.now += 61_000;
    setApiDepsForTesting(async () => h.t.deps);
  });

  describe("credits under concurrency", () => {
    // "Remaining" is counted to the grace limit: past monthly_limit requests are still served and charged (in the
    // grace band, with X-Credits-Grace), and only a request that would pass grace_limit gets quota_exhausted (§5.3).
    // A business key is used so that 200 requests stay under its per-minute limit (1,800) and only credits decide.
    it("charges exactly 100 of 200 parallel requests against 100 remaining credits and answers the rest 429 quota_exhausted", async () => {
      const key = await h.key("business");
      await h.setUsed(key, BUSINESS_GRACE - 100);
      const b = await burst(
        Array.from({ length: 200 }, (_, i) => {
          const o = ONE_CREDIT[i % ONE_CREDIT.length]!;
          return () => callOperation(o, validInput(o, h.world, h.clock.now), { key });
        }),
      );
      expect(count(b.statuses, 200)).toBe(100);
      expect(count(b.statuses, 429)).toBe(100);
      expect(count(b.codes, "quota_exhausted")).toBe(100);
      expect(b.charged).toBe(100);
      expect(await h.used(key)).toBe(BUSINESS_GRACE);
      // Each success saw its own charge: the used counts after each request are exactly the last 100 before grace.
      expect([...b.usedHeaders].sort((x, y) => x - y)).toEqual(
        Array.from({ length: 100 }, (_, i) => BUSINESS_GRACE - 99 + i),
      );
      const next = await callOperation(ONE_CREDIT[0]!, {}, { key });
      await expectError(next, 429, "quota_exhausted");
      expect(Number(next.headers.get("Retry-After"))).toBeGreaterThan(0);
      const usage = await callOperation(op("getUsage"), {}, { key });
      expect(usage.status).toBe(200);
    });

    it("charges 2-credit requests whole: 50 of 200 parallel /v1/content requests fit 101 remaining credits", async () => {
      const key = await h.key("business");
      await h.setUsed(key, BUSINESS_GRACE - 101);
      const content = op("getContent");
      const b = await burst(
        Array.from(
          { length: 200 },
          () => () => callOperation(content, validInput(content, h.world, h.clock.now), { key }),
        ),
      );
      expect(count(b.statuses, 200)).toBe(50);
      expect(count(b.codes, "quota_exhausted")).toBe(150);
      expect(b.charged).toBe(100);
      expect(await h.used(key)).toBe(BUSINESS_GRACE - 1);
    });

    // Credits are reserved before validation (the contract's order puts quota before validation) and handed back when
    // the answer is not a 2xx. While an invalid request holds its reservation, a concurrent valid one may find the
    // account full: it gets quota_exhausted, is charged nothing, and the credits stay available afterwards.
    it("never charges failed requests, even when they run between successes (refunds are exact)", async () => {
      const key = await h.key("business");
      await h.setUsed(key, BUSINESS_GRACE - 100);
      const stories = op("listStories");
      const b = await burst(
        Array.from({ length: 200 }, (_, i) => {
          const input: OpInput = i % 2 ? { query: { limit: "0" } } : {};
          return () => callOperation(stories, input, { key });
        }),
      );
      const ok = count(b.statuses, 200);
      expect(ok).toBeGreaterThan(0);
      expect(ok + count(b.codes, "parameter_out_of_range") + count(b.codes, "quota_exhausted")).toBe(200);
      expect(count(b.codes, "parameter_out_of_range")).toBeGreaterThan(0);
      expect(b.charged).toBe(ok);
      expect(await h.used(key)).toBe(BUSINESS_GRACE - 100 + ok);
      // What the invalid requests held is free again: the rest of the 100 can still be spent, one by one.
      for (let i = ok; i < 100; i++) expect((await callOperation(stories, {}, { key })).status).toBe(200);
      await expectError(await callOperation(stories, {}, { key }), 429, "quota_exhausted");
      expect(await h.used(key)).toBe(BUSINESS_GRACE);
    });

    it("holds across two connections to one database, as two server processes would share it", async () => {
      const other = await second(h);
      const otherDeps: ApiDeps = {
        store: other,
        keys: new KeyVerifier(other),
        limiter: new MemoryRateLimiter(),
        usage: new UsageRecorder(other.usage),
        log: h.t.deps.log,
        now: () => h.clock.now,
      };
      let turn = 0;
      setApiDepsForTesting(async () => (turn++ % 2 ? otherDeps : h.t.deps));
      try {
        const key = await h.key("business");
        await h.setUsed(key, BUSINESS_GRACE - 100);
        const stories = op("listStories");
        const b = await burst(Array.from({ length: 200 }, () => () => callOperation(stories, {}, { key })));
        expect(count(b.statuses, 200)).toBe(100);
        expect(count(b.codes, "quota_exhausted")).toBe(100);
        expect(await h.used(key)).toBe(BUSINESS_GRACE);
      } finally {
        await otherDeps.usage.close();
        await other.close();
      }
    });
  });

  describe("the sandbox demo key", () => {
    it("answers exactly one of 6 quick requests with 429 rate_limited (5 a minute), charging nothing", async () => {
      const stories = op("listStories");
      const b = await burst(
        Array.from({ length: 6 }, () => () => callOperation(stories, {}, { key: DEMO_KEY })),
      );
      expect(count(b.statuses, 200)).toBe(5);
      expect(count(b.statuses, 429)).toBe(1);
      expect(b.codes).toEqual(["rate_limited"]);
      expect(b.charged).toBe(0);
    });

    it("lets no second burst through at a minute boundary, and frees a slot 60 s after the first request", async () => {
      const stories = op("listStories");
      const minute = Math.ceil(h.clock.now / 60_000) * 60_000;
      h.clock.now = minute - 1_000;
      for (let i = 0; i < 5; i++)
        expect((await callOperation(stories, {}, { key: DEMO_KEY })).status).toBe(200);
      h.clock.now = minute + 1_000;
      const edge = await callOperation(stories, {}, { key: DEMO_KEY });
      await expectError(edge, 429, "rate_limited");
      expect(edge.headers.get("X-RateLimit-Remaining")).toBe("0");
      expect(Number(edge.headers.get("Retry-After"))).toBe(58);
      h.clock.now = minute + 59_000;
      expect((await callOperation(stories, {}, { key: DEMO_KEY })).status).toBe(200);
    });
  });
}
