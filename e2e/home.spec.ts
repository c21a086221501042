import { expect, test } from "@playwright/test";

import { startLede, type LedeServer } from "./support/lede-server";

let lede: LedeServer;
test.beforeAll(async () => {
  lede = await startLede();
});
test.afterAll(async () => lede.stop());

test("the home page renders in Chromium and shows the demo key", async ({ page }) => {
  await page.goto(lede.baseUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("News intelligence you can run yourself");
  await expect(page.locator("pre code")).toContainText("lede_test_");
});

test("GET /v1/version answers without a key", async ({ request }) => {
  const res = await request.get(`${lede.baseUrl}/v1/version`);
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ api_major: "v1", supported_api_majors: ["v1"], sunset: {} });
  expect(new Date(body.generated_at).toString()).not.toBe("Invalid Date");
});
