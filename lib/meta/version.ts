/** The API version this build serves; bumped with every release (semver). */
export const API_LATEST = "1.0.0";

/** GET /v1/version (contract §6.14). */
export function versionInfo(now = Date.now()) {
  return {
    api_major: "v1",
    api_latest: API_LATEST,
    supported_api_majors: ["v1"],
    sunset: {} as Record<string, string>,
    sdk_recommendations: { typescript: "0.1.0", python: "0.1.0" },
    generated_at: new Date(now).toISOString(),
  };
}
