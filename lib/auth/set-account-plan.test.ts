import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { createKey } from "../keys/create-key";
import { tempStore } from "../testing/temp-store";
import { setAccountPlanByEmail } from "./set-account-plan";

let store: ReturnType<typeof tempStore>;
beforeEach(() => {
  store = tempStore();
});
afterEach(() => store.cleanup());

describe("setAccountPlanByEmail", () => {
  it("moves the user's account to the plan and reports the change", async () => {
    const k = await createKey(store, { email: "ops@example.test" });
    expect(await setAccountPlanByEmail(store, "OPS@example.test", "pro")).toEqual({
      accountId: k.accountId,
      from: "free",
      to: "pro",
    });
    expect((await store.accounts.get(k.accountId))?.plan).toBe("pro");
  });

  it("refuses an unknown tier and an unknown email", async () => {
    await createKey(store, { email: "ops@example.test" });
    await expect(setAccountPlanByEmail(store, "ops@example.test", "platinum")).rejects.toThrow(
      /tier must be one of/,
    );
    await expect(setAccountPlanByEmail(store, "ghost@example.test", "pro")).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
