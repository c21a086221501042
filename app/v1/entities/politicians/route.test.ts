import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { ENTITY_FIELDS, seedEntityCast } from "@/lib/entities/queries/test-fixtures";
import { expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";

import { GET as getPoliticians } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
const ids: Record<string, number> = {};
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  Object.assign(ids, await seedEntityCast(t.store));
});
afterEach(async () => {
  setApiDepsForTesting(undefined);
  await t.cleanup();
});

type Entity = Record<string, unknown> & { id: number; name: string };
type Page = { entities: Entity[]; total: number; offset: number; limit: number };
const list = async (qs = "") => {
  const res = await getPoliticians(get(`/v1/entities/politicians${qs ? `?${qs}` : ""}`, key));
  return { res, body: (await res.json()) as Page & { error?: Record<string, unknown> } };
};

describe("GET /v1/entities/politicians", () => {
  it("lists the politicians only, in the list shape", async () => {
    const { res, body } = await list("");
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(body).toMatchObject({ total: 2, offset: 0, limit: 60 });
    expect(body.entities.map((e) => e.name)).toEqual(["Joe Biden", "Emmanuel Macron"]);
    expect(Object.keys(body.entities[0]!).sort()).toEqual(ENTITY_FIELDS);
    const page = (await list("limit=1&offset=1")).body;
    expect(page.entities.map((e) => e.name)).toEqual(["Emmanuel Macron"]);
  });

  it("ignores filters it does not take and bounds limit to 1–200", async () => {
    const { body } = await list("subcategory=city&q=apple");
    expect(body.total).toBe(2);
    const over = await list("limit=201");
    expect(over.res.status).toBe(400);
    expect(over.body.error).toMatchObject({ code: "parameter_out_of_range", details: { max: 200 } });
  });

  it("applies the key policy", async () => {
    await expectKeyPolicy(t.store, getPoliticians, "/v1/entities/politicians");
  });
});
