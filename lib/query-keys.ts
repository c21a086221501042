// Every React Query key of the dashboard, in one place, so invalidations always match their queries.
export const queryKeys = {
  keys: () => ["keys"] as const,
  usage: (days: number, keyId: string | null) => ["usage", days, keyId] as const,
};
