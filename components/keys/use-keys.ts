"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";

import type { IssuedKey } from "@/lib/auth/account-keys/create-key";
import type { KeyView } from "@/lib/auth/account-keys/key-view";
import { queryKeys } from "@/lib/query-keys";

import { apiFetch } from "../providers/api-fetch";

export function useKeys(initial: KeyView[]) {
  return useQuery({
    queryKey: queryKeys.keys(),
    queryFn: async () => (await apiFetch<{ keys: KeyView[] }>("/api/internal/keys")).keys,
    initialData: initial,
  });
}

function useKeyMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.keys() }),
  });
}

export const useCreateKey = () =>
  useKeyMutation((input: { name: string; scopes: string[] }) =>
    apiFetch<IssuedKey>("/api/internal/keys", { body: input }),
  );

export const useRevokeKey = () =>
  useKeyMutation((id: string) => apiFetch<{ key: KeyView }>(`/api/internal/keys/${id}/revoke`, { body: {} }));

export const useRotateKey = () =>
  useKeyMutation((input: { id: string; graceSeconds: number }) =>
    apiFetch<IssuedKey & { previous: KeyView }>(`/api/internal/keys/${input.id}/rotate`, {
      body: { grace_seconds: input.graceSeconds },
    }),
  );
