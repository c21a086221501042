"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { queryKeys } from "@/lib/query-keys";
import type { UsageView } from "@/lib/usage/chart-data";

import { apiFetch } from "../providers/api-fetch";

/** The account's usage over the last `days` UTC days, for one key or all; the previous range stays shown while loading. */
export function useUsage(days: number, keyId: string | null, initial?: UsageView) {
  return useQuery({
    queryKey: queryKeys.usage(days, keyId),
    queryFn: () => {
      const q = new URLSearchParams({ days: String(days) });
      if (keyId) q.set("key_id", keyId);
      return apiFetch<UsageView>(`/api/internal/usage?${q}`);
    },
    initialData: initial,
    placeholderData: keepPreviousData,
  });
}
