import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";

import { signUp, uniqueEmail } from "./support/dashboard";
import { startLede, type LedeServer } from "./support/lede-server";
import { writeFreshStory, writeRecentNewswire } from "./support/news-data";

// Dashboard news pages are for signed-in users. A signed-out visitor of a story or entity page is sent to sign in
// and gets nothing of it: not its headline or name in <title>, in the HTML, or in the RSC payload.
let lede: LedeServer;
let tmp: string;
let story: { id: number; marker: string };
let entity: { id: number; name: string };

test.beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-private-"));
  const news = path.join(tmp, "newswire.jsonl");
  writeRecentNewswire(news, { days: 1, seed: "lede-e2e-private" });
  const fresh = path.join(tmp, "fresh.jsonl");
  writeFreshStory(fresh, "private");
  lede = await startLede({}, ({ cli }) => {
    for (const file of [news, fresh]) {
      const r = cli(["import", file]);
      expect(r.status, r.stderr).toBe(0);
    }
  });
  const db = new Database(path.join(lede.dataDir, "lede.db"), { readonly: true, fileMustExist: true });
  try {
    // Every title of the fresh story names Valdrin, and nothing else in the data does.
    const id = db
      .prepare("SELECT story_id FROM articles WHERE title LIKE '%Valdrin%' AND story_id IS NOT NULL LIMIT 1")
      .pluck()
      .get() as number;
    story = { id, marker: "Valdrin" };
    entity = db
      .prepare(
        "SELECT id, name FROM entities WHERE length(name) >= 8 AND name NOT GLOB '*[^A-Za-z ]*' ORDER BY article_count DESC LIMIT 1",
      )
      .get() as { id: number; name: string };
  } finally {
    db.close();
  }
  expect(story.id).toBeGreaterThan(0);
  expect(entity?.name).toBeTruthy();
});
test.afterAll(async () => {
  await lede?.stop();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const pages = () => [
  { path: `/stories/${story.id}`, secret: story.marker },
  { path: `/entities/${entity.id}`, secret: entity.name },
];

test("a signed-out fetch of a story or entity page gets a redirect to sign-in and nothing of the page", async () => {
  for (const { path: p, secret } of pages()) {
    const res = await fetch(`${lede.baseUrl}${p}`, { redirect: "manual" });
    const body = await res.text();
    expect(body, `${p}: HTML`).not.toContain(secret);
    if (res.status >= 300 && res.status < 400)
      expect(res.headers.get("location"), p).toMatch(/^\/sign-in\?callbackUrl=/);
    else expect(body, p).toContain("/sign-in");
    // The RSC payload a client-side navigation would read.
    const rsc = await fetch(`${lede.baseUrl}${p}`, { headers: { RSC: "1" }, redirect: "manual" });
    expect(await rsc.text(), `${p}: RSC payload`).not.toContain(secret);
  }
});

test("a signed-out browser lands on sign-in, and the title never names the story", async ({ page }) => {
  for (const { path: p, secret } of pages()) {
    const titles: string[] = [];
    page.on("domcontentloaded", async () => titles.push(await page.title().catch(() => "")));
    await page.goto(`${lede.baseUrl}${p}`);
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
    expect(await page.title()).not.toContain(secret);
    expect(titles.join(" | ")).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
  }
});

test("signed in, the same pages show the story and the entity (the checks above can see a leak)", async ({
  page,
}) => {
  await signUp(page, lede.baseUrl, uniqueEmail("private-pages"));
  for (const { path: p, secret } of pages()) {
    const res = await page.request.get(`${lede.baseUrl}${p}`);
    expect(res.status(), p).toBe(200);
    expect(await res.text(), p).toContain(secret);
  }
  await page.goto(`${lede.baseUrl}/stories/${story.id}`);
  await expect(page).toHaveTitle(new RegExp(story.marker));
});
