import type { Env } from "../env";
import { parseAllowList } from "./ip-policy";
import type { SafeFetchOptions } from "./safe-fetch";
import { DEFAULT_USER_AGENT } from "./user-agent";

/**
 * The operator's fetch settings for any user- or feed-supplied URL: the private-address allowlist (empty unless
 * LEDE_FETCH_ALLOW_PRIVATE says otherwise) and the User-Agent.
 */
export function fetchOptionsFromEnv(
  e: Pick<Env, "LEDE_FETCH_ALLOW_PRIVATE" | "LEDE_USER_AGENT">,
): SafeFetchOptions {
  return {
    allow: parseAllowList(e.LEDE_FETCH_ALLOW_PRIVATE),
    userAgent: e.LEDE_USER_AGENT ?? DEFAULT_USER_AGENT,
  };
}
