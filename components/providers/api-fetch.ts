/** A failed dashboard API call, carrying the contract's error code (§4) and the field it concerns. */
export class ApiClientError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly param?: string,
  ) {
    super(message);
    this.name = "ApiClientError";
  }
}

/** Calls a same-origin dashboard endpoint with JSON in and out; any non-2xx becomes an ApiClientError. */
export async function apiFetch<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      headers: init.body === undefined ? undefined : { "Content-Type": "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiClientError(
      "The server could not be reached. Check your connection and try again.",
      "network",
      0,
    );
  }
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; details?: { param?: string } } } | null)
      ?.error;
    throw new ApiClientError(
      err?.message ?? `request failed with status ${res.status}`,
      err?.code ?? "unknown",
      res.status,
      err?.details?.param,
    );
  }
  return data as T;
}
