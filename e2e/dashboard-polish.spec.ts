import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { createKeyViaApi, signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { writeArchive } from "./support/news-data";

// The smaller things of issue #16: a usage page that refreshes itself, public pages that know a signed-in reader,
// docs inside the app, a favicon, breadcrumbs with headlines, an archive that does not pass for live news, and a
// keys table usable on a phone.

/** Every response of the page that failed (4xx/5xx), as "404 /favicon.ico". */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  return failures;
}

test.describe("on a fresh server", () => {
  let lede: LedeServer;
  test.beforeAll(async () => {
    lede = await startLede();
  });
  test.afterAll(async () => lede?.stop());

  test("the usage page shows a new API call without a reload", async ({ page, request }) => {
    await signUp(page, lede.baseUrl, uniqueEmail("usage-live"));
    const { secret } = await createKeyViaApi(page, lede.baseUrl, "live usage");
    await page.goto(`${lede.baseUrl}/usage`);
    await expect(page.getByText("No API calls in this period")).toBeVisible();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const res = await request.get(`${lede.baseUrl}/v1/items?limit=1`, {
      headers: { Authorization: `Bearer ${secret}` },
    });
    expect(res.status()).toBe(200);
    const requests = page
      .locator("dl")
      .filter({ hasText: "Avg latency" })
      .locator("div")
      .filter({ has: page.locator("dt", { hasText: /^Requests$/ }) })
      .locator("dd")
      .first();
    await expect(requests).toHaveText("1");
    await expect(page.getByText("No API calls in this period")).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("signed in, the home page and the docs show the account instead of Sign in", async ({
    page,
  }, testInfo) => {
    const email = uniqueEmail("public-pages");
    // Signed out first: the public header offers to sign in.
    await page.goto(`${lede.baseUrl}/`);
    await expect(page.getByRole("link", { name: "Sign in" })).toBeVisible();

    await signUp(page, lede.baseUrl, email);
    await page.goto(`${lede.baseUrl}/`);
    await expect(page.getByTestId("site-account")).toHaveText(email);
    await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Get started" })).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("home-signed-in.png") });

    await page.goto(`${lede.baseUrl}/docs`);
    await expect(page.getByRole("heading", { level: 1, name: "Quick start" })).toBeVisible();
    await expect(page.getByRole("link", { name: email })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("docs-signed-in.png") });
  });

  test("the sidebar's Docs link keeps the reader inside the app layout", async ({ page }) => {
    await signUp(page, lede.baseUrl, uniqueEmail("docs-nav"));
    await page.goto(`${lede.baseUrl}/dashboard`);
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await sidebar.getByRole("link", { name: "Docs" }).click();
    await expect(page).toHaveURL(`${lede.baseUrl}/docs`);
    await expect(page.getByRole("heading", { level: 1, name: "Quick start" })).toBeVisible();
    // The same sidebar, with Docs marked as the current page; the demo key is on the page as for anyone.
    await expect(sidebar.getByRole("link", { name: "Docs" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByRole("link", { name: "Stories" })).toBeVisible();
    await expect(page.getByTestId("demo-key")).toBeVisible();
    await sidebar.getByRole("link", { name: "Usage" }).click();
    await expect(page).toHaveURL(`${lede.baseUrl}/usage`);
  });

  test("every page has an icon that answers, and no request fails for one", async ({ page, request }) => {
    const failures = watchFailures(page);
    const ico = await request.get(`${lede.baseUrl}/favicon.ico`);
    expect(ico.status()).toBe(200);
    expect(ico.headers()["content-type"]).toContain("image/");
    await page.goto(`${lede.baseUrl}/`);
    const hrefs = await page
      .locator('link[rel="icon"]')
      .evaluateAll((els) => els.map((e) => (e as HTMLLinkElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect((await request.get(href)).status(), href).toBe(200);
    await signUp(page, lede.baseUrl, uniqueEmail("icon"));
    await page.goto(`${lede.baseUrl}/dashboard`);
    await expect(page.locator("h1")).toBeVisible();
    expect(failures.filter((f) => /icon|favicon/.test(f))).toEqual([]);
  });

  test.describe("at 390 px", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("the keys table shows Rotate and Revoke without sideways scrolling", async ({ page }, testInfo) => {
      await signUp(page, lede.baseUrl, uniqueEmail("keys-phone"));
      await createKeyViaApi(page, lede.baseUrl, "production backend with a long name");
      await page.goto(`${lede.baseUrl}/keys`);
      const name = "production backend with a long name";
      await expect(page.locator("tr", { hasText: name })).toBeVisible();
      const { scroll, inner } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        inner: window.innerWidth,
      }));
      expect(scroll, `page is ${scroll}px wide in a ${inner}px window`).toBeLessThanOrEqual(inner);
      for (const label of [`Rotate ${name}`, `Revoke ${name}`]) {
        const button = page.getByRole("button", { name: label });
        await expect(button).toBeVisible();
        await expect(button).toBeInViewport({ ratio: 1 });
        const box = await button.boundingBox();
        expect(box!.x + box!.width, label).toBeLessThanOrEqual(inner);
        // Nothing scrolls sideways inside the table's own box either.
        const region = page.getByRole("region", { name: "API keys" });
        expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
      }
      await page.screenshot({ path: testInfo.outputPath("keys-390.png"), fullPage: true });
      await page.getByRole("button", { name: `Rotate ${name}` }).click();
      await expect(page.getByRole("dialog", { name: `Rotate “${name}”?` })).toBeVisible();
    });
  });
});

test.describe("on an archive of 2014 articles", () => {
  let lede: LedeServer;
  let tmp: string;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-archive-"));
    const file = path.join(tmp, "archive.jsonl");
    expect(writeArchive(file, 300)).toBe(300);
    lede = await startLede({}, ({ cli }) => {
      const r = cli(["import", file]);
      expect(r.status, r.stderr).toBe(0);
    });
  });
  test.afterAll(async () => {
    await lede?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  test("the feed does not pass for live news, and old times are dates", async ({ page }, testInfo) => {
    await signUp(page, lede.baseUrl, uniqueEmail("archive"));
    await page.goto(`${lede.baseUrl}/stories`);
    await expect(page.getByTestId("story-feed")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByText("No article arrived in the last 48 hours")).toBeVisible();
    // Connected to the stream, but nothing arrives: not "Live".
    const status = page.getByTestId("live-status");
    await expect(status).toHaveAttribute("data-status", "idle");
    await expect(status).toHaveText("Not live: no new articles");
    const card = page.getByTestId("story-card").first();
    const updated = card.locator("time").first();
    await expect(updated).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, 2014$/);
    expect(await page.getByTestId("story-feed").locator("time").allTextContents()).not.toContainEqual(
      expect.stringMatching(/ago|just now/),
    );

    await page.screenshot({ path: testInfo.outputPath("archive-feed.png") });
    await card.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/stories\/\d+$/);
    const headline = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    expect(headline.length).toBeGreaterThan(0);
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "idle");
    const times = await page.locator("main time").allTextContents();
    expect(times.length).toBeGreaterThan(0);
    for (const t of times) expect(t).toMatch(/^[A-Z][a-z]{2} \d{1,2}, 2014$/);
    await page.screenshot({ path: testInfo.outputPath("archive-story.png") });
  });

  test("the story breadcrumb shows the headline, not the story's number", async ({ page }) => {
    await signUp(page, lede.baseUrl, uniqueEmail("breadcrumb"));
    await page.goto(`${lede.baseUrl}/stories`);
    const link = page.getByTestId("story-card").first().getByRole("link").first();
    const id = (await page.getByTestId("story-card").first().getAttribute("data-story-id")) ?? "";
    await link.click();
    await expect(page).toHaveURL(`${lede.baseUrl}/stories/${id}`);
    const headline = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Stories" })).toBeVisible();
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(headline);
    await expect(crumbs).not.toContainText(`Story ${id}`);
  });
});
