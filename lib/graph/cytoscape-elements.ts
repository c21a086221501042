import type { ApiEntity, GraphNode } from "../entities/queries/serialize";
import { LABEL_MAX, shortLabel } from "./labels";

/**
 * A Cytoscape element definition (`cy.add` accepts these as they are); kept free of the library's types. A node's
 * `label` is what the canvas draws (cut to whole words), `name` its full text; `pinned` nodes are never capped away.
 */
export interface GraphElement {
  group: "nodes" | "edges";
  data: {
    id: string;
    label: string;
    name?: string;
    pinned?: number;
    source?: string;
    target?: string;
    [k: string]: string | number | undefined;
  };
  classes?: string;
}

export interface StoryEntityGraphData {
  story: { id: number; headline: string };
  entities: Array<Pick<ApiEntity, "id" | "name" | "type">>;
  edges: Array<{ story_id: number; entity_id: number; mention_count: number }>;
}

export interface EntityNetworkData {
  nodes: GraphNode[];
  edges: Array<{
    id: number;
    source_entity_id: number;
    target_entity_id: number;
    relationship_type: string;
    confidence: number;
    article_count: number;
  }>;
}

const entityNodeId = (id: number) => `e${id}`;

/** "works for · 82 %": the relationship type in words and the confidence, the label of a network edge. */
export function relationshipLabel(type: string, confidence: number): string {
  return `${type.replace(/_/g, " ")} · ${Math.round(confidence * 100)} %`;
}

/**
 * The story in the middle (pinned), its entities around it in the given order (most mentioned first); each edge
 * weighs the entity's mentions in the story.
 */
export function storyEntityElements(g: StoryEntityGraphData): GraphElement[] {
  const storyId = `s${g.story.id}`;
  const mentions = new Map(g.edges.map((e) => [e.entity_id, e.mention_count]));
  return [
    {
      group: "nodes",
      data: {
        id: storyId,
        label: shortLabel(g.story.headline, LABEL_MAX.story),
        name: g.story.headline,
        kind: "story",
        pinned: 1,
      },
      classes: "story",
    },
    ...g.entities.map(
      (e): GraphElement => ({
        group: "nodes",
        data: {
          id: entityNodeId(e.id),
          label: shortLabel(e.name, LABEL_MAX.entity),
          name: e.name,
          kind: e.type,
          entityId: e.id,
          weight: mentions.get(e.id) ?? 1,
        },
        classes: e.type,
      }),
    ),
    ...g.edges
      .filter((e) => g.entities.some((x) => x.id === e.entity_id))
      .map(
        (e): GraphElement => ({
          group: "edges",
          data: {
            id: `s${e.story_id}-e${e.entity_id}`,
            source: storyId,
            target: entityNodeId(e.entity_id),
            label: `${e.mention_count} mention${e.mention_count === 1 ? "" : "s"}`,
            weight: e.mention_count,
          },
        }),
      ),
  ];
}

/**
 * An ego network: entities as nodes in the network's order (the centre marked), relationships as labelled, weighted
 * edges. The centre and the entities in `pinned` (those of expanded nodes) are pinned.
 */
export function entityNetworkElements(
  net: EntityNetworkData,
  centreId: number,
  pinned: ReadonlySet<number> = new Set(),
): GraphElement[] {
  const nodes = net.nodes.map(
    (n): GraphElement => ({
      group: "nodes",
      data: {
        id: entityNodeId(n.id),
        label: shortLabel(n.name, LABEL_MAX.entity),
        name: n.name,
        kind: n.type,
        entityId: n.id,
        slug: n.slug,
        ...(n.id === centreId || pinned.has(n.id) ? { pinned: 1 } : {}),
      },
      classes: n.id === centreId ? `${n.type} centre` : n.type,
    }),
  );
  const present = new Set(net.nodes.map((n) => n.id));
  const edges = net.edges
    .filter((e) => present.has(e.source_entity_id) && present.has(e.target_entity_id))
    .map(
      (e): GraphElement => ({
        group: "edges",
        data: {
          id: `r${e.id}`,
          source: entityNodeId(e.source_entity_id),
          target: entityNodeId(e.target_entity_id),
          label: relationshipLabel(e.relationship_type, e.confidence),
          relationship: e.relationship_type,
          confidence: e.confidence,
          weight: e.article_count,
        },
      }),
    );
  return [...nodes, ...edges];
}

/** Two networks as one (a node expanded in place): nodes and edges by id, the first network's order first. */
export function mergeNetworks(a: EntityNetworkData, b: EntityNetworkData): EntityNetworkData {
  const nodes = new Map(a.nodes.map((n) => [n.id, n]));
  for (const n of b.nodes) if (!nodes.has(n.id)) nodes.set(n.id, n);
  const edges = new Map(a.edges.map((e) => [e.id, e]));
  for (const e of b.edges) if (!edges.has(e.id)) edges.set(e.id, e);
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}
