import type { ApiEntity, GraphNode } from "../entities/queries/serialize";

/** A Cytoscape element definition (`cy.add` accepts these as they are); kept free of the library's types. */
export interface GraphElement {
  group: "nodes" | "edges";
  data: {
    id: string;
    label: string;
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

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/** "works for · 82 %": the relationship type in words and the confidence, the label of a network edge. */
export function relationshipLabel(type: string, confidence: number): string {
  return `${type.replace(/_/g, " ")} · ${Math.round(confidence * 100)} %`;
}

/** The story in the middle, its entities around it; each edge weighs the entity's mentions in the story. */
export function storyEntityElements(g: StoryEntityGraphData): GraphElement[] {
  const storyId = `s${g.story.id}`;
  const mentions = new Map(g.edges.map((e) => [e.entity_id, e.mention_count]));
  return [
    {
      group: "nodes",
      data: { id: storyId, label: clip(g.story.headline, 48), kind: "story" },
      classes: "story",
    },
    ...g.entities.map(
      (e): GraphElement => ({
        group: "nodes",
        data: {
          id: entityNodeId(e.id),
          label: e.name,
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

/** An ego network: entities as nodes (the centre marked), relationships as labelled, weighted edges. */
export function entityNetworkElements(net: EntityNetworkData, centreId: number): GraphElement[] {
  const nodes = net.nodes.map(
    (n): GraphElement => ({
      group: "nodes",
      data: { id: entityNodeId(n.id), label: n.name, kind: n.type, entityId: n.id, slug: n.slug },
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
