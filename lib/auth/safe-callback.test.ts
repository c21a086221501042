import { describe, expect, it } from "vitest";

import { safeCallbackPath } from "./safe-callback";

describe("safeCallbackPath", () => {
  it("keeps paths on this site", () => {
    expect(safeCallbackPath("/keys")).toBe("/keys");
    expect(safeCallbackPath("/usage?days=7")).toBe("/usage?days=7");
    expect(safeCallbackPath(["/plans", "/x"])).toBe("/plans");
  });

  it("refuses other sites, protocol-relative and backslash tricks, control characters and auth pages", () => {
    for (const bad of [
      "https://evil.test/",
      "//evil.test",
      "/\\evil.test",
      "javascript:alert(1)",
      "/keys\n",
      "/sign-in",
      "/api/auth/signout",
      "",
      null,
      undefined,
    ]) {
      expect(safeCallbackPath(bad)).toBe("/dashboard");
    }
  });
});
