import { expect, test } from "@playwright/test";

import { DEFAULT_DEMO_KEY } from "../lib/keys/key-format";
import { seriousA11yViolations } from "./support/axe";
import { createKeyViaApi, expectNoHorizontalScroll, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";

let lede: LedeServer;
test.beforeAll(async () => {
  lede = await startLede();
});
test.afterAll(async () => lede?.stop());
// Charts draw at once, so screenshots show them finished.
test.use({ reducedMotion: "reduce" });

const shot = (path: string) => (path === "/" ? "home" : path.slice(1));
const PAGES = ["/dashboard", "/keys", "/usage", "/plans", "/stories", "/entities", "/sources", "/docs", "/"];

test("the dark theme toggle switches the colours and is remembered", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(`${lede.baseUrl}/docs`);
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await background();
  const toggle = page.getByRole("button", { name: "Dark theme" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(html).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect(await background()).not.toBe(light);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Dark theme" }).press("Enter");
  await expect(html).not.toHaveClass(/dark/);
});

test("the docs show the demo key, which works on the API but not on /v1/usage", async ({ page, request }) => {
  await page.goto(`${lede.baseUrl}/docs`);
  await expect(page.getByRole("heading", { level: 1, name: "Quick start" })).toBeVisible();
  await expect(page.getByTestId("demo-key")).toHaveText(DEFAULT_DEMO_KEY);
  await expect(page.getByText(`curl ${lede.baseUrl}/v1/version`)).toBeVisible();
  const auth = { Authorization: `Bearer ${DEFAULT_DEMO_KEY}` };
  expect((await request.get(`${lede.baseUrl}/v1/items?limit=1`, { headers: auth })).status()).toBe(200);
  const usage = await request.get(`${lede.baseUrl}/v1/usage`, { headers: auth });
  expect(usage.status()).toBe(403);
  expect((await usage.json()).error.code).toBe("demo_key_restricted");
});

test("the news pages explain what is missing with a real empty state", async ({ page }) => {
  await signUp(page, lede.baseUrl, uniqueEmail("news"));
  for (const [path, heading] of [
    ["/stories", "Stories"],
    ["/entities", "Entities"],
    ["/sources", "Sources"],
  ] as const) {
    await page.goto(`${lede.baseUrl}${path}`);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    // This server has no sources registered, so each page says how to add them.
    await expect(page.getByRole("heading", { name: "No news sources yet" })).toBeVisible();
    await expect(page.getByText("lede sources import feeds.opml")).toBeVisible();
    await expect(page.getByRole("link", { name: heading, exact: true }).first()).toHaveAttribute(
      "aria-current",
      "page",
    );
  }
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test("every page fits the screen and the menu opens the navigation", async ({
    page,
    request,
  }, testInfo) => {
    await signUp(page, lede.baseUrl, uniqueEmail("phone"));
    const { secret } = await createKeyViaApi(page, lede.baseUrl, "phone key with a fairly long name");
    await request.get(`${lede.baseUrl}/v1/items`, { headers: { Authorization: `Bearer ${secret}` } });
    for (const path of PAGES) {
      await page.goto(`${lede.baseUrl}${path}`);
      await expect(page.locator("h1")).toBeVisible();
      await expectNoHorizontalScroll(page);
      await page.screenshot({
        path: testInfo.outputPath(`phone-${shot(path)}.png`),
        fullPage: true,
      });
    }
    await page.goto(`${lede.baseUrl}/dashboard`);
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Usage" }).click();
    await expect(page).toHaveURL(`${lede.baseUrl}/usage`);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
  });
});

test("the main pages have no serious or critical accessibility violations, in either theme", async ({
  page,
}, testInfo) => {
  for (const path of ["/", "/docs", "/sign-in", "/sign-up"]) {
    await page.goto(`${lede.baseUrl}${path}`);
    expect(await seriousA11yViolations(page), path).toEqual([]);
  }
  await signUp(page, lede.baseUrl, uniqueEmail("a11y"));
  await createKeyViaApi(page, lede.baseUrl, "a11y");
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const path of PAGES) {
      await page.goto(`${lede.baseUrl}${path}`);
      await expect(page.locator("h1")).toBeVisible();
      expect(await seriousA11yViolations(page), `${path} (${theme})`).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`${theme}-${shot(path)}.png`),
      });
    }
  }
});
