import { expect, test, type APIRequestContext } from "@playwright/test";

import {
  createKeyInDialog,
  createKeyViaApi,
  PASSWORD,
  signIn,
  signUp,
  submitSignIn,
  uniqueEmail,
} from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";

let lede: LedeServer;
test.beforeAll(async () => {
  lede = await startLede();
});
test.afterAll(async () => lede?.stop());

const items = (request: APIRequestContext, key: string) =>
  request.get(`${lede.baseUrl}/v1/items?limit=1`, { headers: { Authorization: `Bearer ${key}` } });

test("sign up, sign in, create and copy a key, call the API with it, revoke it: the API answers 401", async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: lede.baseUrl });
  const email = uniqueEmail("keys");
  await signUp(page, lede.baseUrl, email);
  await expect(page.getByText("No API keys yet")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${lede.baseUrl}/`);
  await page.goto(`${lede.baseUrl}/keys`);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fkeys$/);
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL(`${lede.baseUrl}/keys`);

  const secret = await createKeyInDialog(page, "e2e backend");
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await page.getByRole("button", { name: "Done" }).click();

  const row = page.locator("tr", { hasText: "e2e backend" });
  await expect(row).toContainText(secret.slice(0, 14));
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Never");
  await expect(page.locator("body")).not.toContainText(secret.slice(14, 60));

  const version = await request.get(`${lede.baseUrl}/v1/version`, {
    headers: { Authorization: `Bearer ${secret}` },
  });
  expect(version.status()).toBe(200);
  expect((await version.json()).api_major).toBe("v1");
  const ok = await items(request, secret);
  expect(ok.status()).toBe(200);
  expect(ok.headers()["x-credits-cost"]).toBe("1");

  await row.getByRole("button", { name: "Revoke e2e backend" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke “e2e backend”?" });
  await expect(confirm).toContainText("fail with 401");
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(row).toContainText("Revoked");

  const refused = await items(request, secret);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.code).toBe("invalid_api_key");
});

test("rotating keeps the old key working through the grace period, then the API refuses it", async ({
  page,
  request,
}) => {
  await signUp(page, lede.baseUrl, uniqueEmail("rotate"));
  const first = await createKeyInDialog(page, "deploy");
  await page.getByRole("button", { name: "Done" }).click();

  await page.getByRole("button", { name: "Rotate deploy" }).click();
  const dialog = page.getByRole("dialog", { name: "Rotate “deploy”?" });
  await dialog.getByLabel("Keep the old key working for").selectOption({ label: "1 hour" });
  await dialog.getByRole("button", { name: "Rotate key" }).click();
  const second = (await page.getByTestId("new-key").textContent())?.trim() ?? "";
  expect(second).toMatch(/^lede_live_[0-9a-f]{64}$/);
  expect(second).not.toBe(first);
  await expect(page.getByRole("dialog", { name: "Your rotated key" })).toContainText(
    "keeps working until in 1 hour",
  );
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.locator("tr", { hasText: first.slice(0, 14) })).toContainText("Expiring");
  expect((await items(request, first)).status()).toBe(200);
  expect((await items(request, second)).status()).toBe(200);

  // A grace period of two seconds, through the same dashboard endpoint the dialog uses.
  const short = await createKeyViaApi(page, lede.baseUrl, "short grace");
  expect((await items(request, short.secret)).status()).toBe(200);
  const res = await page.request.post(`${lede.baseUrl}/api/internal/keys/${short.id}/rotate`, {
    data: { grace_seconds: 2 },
  });
  expect(res.status()).toBe(200);
  const replacement = ((await res.json()) as { secret: string }).secret;
  expect((await items(request, short.secret)).status()).toBe(200);
  await expect.poll(async () => (await items(request, short.secret)).status(), { timeout: 10_000 }).toBe(401);
  expect((await items(request, replacement)).status()).toBe(200);

  // "Immediately" retires the old key at once.
  await page.reload();
  await page.getByRole("button", { name: "Rotate deploy" }).first().click();
  const now = page.getByRole("dialog", { name: "Rotate “deploy”?" });
  await now.getByLabel("Keep the old key working for").selectOption({ label: "Immediately" });
  await now.getByRole("button", { name: "Rotate key" }).click();
  await expect(page.getByRole("dialog", { name: "Your rotated key" })).toContainText("no longer works");
});

test("a wrong password shows an error, and repeated failures lock the email out", async ({ page }) => {
  const email = uniqueEmail("limit");
  await signUp(page, lede.baseUrl, email);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(`${lede.baseUrl}/`);

  await signIn(page, lede.baseUrl, email, "not my password");
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  for (let i = 0; i < 4; i++) {
    await submitSignIn(page, email, `wrong-${i}`);
    await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  }
  // Locked: even the right password is refused until the window passes.
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByRole("alert").filter({ hasText: "Too many failed sign-in attempts" })).toBeVisible();
  await page.goto(`${lede.baseUrl}/keys`);
  await expect(page).toHaveURL(/\/sign-in/);
});
