import { API_LATEST } from "../meta/version";
import { buildOpenApiDocument } from "../openapi/build-document";
import { OPERATIONS } from "./operations";

let cached: string | undefined;

/** The OpenAPI 3.1 document of /v1 as JSON text, built once per process from the operation registry. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument(OPERATIONS, { version: API_LATEST }));
  return cached;
}
