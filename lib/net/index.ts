export { fetchOptionsFromEnv } from "./fetch-options";
export { parseAllowList, type AllowRule } from "./ip-policy";
export {
  assertFetchable,
  assertLiteralFetchable,
  DEFAULT_MAX_BYTES,
  safeFetch,
  type LookupAll,
  type SafeFetchOptions,
  type SafeFetchResponse,
} from "./safe-fetch";
export { isSafeFetchError, SafeFetchError, type SafeFetchErrorCode } from "./safe-fetch-error";
export { DEFAULT_USER_AGENT } from "./user-agent";
