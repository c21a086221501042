// Every /v1 route module, by the path template it serves, so that tests call the real handlers.

export type RouteHandler = (
  req: Request,
  ctx?: { params?: Promise<Record<string, string | string[] | undefined>> },
) => Response | Promise<Response>;

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type RouteModule = Partial<Record<(typeof HTTP_METHODS)[number], RouteHandler>>;

export const ROUTE_MODULES: Record<string, () => Promise<RouteModule>> = {
  "/v1/stories": () => import("@/app/v1/stories/route"),
  "/v1/stories/ranked": () => import("@/app/v1/stories/ranked/route"),
  "/v1/stories/{id}": () => import("@/app/v1/stories/[id]/route"),
  "/v1/stories/{id}/developments": () => import("@/app/v1/stories/[id]/developments/route"),
  "/v1/stories/{id}/updates": () => import("@/app/v1/stories/[id]/updates/route"),
  "/v1/items": () => import("@/app/v1/items/route"),
  "/v1/item": () => import("@/app/v1/item/route"),
  "/v1/content": () => import("@/app/v1/content/route"),
  "/v1/related": () => import("@/app/v1/related/route"),
  "/v1/search": () => import("@/app/v1/search/route"),
  "/v1/search/full": () => import("@/app/v1/search/full/route"),
  "/v1/search/suggest": () => import("@/app/v1/search/suggest/route"),
  "/v1/search/vector": () => import("@/app/v1/search/vector/route"),
  "/v1/embeddings": () => import("@/app/v1/embeddings/route"),
  "/v1/entities": () => import("@/app/v1/entities/route"),
  "/v1/entities/politicians": () => import("@/app/v1/entities/politicians/route"),
  "/v1/entities/trending": () => import("@/app/v1/entities/trending/route"),
  "/v1/entities/{id}": () => import("@/app/v1/entities/[id]/route"),
  "/v1/entities/{id}/articles": () => import("@/app/v1/entities/[id]/articles/route"),
  "/v1/graph/entity-network": () => import("@/app/v1/graph/entity-network/route"),
  "/v1/graph/story-entity": () => import("@/app/v1/graph/story-entity/route"),
  "/v1/graph/topic-cluster": () => import("@/app/v1/graph/topic-cluster/route"),
  "/v1/source-rankings": () => import("@/app/v1/source-rankings/route"),
  "/v1/sources": () => import("@/app/v1/sources/route"),
  "/v1/categories": () => import("@/app/v1/categories/route"),
  "/v1/tags": () => import("@/app/v1/tags/route"),
  "/v1/backtest": () => import("@/app/v1/backtest/route"),
  "/v1/usage": () => import("@/app/v1/usage/route"),
  "/v1/stats": () => import("@/app/v1/stats/route"),
  "/v1/version": () => import("@/app/v1/version/route"),
};

/** The file of the route serving a path template, e.g. `/v1/stories/{id}` → `app/v1/stories/[id]/route.ts`. */
export function routeFileOf(path: string): string {
  return `app${path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
}
