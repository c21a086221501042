import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { rssFeed, startFeedServer } from "../lib/testing/feed-server";
import { startLede, type LedeServer } from "./support/lede-server";

let feeds: Awaited<ReturnType<typeof startFeedServer>>;
let otherHost: Awaited<ReturnType<typeof startFeedServer>>;
let lede: LedeServer;
let key: string;

test.beforeAll(async () => {
  feeds = await startFeedServer({
    "/alpha.xml": {
      body: rssFeed("Alpha", [
        {
          title: "Alpha reports harbour expansion",
          link: "https://alpha.test/harbour",
          pubDate: "Mon, 09 Jun 2025 08:00:00 GMT",
        },
        { title: "Alpha: rail strike ends", link: "https://alpha.test/rail" },
      ]),
    },
  });
  // A second publisher on another loopback address, so the two feeds belong to two sources.
  otherHost = await startFeedServer(
    {
      "/beta.xml": {
        body: rssFeed("Beta", [
          { title: "Beta covers the harbour vote", link: "https://beta.test/vote?utm_source=rss" },
        ]),
      },
    },
    "127.0.0.2",
  );
  // Both feed servers are on loopback: allowed explicitly, as an operator with local feeds would.
  const allow = `${new URL(feeds.url("/")).host},${new URL(otherHost.url("/")).host}`;
  lede = await startLede({ LEDE_POLL_FEEDS: "true", LEDE_FETCH_ALLOW_PRIVATE: allow }, ({ cli }) => {
    const opml = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "opml-")), "local.opml");
    fs.writeFileSync(
      opml,
      `<?xml version="1.0"?><opml version="2.0"><head><title>local</title></head><body><outline text="Testland">
        <outline text="Alpha News" xmlUrl="${feeds.url("/alpha.xml")}"/>
        <outline text="Beta Times" xmlUrl="${otherHost.url("/beta.xml")}"/></outline></body></opml>`,
    );
    expect(cli(["sources", "import", opml]).status).toBe(0);
    const created = cli(["keys", "create", "--email", "e2e@example.test"]);
    expect(created.status).toBe(0);
    key = created.stdout.trim();
  });
});
test.afterAll(async () => {
  await lede?.stop();
  await feeds?.close();
  await otherHost?.close();
});

test("articles of two local RSS feeds reach GET /v1/items", async ({ request }) => {
  expect(key).toMatch(/^lede_live_[0-9a-f]{64}$/);
  await expect
    .poll(
      async () => {
        const res = await request.get(`${lede.baseUrl}/v1/items?limit=10`, {
          headers: { Authorization: `Bearer ${key}` },
        });
        return (await res.json()).total;
      },
      { timeout: 20_000 },
    )
    .toBe(3);
  const res = await request.get(`${lede.baseUrl}/v1/items?limit=10&sort_by=published&sort_order=asc`, {
    headers: { Authorization: `Bearer ${key}` },
  });
  const body = await res.json();
  const titles = body.items.map((i: { title: string }) => i.title).sort();
  expect(titles).toEqual([
    "Alpha reports harbour expansion",
    "Alpha: rail strike ends",
    "Beta covers the harbour vote",
  ]);
  const beta = body.items.find((i: { source_name: string }) => i.source_name === "Beta Times");
  expect(beta.url).toBe("https://beta.test/vote?utm_source=rss");
  expect(beta.url_hash).toMatch(/^[0-9a-f]{16}$/);
  expect(body.items.find((i: { source_name: string }) => i.source_name === "Alpha News")).toBeTruthy();
  expect(feeds.hits("/alpha.xml")).toBeGreaterThanOrEqual(1);
  expect(feeds.headers("/alpha.xml")?.["user-agent"]).toMatch(/^LedeBot\//);
});
