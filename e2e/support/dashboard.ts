import { expect, type Browser, type Page } from "@playwright/test";

export const PASSWORD = "correct horse battery staple";

let seq = 0;
/** A fresh email per call, so tests never share an account or a sign-in limit. */
export function uniqueEmail(tag: string): string {
  seq += 1;
  return `${tag}-${Date.now().toString(36)}-${seq}@example.test`;
}

/** Signs up through the form; the app signs the new user in and opens the keys page. */
export async function signUp(page: Page, baseUrl: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/sign-up`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/keys\?welcome=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
}

export async function signIn(page: Page, baseUrl: string, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${baseUrl}/sign-in`);
  await submitSignIn(page, email, password);
}

export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Creates a key through the dialog and returns its plaintext, read from the one-time reveal. */
export async function createKeyInDialog(page: Page, name: string): Promise<string> {
  await page.getByRole("button", { name: "Create key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const secret = (await page.getByTestId("new-key").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^lede_live_[0-9a-f]{64}$/);
  return secret;
}

/** Creates a key through the dashboard API with the page's session (no UI), returning id and secret. */
export async function createKeyViaApi(page: Page, baseUrl: string, name: string) {
  const res = await page.request.post(`${baseUrl}/api/internal/keys`, { data: { name } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { secret: string; key: { id: string } };
  return { id: body.key.id, secret: body.secret };
}

/** A new account's API key, made in a page of its own that is closed again (for specs that call the API). */
export async function keyForNewAccount(browser: Browser, baseUrl: string, tag: string): Promise<string> {
  const page = await browser.newPage();
  try {
    await signUp(page, baseUrl, uniqueEmail(tag));
    return (await createKeyViaApi(page, baseUrl, "e2e")).secret;
  } finally {
    await page.close();
  }
}

/** GET on the API with `key`, expecting 200; the parsed body. */
export async function apiGet<T>(baseUrl: string, key: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${baseUrl}${pathAndQuery}`, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status, pathAndQuery).toBe(200);
  return (await res.json()) as T;
}

/** The page's width is the viewport's: nothing makes it scroll sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, `page is ${scroll}px wide in a ${client}px viewport`).toBeLessThanOrEqual(client);
}
