/** Details of an API error (contract §4.1). */
export interface ErrorInit {
  code: string;
  message: string;
  status: number;
  requestId?: string | null;
  details?: Record<string, unknown>;
  retryAfter?: number | null;
  cause?: unknown;
}

/** Any error of the client: an error answer of the API, or a failure to reach it (`status` 0). */
export class LedeError extends Error {
  /** Stable, machine-readable code (contract §4.2), e.g. `not_found`, `rate_limited`. */
  readonly code: string;
  /** The HTTP status; 0 when no answer came. */
  readonly status: number;
  /** The request id the server gave (`X-Request-Id`), to quote in a support request. */
  readonly requestId: string | null;
  readonly details: Record<string, unknown>;
  /** Seconds the server asked to wait (`Retry-After`), on 429 and 503. */
  readonly retryAfter: number | null;

  constructor(init: ErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId ?? null;
    this.details = init.details ?? {};
    this.retryAfter = init.retryAfter ?? null;
  }

  /** The request id under its wire name (`error.request_id`). */
  get request_id(): string | null {
    return this.requestId;
  }
}

/** 400: a parameter or the body failed validation (`details.param` names it). */
export class BadRequestError extends LedeError {}
/** 401: no key, or a malformed, unknown or revoked one. */
export class AuthenticationError extends LedeError {}
/** 403: the key lacks the scope, the plan lacks the tier, or the demo key is refused. */
export class PermissionDeniedError extends LedeError {}
/** 404: an unknown id or slug (`details.resource`), or an unknown path. */
export class NotFoundError extends LedeError {}
/** 429: over the per-minute limit (`rate_limited`) or out of monthly credits (`quota_exhausted`). */
export class RateLimitError extends LedeError {}
/** 5xx: an unexpected failure, or an unavailable dependency (503). */
export class ServerError extends LedeError {}
/** The server could not be reached, or the connection broke. */
export class ConnectionError extends LedeError {}
/** No answer within the timeout. */
export class TimeoutError extends ConnectionError {}

/** An `error` message of the live feed; `closeCode` is set when the server closed the connection after it. */
export class RealtimeError extends LedeError {
  readonly closeCode: number | null;

  constructor(code: string, message: string, closeCode: number | null = null) {
    super({ code, message, status: 0 });
    this.closeCode = closeCode;
  }
}

export function errorClassFor(status: number): new (init: ErrorInit) => LedeError {
  switch (status) {
    case 400:
      return BadRequestError;
    case 401:
      return AuthenticationError;
    case 403:
      return PermissionDeniedError;
    case 404:
      return NotFoundError;
    case 429:
      return RateLimitError;
    default:
      return status >= 500 ? ServerError : LedeError;
  }
}
