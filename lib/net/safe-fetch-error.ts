export const SAFE_FETCH_ERROR_CODES = [
  "invalid_url",
  "unsupported_protocol",
  "blocked_address",
  "dns_failure",
  "too_many_redirects",
  "redirect_loop",
  "timeout",
  "too_large",
  "http_status",
  "unsupported_content_type",
  "network",
] as const;
export type SafeFetchErrorCode = (typeof SAFE_FETCH_ERROR_CODES)[number];

/** Why a fetch was refused or failed. `transient` says whether a later retry may succeed. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
    readonly url: string,
    readonly extra: {
      httpStatus?: number;
      retryAfterMs?: number;
      address?: string;
      range?: string;
      /** The size cap a too_large body went past, and the length the server declared (if it did). */
      maxBytes?: number;
      declaredBytes?: number;
    } = {},
  ) {
    super(message);
    this.name = "SafeFetchError";
  }

  get transient(): boolean {
    if (this.code === "timeout" || this.code === "network" || this.code === "dns_failure") return true;
    const s = this.extra.httpStatus;
    return this.code === "http_status" && s !== undefined && (s === 408 || s === 429 || s >= 500);
  }
}

export function isSafeFetchError(e: unknown): e is SafeFetchError {
  return e instanceof SafeFetchError;
}
