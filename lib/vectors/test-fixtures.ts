// Vectors for the vector-search and embeddings tests, stored the way the enrichment stage stores them: one vec0 row
// per article (or story) keyed by its id, written through the logged writer (so the vector index sees it), and the
// model name on the owning row.
import { expect } from "vitest";

import type { SqliteStore } from "../db/sqlite/sqlite-store";
import { vectorsCommitted, vectorWrites } from "../db/sqlite/vector-writes";
import type { Plan } from "../db/types";
import { EMBEDDING_DIMENSIONS } from "../embeddings/embedder";
import { hashKey } from "../keys/key-format";
import { ensureDemoKey } from "../keys/verify-key";
import type { RateLimiter } from "../quota/rate-limiter";
import { keyWithScopes } from "../search/test-fixtures";

/** A unit vector at cosine `c` from axis 0, the rest of its length on `axis`. */
export function towardAxis0(c: number, axis = 1): Float32Array {
  const v = new Float32Array(EMBEDDING_DIMENSIONS);
  v[0] = c;
  v[axis] = Math.sqrt(1 - c * c);
  return v;
}

export function putArticleVector(
  store: SqliteStore,
  articleId: number,
  v: Float32Array,
  model = "test-model",
) {
  vectorWrites(store.db).put("article", articleId, v);
  store.db.prepare("UPDATE articles SET embedding_model = ? WHERE id = ?").run(model, articleId);
  vectorsCommitted(store.db);
}

export function putStoryVector(store: SqliteStore, storyId: number, v: Float32Array, model = "test-model") {
  vectorWrites(store.db).put("story", storyId, v);
  store.db.prepare("UPDATE stories SET embedding_model = ? WHERE id = ?").run(model, storyId);
  vectorsCommitted(store.db);
}

type Handler = (req: Request) => Promise<Response>;
type Keys = {
  key(plan?: Plan, scopes?: string[]): Promise<string>;
  deps: { limiter: RateLimiter; now?: () => number };
};

const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error;

/**
 * The key policy of a Pro-only route (contract §3, §4.2, §5): 401 without a key or with an unknown one, 403
 * `insufficient_scope` without `read`, 403 `tier_required` (required_tier pro) for free and starter keys and the
 * sandbox demo key, none of them charged; Pro and Business keys are served; a Pro key past its 600 requests a
 * minute gets 429 `rate_limited`.
 * `request(key)` builds a valid request.
 */
export async function expectProKeyPolicy(
  t: Keys & { store: SqliteStore },
  handler: Handler,
  request: (key?: string) => Request,
): Promise<void> {
  const missing = await handler(request());
  expect(missing.status).toBe(401);
  expect((await errorOf(missing)).code).toBe("missing_api_key");
  const unknown = await handler(request(`lede_live_${"0".repeat(64)}`));
  expect((await errorOf(unknown)).code).toBe("invalid_api_key");
  const narrow = await handler(request(await keyWithScopes(t.store, ["ws:connect"])));
  expect(narrow.status).toBe(403);
  expect((await errorOf(narrow)).code).toBe("insufficient_scope");

  const demo = `lede_test_${"d".repeat(64)}`;
  await ensureDemoKey(t.store, demo);
  for (const key of [await t.key("free"), await t.key("starter"), demo]) {
    const res = await handler(request(key));
    expect(res.status).toBe(403);
    expect(await errorOf(res)).toMatchObject({ code: "tier_required", details: { required_tier: "pro" } });
    expect(res.headers.get("X-Credits-Cost")).toBe("0");
  }
  for (const plan of ["pro", "business"] as const)
    expect((await handler(request(await t.key(plan)))).status).toBe(200);

  // Spend the Pro key's minute budget (600) in the limiter itself: 600 real calls would only make the test slow.
  const pro = await t.key("pro");
  const stored = await t.store.keys.findByHash(hashKey(pro));
  const now = t.deps.now?.() ?? Date.now();
  for (let i = 0; i < 600; i++) t.deps.limiter.hit(stored!.id, 600, now);
  const limited = await handler(request(pro));
  expect(limited.status).toBe(429);
  expect((await errorOf(limited)).code).toBe("rate_limited");
  expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
}
