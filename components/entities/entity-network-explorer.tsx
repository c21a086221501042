"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";

import { entityNetworkElements, mergeNetworks, type EntityNetworkData } from "@/lib/graph/cytoscape-elements";

import { GraphPanel } from "../graph/graph-panel";
import { Button } from "../ui/button";
import { Select } from "../ui/form";
import { Segmented } from "../ui/segmented";
import { ErrorState } from "../ui/states";
import { EntityTypeBadge } from "./entity-type-badge";
import { fetchEntityNetwork, useEntityNetwork } from "./use-entity-network";

const DEPTHS = [
  { value: 1, label: "1 hop" },
  { value: 2, label: "2 hops" },
  { value: 3, label: "3 hops" },
];
const LIMITS = [25, 50, 100, 200];
/** Nodes drawn before "show more": past about forty, labels and lines of a 450 px tall graph turn into a tangle. */
const NODE_CAP = { initial: 40, step: 40 };

interface Selected {
  id: number;
  name: string;
  type: string;
}

/**
 * The ego network of an entity with depth and edge-limit controls. A tap selects a node: it can then be expanded
 * in place (its own one-hop network merged in) or opened; a double tap opens it at once.
 */
export function EntityNetworkExplorer({
  entityId,
  entityName,
  initial,
}: {
  entityId: number;
  entityName: string;
  initial: { depth: number; limit: number; data: EntityNetworkData };
}) {
  const router = useRouter();
  const [depth, setDepth] = useState(initial.depth);
  const [limit, setLimit] = useState(initial.limit);
  const [extra, setExtra] = useState<EntityNetworkData[]>([]);
  const [selected, setSelected] = useState<Selected | null>(null);
  const [expanding, setExpanding] = useState(false);
  const [expandError, setExpandError] = useState<string | null>(null);
  const network = useEntityNetwork(entityId, depth, limit, initial);
  const merged = useMemo(
    () => extra.reduce(mergeNetworks, network.data ?? { nodes: [], edges: [] }),
    [extra, network.data],
  );
  // An expanded node's network stays in view whatever the cap.
  const elements = useMemo(
    () => entityNetworkElements(merged, entityId, new Set(extra.flatMap((x) => x.nodes.map((n) => n.id)))),
    [merged, entityId, extra],
  );

  const change = (next: { depth?: number; limit?: number }) => {
    setExtra([]);
    setSelected(null);
    if (next.depth !== undefined) setDepth(next.depth);
    if (next.limit !== undefined) setLimit(next.limit);
  };
  const expand = async (node: Selected) => {
    setExpanding(true);
    setExpandError(null);
    try {
      const more = await fetchEntityNetwork(node.id, 1, 50);
      setExtra((xs) => [...xs, more]);
    } catch (e) {
      setExpandError(e instanceof Error ? e.message : "the network could not be loaded");
    } finally {
      setExpanding(false);
    }
  };
  const pick = (d: Record<string, unknown>): Selected | null =>
    typeof d.entityId === "number"
      ? { id: d.entityId, name: String(d.name ?? d.label ?? ""), type: String(d.kind ?? "") }
      : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented label="Depth" options={DEPTHS} value={depth} onChange={(v) => change({ depth: v })} />
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Edges</span>
          <Select
            className="h-9 w-28"
            value={String(limit)}
            onChange={(e) => change({ limit: Number(e.target.value) })}
          >
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                up to {n}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {network.isError ? (
        <ErrorState
          title="The network could not be loaded"
          message={network.error.message}
          action={
            <Button variant="secondary" size="sm" onClick={() => void network.refetch()}>
              Try again
            </Button>
          }
        />
      ) : null}
      <div aria-busy={network.isFetching || expanding} className="relative">
        <GraphPanel
          elements={elements}
          cap={NODE_CAP}
          resetKey={`${depth}:${limit}`}
          noun="entities"
          legendNote="Outlined: this entity. Thicker line: more shared articles."
          label={`Network of ${entityName}: ${merged.nodes.length} entities and ${merged.edges.length} relationships`}
          height={448}
          onNodeTap={(d) => setSelected(pick(d))}
          onNodeOpen={(d) => {
            const node = pick(d);
            if (node) router.push(`/entities/${node.id}`);
          }}
        />
        <p className="text-muted mt-2 text-xs" role="status">
          {merged.nodes.length} entities, {merged.edges.length} relationships
          {network.isFetching || expanding ? " (loading…)" : ""}. Hover or select a node to see its
          relationships and their confidence; select it to expand or open it.
        </p>
      </div>
      {selected ? (
        <div
          data-testid="selected-node"
          className="border-line bg-subtle flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3"
        >
          <EntityTypeBadge type={selected.type} />
          <span className="font-medium">{selected.name}</span>
          <div className="ml-auto flex gap-2">
            {selected.id !== entityId ? (
              <Button
                variant="secondary"
                size="sm"
                disabled={expanding}
                onClick={() => void expand(selected)}
              >
                Expand here
              </Button>
            ) : null}
            <Link
              href={`/entities/${selected.id}`}
              className="text-accent self-center text-sm font-medium underline underline-offset-4"
            >
              Open {selected.name}
            </Link>
          </div>
          {expandError ? <p className="text-danger w-full text-sm">{expandError}</p> : null}
        </div>
      ) : null}
    </div>
  );
}
