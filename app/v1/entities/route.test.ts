import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { ENTITY_FIELDS, seedEntityCast } from "@/lib/entities/queries/test-fixtures";
import { expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";

import { GET } from "./route";

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
  const res = await GET(get(`/v1/entities${qs ? `?${qs}` : ""}`, key));
  return { res, body: (await res.json()) as Page & { error?: Record<string, unknown> } };
};

describe("GET /v1/entities", () => {
  it("lists entities with the §6.5 fields, most articles first (ties by id descending), for 1 credit", async () => {
    const { res, body } = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Credits-Cost")).toBe("1");
    expect(body).toMatchObject({ total: 6, offset: 0, limit: 60 });
    expect(body.entities.map((e) => e.name)).toEqual([
      "Friends of Biden",
      "Apple",
      "Joe Biden",
      "Emmanuel Macron",
      "Bidenomics Institute",
      "São Paulo",
    ]);
    const biden = body.entities.find((e) => e.id === ids.biden)!;
    expect(Object.keys(biden).sort()).toEqual(ENTITY_FIELDS);
    expect(biden).toEqual({
      id: ids.biden,
      name: "Joe Biden",
      type: "person",
      subcategory: "politician",
      slug: `joe-biden-${ids.biden}`,
      description: "46th president of the United States",
      image_url: "https://img.test/biden.jpg",
      wikidata_id: "Q6279",
      wikipedia_url: "https://en.wikipedia.org/wiki/Joe_Biden",
      article_count: 3,
      aliases: ["Biden", "President Biden"],
      enriched: true,
    });
    const friends = body.entities.find((e) => e.id === ids.friends)!;
    expect(friends).toMatchObject({
      subcategory: null,
      description: null,
      image_url: null,
      wikidata_id: null,
      wikipedia_url: null,
      aliases: [],
      enriched: false,
    });
  });

  it("matches q on names and aliases, case-insensitively, prefix matches before substring matches", async () => {
    const { body } = await list("q=BIDEN");
    // "Biden" (an alias) and "Bidenomics…" start with the text; "Friends of Biden" only contains it.
    expect(body.entities.map((e) => e.name)).toEqual([
      "Joe Biden",
      "Bidenomics Institute",
      "Friends of Biden",
    ]);
    expect(body.total).toBe(3);
    expect((await list("q=inc.")).body.entities.map((e) => e.name)).toEqual(["Apple"]);
    expect((await list("q=%C3%A3o")).body.entities.map((e) => e.name)).toEqual(["São Paulo"]);
    expect((await list("q=SAO")).body.entities.map((e) => e.name)).toEqual(["São Paulo"]);
    expect((await list("q=%25")).body.total).toBe(0);
    expect((await list("q=_")).body.total).toBe(0);
    expect((await list("q=")).body.total).toBe(6);
  });

  it("filters by type and subcategory and pages with limit/offset", async () => {
    expect((await list("type=org")).body.entities.map((e) => e.name)).toEqual([
      "Friends of Biden",
      "Apple",
      "Bidenomics Institute",
    ]);
    expect((await list("subcategory=City")).body.entities.map((e) => e.id)).toEqual([ids.saoPaulo]);
    expect((await list("type=person&q=macron")).body.entities.map((e) => e.id)).toEqual([ids.macron]);
    const page = (await list("limit=2&offset=2")).body;
    expect(page).toMatchObject({ total: 6, offset: 2, limit: 2 });
    expect(page.entities.map((e) => e.name)).toEqual(["Joe Biden", "Emmanuel Macron"]);
    expect((await list("offset=10")).body).toMatchObject({ entities: [], total: 6 });
  });

  it("answers 400 for out-of-range and invalid parameters, charging nothing", async () => {
    for (const [qs, code, details] of [
      ["limit=0", "parameter_out_of_range", { param: "limit", min: 1 }],
      ["limit=201", "parameter_out_of_range", { param: "limit", max: 200 }],
      ["offset=-1", "parameter_out_of_range", { param: "offset", min: 0 }],
      ["limit=ten", "invalid_parameter", { param: "limit" }],
      ["type=place", "invalid_parameter", { param: "type" }],
      [`q=${"x".repeat(201)}`, "invalid_parameter", { param: "q" }],
    ] as const) {
      const { res, body } = await list(qs);
      expect(res.status, qs).toBe(400);
      expect(body.error, qs).toMatchObject({ code, status: 400, details });
      expect(res.headers.get("X-Credits-Cost")).toBe("0");
    }
    expect((await list("limit=200")).res.status).toBe(200);
  });

  it("applies the key policy: 401, 403 without read, demo key limited to 5 a minute", async () => {
    await expectKeyPolicy(t.store, GET, "/v1/entities");
  });
});
