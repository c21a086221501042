// The server's own zod schemas, to check what the client returns against what the contract promises.
import type { z } from "zod";

import { OPERATIONS as SERVER_OPERATIONS } from "../../../../lib/api/operations";
import { EVENT_MESSAGES } from "../../../../lib/asyncapi/messages";

/** Parses a result with the response schema the server's contract suite uses for the operation; throws if off. */
export function expectShape(operationId: string, value: unknown): void {
  const op = SERVER_OPERATIONS.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  const parsed = (op.response as z.ZodType).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${operationId}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
}

/** Parses a feed event with the AsyncAPI document's schema of its type. */
export function expectEventShape(event: { type: string }): void {
  const schema = EVENT_MESSAGES[event.type as keyof typeof EVENT_MESSAGES];
  if (!schema) throw new Error(`unknown event type ${event.type}`);
  const parsed = schema.safeParse(event);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${event.type}: ${issue?.path.join(".")}: ${issue?.message}`);
  }
}

export const SERVER_OPERATION_IDS = SERVER_OPERATIONS.map((o) => o.operationId);
