import Link from "next/link";

import type { EntityNetworkData } from "@/lib/graph/cytoscape-elements";

/** The network's strongest edges as text: the graph's accessible counterpart. */
export function RelationshipList({ network, max }: { network: EntityNetworkData; max: number }) {
  const names = new Map(network.nodes.map((n) => [n.id, n.name]));
  const edges = [...network.edges]
    .sort((a, b) => b.article_count * b.confidence - a.article_count * a.confidence)
    .slice(0, max);
  if (edges.length === 0) return <p className="text-muted text-sm">None yet.</p>;
  const entity = (id: number) => (
    <Link href={`/entities/${id}`} className="underline underline-offset-4 hover:decoration-2">
      {names.get(id) ?? `#${id}`}
    </Link>
  );
  return (
    <ul className="space-y-2 text-sm" data-testid="relationships">
      {edges.map((e) => (
        <li key={e.id}>
          {entity(e.source_entity_id)}{" "}
          <span className="text-muted">{e.relationship_type.replace(/_/g, " ")}</span>{" "}
          {entity(e.target_entity_id)}
          <span className="text-muted block text-xs">
            {Math.round(e.confidence * 100)} % confidence · {e.article_count} article
            {e.article_count === 1 ? "" : "s"}
          </span>
        </li>
      ))}
    </ul>
  );
}
