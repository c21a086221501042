import { describe, expect, it } from "vitest";

import { keyHelp, keyModeOf, tryHint } from "./try-key";

const DEMO = "lede_test_" + "0".repeat(64);
const OWN = "lede_live_" + "a".repeat(64);

describe("the key of a Try-it request", () => {
  it("tells the demo key, the user's own key and an empty box apart", () => {
    expect(keyModeOf(DEMO, DEMO)).toBe("demo");
    expect(keyModeOf(` ${DEMO} `, DEMO)).toBe("demo");
    expect(keyModeOf(OWN, DEMO)).toBe("own");
    expect(keyModeOf("", DEMO)).toBe("none");
    expect(keyModeOf("   ", DEMO)).toBe("none");
  });

  it("says a request without a key is refused and charges nothing, never that it costs credits", () => {
    const op = { auth: true, credits: 2, demoKey: true };
    const hint = tryHint(op, "none");
    expect(hint).toMatch(/refused \(401 missing_api_key\)/);
    expect(hint).toMatch(/No credits are charged/);
    expect(hint).not.toMatch(/costs/);
    expect(keyHelp("none")).toMatch(/refused, so no credits are charged/);
  });

  it("gives the credit cost only with the user's own key", () => {
    expect(tryHint({ auth: true, credits: 2, demoKey: true }, "own")).toBe(
      "With your key: a successful call costs 2 credits; refused or failed calls cost nothing.",
    );
    expect(tryHint({ auth: true, credits: 1, demoKey: true }, "own")).toContain("costs 1 credit;");
    expect(tryHint({ auth: true, credits: 0, demoKey: false }, "own")).toBe(
      "With your key: this call is free.",
    );
    expect(tryHint({ auth: true, credits: 2, demoKey: true }, "demo")).toContain("never charged");
    expect(tryHint({ auth: true, credits: 0, demoKey: false }, "demo")).toContain("403 demo_key_restricted");
  });

  it("says an open operation needs no key, whatever the box holds", () => {
    for (const mode of ["demo", "own", "none"] as const)
      expect(tryHint({ auth: false, credits: 0, demoKey: true }, mode)).toMatch(/No key is needed/);
  });
});
