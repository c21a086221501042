import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseAllowList } from "../net";
import { redirectTo, respond, startTestServer, type TestServer } from "../net/test-http-server";
import { rssFeed } from "../testing/feed-server";
import { FeedFetchError, fetchFeed } from "./fetch-feed";

// Feeds are fetched through the SSRF-safe transport. The "internal" services are real servers on loopback, so a
// missing check shows up as a fetched body, not only as a different error.
const FEED = rssFeed("Internal", [{ title: "Internal admin page", link: "https://internal.test/admin" }]);
let main: TestServer;
let internal: TestServer;

beforeAll(async () => {
  internal = await startTestServer({ "/x.xml": respond(FEED, "application/rss+xml") }, "127.0.0.2");
  main = await startTestServer({
    "/feed.xml": respond(FEED, "application/rss+xml"),
    "/to-other-address.xml": redirectTo(`http://127.0.0.2:${internal.port}/x.xml`),
    "/to-decimal.xml": redirectTo(`http://2130706434:${internal.port}/x.xml`),
    "/to-mapped.xml": redirectTo(`http://[::ffff:127.0.0.2]:${internal.port}/x.xml`, 301),
  });
});
afterAll(async () => {
  await Promise.all([main?.close(), internal?.close()]);
});

async function refusal(url: string, allow = ""): Promise<FeedFetchError> {
  try {
    await fetchFeed(url, { timeoutMs: 5_000, fetch: { allow: parseAllowList(allow) } });
  } catch (e) {
    if (e instanceof FeedFetchError) return e;
    throw e;
  }
  throw new Error(`${url} was fetched`);
}

describe("fetchFeed: SSRF", () => {
  it.each([
    ["plain loopback", (p: number) => `http://127.0.0.2:${p}/x.xml`],
    ["decimal integer", (p: number) => `http://2130706434:${p}/x.xml`],
    ["IPv4-mapped IPv6", (p: number) => `http://[::ffff:127.0.0.2]:${p}/x.xml`],
  ])("refuses a %s feed URL before connecting", async (_name, url) => {
    const err = await refusal(url(internal.port));
    expect(err.message).toMatch(
      /^refused: \S+ \((ipv4Mapped:)?loopback\) may not be fetched \(LEDE_FETCH_ALLOW_PRIVATE/,
    );
    expect(internal.hits()).toBe(0);
  });

  it.each(["/to-other-address.xml", "/to-decimal.xml", "/to-mapped.xml"])(
    "refuses a redirect from an allowed feed to a loopback target that is not allowed (%s)",
    async (path) => {
      const err = await refusal(main.url(path), main.host);
      expect(err.message).toMatch(
        /^refused: redirected to http:\/\/(127\.0\.0\.2|\[::ffff:7f00:2\]):\d+\/x\.xml: /,
      );
      expect(main.hits(path)).toBe(1);
      expect(internal.hits()).toBe(0);
    },
  );

  it("refuses a redirect to another port of the allowed address", async () => {
    const other = await startTestServer({ "/x.xml": respond(FEED, "application/rss+xml") });
    const hop = await startTestServer({ "/r.xml": redirectTo(other.url("/x.xml")) });
    try {
      await refusal(hop.url("/r.xml"), hop.host);
      expect(other.hits()).toBe(0);
    } finally {
      await Promise.all([other.close(), hop.close()]);
    }
  });

  it("fetches a private feed the operator's allowlist names, and only that one", async () => {
    const res = await fetchFeed(main.url("/feed.xml"), { fetch: { allow: parseAllowList(main.host) } });
    expect(res).toMatchObject({ status: "ok", finalUrl: main.url("/feed.xml") });
    expect(res.status === "ok" && res.body).toContain("Internal admin page");
    const wide = await fetchFeed(main.url("/to-other-address.xml"), {
      fetch: { allow: parseAllowList("127.0.0.0/8") },
    });
    expect(wide).toMatchObject({ status: "ok", finalUrl: internal.url("/x.xml") });
  });

  it("refuses schemes other than http and https", async () => {
    await expect(refusal("file:///etc/passwd")).resolves.toMatchObject({
      message: expect.stringMatching(/^refused: only http and https/),
    });
  });
});
