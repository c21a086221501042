import { API_LATEST } from "../meta/version";
import { buildAsyncApiDocument } from "./build-document";

let cached: string | undefined;

/** The AsyncAPI 3.0 document of /ws as JSON text, built once per process. */
export function asyncApiJson(): string {
  cached ??= JSON.stringify(buildAsyncApiDocument({ version: API_LATEST }));
  return cached;
}
