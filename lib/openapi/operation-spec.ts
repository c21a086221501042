import type { z } from "zod";

import type { Plan } from "../db/types";

export type HttpMethod = "GET" | "POST";

/** Extra documentation for a parameter the zod schema cannot express (a length bound hidden in a refinement). */
export interface ParamDoc {
  description?: string;
  schema?: Record<string, unknown>;
}

/** Credits an operation charges for a 2xx response (contract §5.2). */
export interface CreditCost {
  credits: number;
  /** Extra credits when include_embeddings (or an embedding filter) is used. */
  embeddingsExtra?: number;
  /** Whether the cost is per page (backtest). */
  perPage?: boolean;
}

/**
 * One REST operation of contract §1: everything the OpenAPI document and the contract suite need to know about it.
 * `query`, `body` and `params` are the zod schemas the route validates with; `response` is the schema its 2xx body
 * satisfies.
 */
export interface OperationSpec {
  /** The row number in contract §1. */
  n: number;
  operationId: string;
  method: HttpMethod;
  /** The path template, as written in the contract and in usage records, e.g. `/v1/stories/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** False only for /v1/version. */
  auth: boolean;
  scope: "read" | null;
  /** The plan the endpoint needs; null when every plan may call it. */
  minTier: Plan | null;
  /** Features of the request that need a higher plan than the endpoint (contract §3.3). */
  featureTiers?: Array<{ feature: string; tier: Plan }>;
  /** False when the sandbox demo key is refused (contract §3.1). */
  demoAllowed: boolean;
  cost: CreditCost;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  paramDocs?: Record<string, ParamDoc>;
  response: z.ZodType;
  /** The resource a 404 `not_found` can name, when the operation looks one up. */
  notFound?: string;
}
