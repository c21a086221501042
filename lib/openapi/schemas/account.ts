import { z } from "zod";

import { Count, Ms, PLAN_TIER } from "./common";

/** Usage report (contract §6.13). */
export const UsageReport = z.strictObject({
  key_id: z.string().regex(/^key_[0-9a-f]{16}$/),
  tier: z.enum(PLAN_TIER),
  quota: z.strictObject({
    monthly_limit: Count,
    monthly_used: Count,
    pct_used: z.number().int().min(0).describe("floor(100 × used / limit); always a JSON integer"),
    grace_limit: Count,
    resets_at_ms: Ms,
  }),
  summary: z.strictObject({
    total_requests: Count,
    total_bytes: Count,
    total_errors: Count,
    avg_latency_ms: z.number().min(0),
    top_endpoints: z
      .array(z.strictObject({ endpoint: z.string().regex(/^(GET|POST) \/v1\/\S+$/), count: Count }))
      .max(10),
  }),
  daily: z.array(z.strictObject({ day_ms: Ms, requests: Count, errors: Count, bytes: Count })),
});

/** Stats (contract §6.14). */
export const Stats = z.strictObject({
  total_articles: Count,
  total_stories: Count,
  total_entities: Count,
  total_sources: Count,
});

/** Version info (contract §6.14). */
export const VersionInfo = z.strictObject({
  api_major: z.literal("v1"),
  api_latest: z.string().regex(/^\d+\.\d+\.\d+$/),
  supported_api_majors: z.array(z.string().regex(/^v\d+$/)),
  sunset: z.record(z.string(), z.string()),
  sdk_recommendations: z.strictObject({ typescript: z.string(), python: z.string() }),
  generated_at: z.iso.datetime(),
});
