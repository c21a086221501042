import type { EntityRelationshipRecord, Store } from "../db/store";
import { toGraphNode, type GraphNode } from "../entities/queries/serialize";
import { NotFoundError } from "../errors";
import type { EntityNetworkQuery } from "./schemas";

/** Entity relationship edge (contract §6.6). */
function toEdge(r: EntityRelationshipRecord, nodes: Map<number, GraphNode>) {
  return {
    id: r.id,
    source_entity_id: r.sourceEntityId,
    target_entity_id: r.targetEntityId,
    relationship_type: r.relationshipType,
    confidence: r.confidence,
    article_count: r.articleCount,
    source_entity: nodes.get(r.sourceEntityId) ?? null,
    target_entity: nodes.get(r.targetEntityId) ?? null,
  };
}

/**
 * The edges of the ego network, breadth-first: ring d holds the relationships touching an entity first reached in
 * ring d − 1 (not already taken), strongest first by `article_count × confidence`, ties by id descending. Rings are
 * taken whole while the `limit` allows; the ring that reaches it keeps only its strongest edges, and exploration
 * stops there. Every kept edge therefore touches an entity reached through kept edges: the result stays connected
 * to the centre, and a nearer edge always wins over a farther one.
 */
export async function egoEdges(store: Store, centreId: number, depth: number, limit: number) {
  const kept: EntityRelationshipRecord[] = [];
  const reached = new Set([centreId]);
  let frontier = [centreId];
  for (let ring = 1; ring <= depth && frontier.length > 0 && kept.length < limit; ring++) {
    const edges = await store.entities.strongestRelationships({
      entityIds: frontier,
      excludeIds: kept.map((e) => e.id),
      limit: limit - kept.length,
    });
    kept.push(...edges);
    frontier = [];
    for (const e of edges)
      for (const id of [e.sourceEntityId, e.targetEntityId])
        if (!reached.has(id)) {
          reached.add(id);
          frontier.push(id);
        }
  }
  return kept;
}

/**
 * GET /v1/graph/entity-network: `{nodes, edges}`. Edges come in exploration order (ring by ring, strongest first);
 * nodes are the centre first, then every endpoint in order of first appearance in `edges`.
 */
export async function entityNetwork(store: Store, q: EntityNetworkQuery) {
  const centre = await store.entities.get(q.entity_id);
  if (!centre) throw new NotFoundError("entity", q.entity_id);
  const edges = await egoEdges(store, centre.id, q.depth, q.limit);
  const order = [centre.id];
  const seen = new Set(order);
  for (const e of edges)
    for (const id of [e.sourceEntityId, e.targetEntityId])
      if (!seen.has(id)) {
        seen.add(id);
        order.push(id);
      }
  const nodes = (await store.entities.getMany(order)).map(toGraphNode);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return { nodes, edges: edges.map((e) => toEdge(e, byId)) };
}
