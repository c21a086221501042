// Domain errors carry a contract error code (contract §4.2). Only lib/api/errors.ts turns them into HTTP.
// A brand symbol, not `instanceof`, identifies them: the custom server and Next's route bundle load
// separate copies of this module in one process, so class identity cannot be relied on.
const BRAND = Symbol.for("lede.domainError");

export type ErrorDetails = Record<string, unknown>;

export class DomainError extends Error {
  readonly [BRAND] = true;
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export function isDomainError(e: unknown): e is DomainError {
  return typeof e === "object" && e !== null && (e as Record<symbol, unknown>)[BRAND] === true;
}

export class NotFoundError extends DomainError {
  constructor(resource: string, id: string | number) {
    super("not_found", 404, `${resource} ${id} not found`, { resource });
  }
}

export class ValidationError extends DomainError {
  constructor(code: string, message: string, details?: ErrorDetails) {
    super(code, 400, message, details);
  }
}
