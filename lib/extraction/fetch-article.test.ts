import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseAllowList } from "../net";
import { redirectTo, respond, startTestServer, type TestServer } from "../net/test-http-server";
import { fetchArticle } from "./fetch-article";
import { EXTRACTION_FIXTURES, fixtureBytes, fixtureGold } from "./fixtures";
import { tokenScore } from "./token-metrics";

let server: TestServer;
const allow = () => ({ allow: parseAllowList(server.host) });
const fixture = (name: string) => EXTRACTION_FIXTURES.find((f) => f.name === name)!;

beforeAll(async () => {
  const zeitung = fixture("zeitung-hafen-latin1");
  const courier = fixture("courier-council-tram");
  server = await startTestServer({
    // Served as ISO-8859-1 bytes, with the charset only in the page's <meta http-equiv>.
    "/hafen": respond(fixtureBytes(zeitung), "text/html"),
    "/tram": respond(fixtureBytes(courier)),
    "/old-tram-link": redirectTo("/tram", 301),
    "/shell": respond(`<html><head><title>App</title></head><body><div id="root"></div></body></html>`),
    "/photo.png": respond(Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/png"),
    "/gone": respond("gone", "text/plain", 410),
  });
});
afterAll(() => server?.close());

describe("fetchArticle", () => {
  it("decodes a Latin-1 page by its meta charset and extracts its body", async () => {
    const res = await fetchArticle(server.url("/hafen"), allow());
    expect(res.status).toBe("has_content");
    expect(res.text).toContain("Jürgen Bräuer");
    expect(res.text).toContain("Die Gewerkschaft begrüßte die Entwicklung");
    expect(tokenScore(res.text, fixtureGold("zeitung-hafen-latin1")).recall).toBeGreaterThanOrEqual(0.95);
    expect(res.imageUrl).toBe(server.url("/bilder/2025/08/hafen-containerbruecke.jpg"));
  });

  it("reports the final URL after redirects and resolves media against it", async () => {
    const res = await fetchArticle(server.url("/old-tram-link"), allow());
    expect(res.status).toBe("has_content");
    expect(res.finalUrl).toBe(server.url("/tram"));
    expect(res.title).toBe("Council approves £186m tram extension to Harrowgate");
    expect(res.imageUrl).toBe(server.url("/images/2025/02/tram-depot-1200.jpg"));
    expect(res.error).toBeNull();
  });

  it("marks a page without article text no_content", async () => {
    const res = await fetchArticle(server.url("/shell"), allow());
    expect(res.status).toBe("no_content");
    expect(res.text).toBe("");
  });

  it("marks refused, missing and non-HTML pages failed, with the reason", async () => {
    const before = server.hits("/tram");
    const refused = await fetchArticle(server.url("/tram"));
    expect(refused).toMatchObject({
      status: "failed",
      errorCode: "blocked_address",
      transient: false,
      text: "",
    });
    expect(server.hits("/tram")).toBe(before);
    const gone = await fetchArticle(server.url("/gone"), allow());
    expect(gone).toMatchObject({ status: "failed", errorCode: "http_status", transient: false });
    const image = await fetchArticle(server.url("/photo.png"), allow());
    expect(image).toMatchObject({ status: "failed", errorCode: "unsupported_content_type" });
    const loopback = await fetchArticle("http://[::1]/admin");
    expect(loopback).toMatchObject({
      status: "failed",
      errorCode: "blocked_address",
      finalUrl: "http://[::1]/admin",
    });
  });
});
