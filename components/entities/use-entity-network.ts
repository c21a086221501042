"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";

import type { EntityNetworkData } from "@/lib/graph/cytoscape-elements";
import { queryKeys } from "@/lib/query-keys";

import { apiFetch } from "../providers/api-fetch";

export function fetchEntityNetwork(entityId: number, depth: number, limit: number) {
  const q = new URLSearchParams({ entity_id: String(entityId), depth: String(depth), limit: String(limit) });
  return apiFetch<EntityNetworkData>(`/api/internal/entity-network?${q}`);
}

/** An entity's ego network at a depth and edge limit; the previous network stays shown while the next loads. */
export function useEntityNetwork(
  entityId: number,
  depth: number,
  limit: number,
  initial?: { depth: number; limit: number; data: EntityNetworkData },
) {
  return useQuery({
    queryKey: queryKeys.entityNetwork(entityId, depth, limit),
    queryFn: () => fetchEntityNetwork(entityId, depth, limit),
    initialData: initial && initial.depth === depth && initial.limit === limit ? initial.data : undefined,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
