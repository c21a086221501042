import { expect, test, type APIRequestContext } from "@playwright/test";

import { createKeyViaApi, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";

let lede: LedeServer;
test.beforeAll(async () => {
  lede = await startLede();
});
test.afterAll(async () => lede?.stop());
// Charts draw at once, so screenshots show them finished.
test.use({ reducedMotion: "reduce" });

const call = (request: APIRequestContext, key: string, path: string) =>
  request.get(`${lede.baseUrl}${path}`, { headers: { Authorization: `Bearer ${key}` } });

test("the usage page counts the API calls, draws the charts and agrees with GET /v1/usage", async ({
  page,
  request,
}, testInfo) => {
  await signUp(page, lede.baseUrl, uniqueEmail("usage"));
  await page.goto(`${lede.baseUrl}/usage`);
  await expect(page.getByText("No API calls in this period")).toBeVisible();

  const { secret } = await createKeyViaApi(page, lede.baseUrl, "metered");
  for (let i = 0; i < 3; i++) expect((await call(request, secret, "/v1/items?limit=2")).status()).toBe(200);
  expect((await call(request, secret, "/v1/items?limit=0")).status()).toBe(400);

  await page.goto(`${lede.baseUrl}/usage`);
  const stats = page.locator("dl").filter({ hasText: "Avg latency" });
  const stat = (label: string) =>
    stats
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .locator("dd")
      .first();
  await expect(stat("Requests")).toHaveText("4");
  await expect(stat("Errors")).toHaveText("1");
  const bar = page.getByRole("progressbar", { name: "Monthly credits" });
  await expect(bar).toHaveAttribute("aria-valuenow", "3");
  await expect(bar).toHaveAttribute("aria-valuemax", "1100");
  await expect(page.getByText("Resets:")).toBeVisible();

  // Recharts draws SVG: stacked bars for the day with traffic, the latency line, one bar per endpoint.
  const daily = page.locator("figure", { hasText: "Requests per day" });
  await expect(daily.locator(".recharts-bar-rectangle").first()).toBeVisible();
  expect(await daily.locator(".recharts-bar-rectangle path").count()).toBeGreaterThanOrEqual(2);
  const latency = page.locator("figure", { hasText: "Average latency per day" });
  // One day of traffic: the line is a single dot (days without traffic are gaps, not zeros).
  await expect(latency.locator(".recharts-line-curve")).toHaveCount(1);
  await expect(latency.locator(".recharts-line-dot")).toHaveCount(1);
  await expect(latency.locator(".recharts-line-dot")).toBeVisible();
  await expect(
    page.locator("figure", { hasText: "Data transferred per day" }).locator(".recharts-area-area"),
  ).toBeVisible();
  const top = page.locator("figure", { hasText: "Top endpoints" });
  await expect(top.locator(".recharts-bar-rectangle path")).toHaveCount(1);
  await expect(top).toContainText("GET /v1/items");
  await page.screenshot({ path: testInfo.outputPath("usage.png"), fullPage: true });

  // GET /v1/usage reports the same figures; its own call is recorded once it has answered, at no cost.
  const api = await call(request, secret, "/v1/usage");
  expect(api.status()).toBe(200);
  const report = await api.json();
  expect(report.summary).toMatchObject({ total_requests: 4, total_errors: 1 });
  expect(report.quota).toMatchObject({
    monthly_limit: 1000,
    monthly_used: 3,
    pct_used: 0,
    grace_limit: 1100,
  });

  // Another range is fetched from the dashboard API; it now counts the /v1/usage call too.
  await page.getByText("7 days", { exact: true }).click();
  await expect(stats).toContainText("last 7 days");
  await expect(stat("Requests")).toHaveText("5");
  await expect(top.locator(".recharts-bar-rectangle path")).toHaveCount(2);
  await page
    .getByLabel("Key")
    .selectOption({ label: `metered (${secret.slice(0, 14)}…${secret.slice(-4)})` });
  await expect(stat("Requests")).toHaveText("5");
});
