import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { setApiDepsForTesting } from "@/lib/api/deps";
import { ENTITY_FIELDS, insertEntity } from "@/lib/entities/queries/test-fixtures";
import { addArticles, expectKeyPolicy } from "@/lib/search/test-fixtures";
import { get, testApiDeps } from "@/lib/testing/api-deps";
import { testSource } from "@/lib/testing/temp-store";

import { GET as getPoliticians } from "./route";

let t: ReturnType<typeof testApiDeps>;
let key: string;
const ids: Record<string, number> = {};
beforeEach(async () => {
  t = testApiDeps();
  setApiDepsForTesting(async () => t.deps);
  key = await t.key();
  const source = await testSource(t.store);
  const arts = await addArticles(
    t.store,
    source,
    [1, 2, 3, 4].map((i) => ({
      title: `Report ${i}`,
      url: `https://wire.test/${i}`,
      discoveredAt: i * 1_000,
    })),
  );
  ids.biden = insertEntity(t.store, {
    name: "Joe Biden",
    subcategory: "politician",
    aliases: ["Biden", "President Biden"],
    description: "46th president of the United States",
    imageUrl: "https://img.test/biden.jpg",
    wikidataId: "Q6279",
    wikipediaUrl: "https://en.wikipedia.org/wiki/Joe_Biden",
    enriched: true,
    articles: arts.slice(0, 3),
  });
  ids.macron = insertEntity(t.store, {
    name: "Emmanuel Macron",
    subcategory: "politician",
    articles: arts.slice(0, 2),
  });
  ids.apple = insertEntity(t.store, {
    name: "Apple",
    type: "org",
    subcategory: "company",
    aliases: ["Apple Inc."],
    articles: arts,
  });
  ids.saoPaulo = insertEntity(t.store, {
    name: "São Paulo",
    type: "location",
    subcategory: "city",
    articles: arts.slice(3),
  });
  ids.institute = insertEntity(t.store, { name: "Bidenomics Institute", type: "org", articleCount: 1 });
  ids.friends = insertEntity(t.store, { name: "Friends of Biden", type: "org", articleCount: 10 });
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
