import type { Plan } from "./db/types";

export interface PlanLimits {
  priceUsd: number;
  monthlyCredits: number;
  requestsPerMinute: number;
  wsConnections: number;
}

/** Contract §5.1. Grace is floor(credits × 1.10). */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { priceUsd: 0, monthlyCredits: 1_000, requestsPerMinute: 30, wsConnections: 0 },
  starter: { priceUsd: 29, monthlyCredits: 30_000, requestsPerMinute: 120, wsConnections: 2 },
  pro: { priceUsd: 99, monthlyCredits: 150_000, requestsPerMinute: 600, wsConnections: 10 },
  business: { priceUsd: 299, monthlyCredits: 600_000, requestsPerMinute: 1_800, wsConnections: 50 },
};

export const DEMO_REQUESTS_PER_MINUTE = 5;

const ORDER: Plan[] = ["free", "starter", "pro", "business"];

export function planAtLeast(plan: Plan, min: Plan): boolean {
  return ORDER.indexOf(plan) >= ORDER.indexOf(min);
}

export function graceLimit(monthly: number): number {
  return Math.floor((monthly * 110) / 100);
}
