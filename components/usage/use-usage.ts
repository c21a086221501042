"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";

import { queryKeys } from "@/lib/query-keys";
import type { UsageView } from "@/lib/usage/chart-data";

import { apiFetch } from "../providers/api-fetch";

/** New calls appear within this long: the empty state promises "within a second". */
const REFRESH_MS = 1_000;

/**
 * The account's usage over the last `days` UTC days, for one key or all; the previous range stays shown while
 * loading. Usage has no event on the live stream, so the page asks again every second while it is visible (the
 * server flushes its buffered usage rows first); a hidden tab stops asking.
 */
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
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
