import type { LookupAddress } from "node:dns";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { parseAllowList } from "./ip-policy";
import {
  assertFetchable,
  assertLiteralFetchable,
  safeFetch,
  type LookupAll,
  type SafeFetchOptions,
} from "./safe-fetch";
import { SafeFetchError, type SafeFetchErrorCode } from "./safe-fetch-error";
import { redirectTo, respond, startTestServer, type TestServer } from "./test-http-server";

// The SSRF suite. Refused targets are real servers on loopback wherever possible (127.0.0.1, 127.0.0.2, ::1), so a
// missing check would show up as a successful fetch of /secret, not only as a different error.
let main: TestServer;
let second: TestServer;
let v6: TestServer;

/** A fake resolver: names map to fixed answers, anything else fails like NXDOMAIN. */
function fakeDns(table: Record<string, string[]>, calls?: string[]): LookupAll {
  return async (hostname) => {
    calls?.push(hostname);
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return answers.map((address): LookupAddress => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

async function refusal(url: string, opts: SafeFetchOptions = {}): Promise<SafeFetchError> {
  try {
    await safeFetch(url, { timeoutMs: 5_000, ...opts });
  } catch (e) {
    if (e instanceof SafeFetchError) return e;
    throw e;
  }
  throw new Error(`${url} was fetched`);
}

async function expectRefused(url: string, code: SafeFetchErrorCode, opts: SafeFetchOptions = {}) {
  const err = await refusal(url, opts);
  expect(err.code, `${url}: ${err.message}`).toBe(code);
  return err;
}

beforeAll(async () => {
  second = await startTestServer({ "/secret": respond("second secret") }, "127.0.0.2");
  v6 = await startTestServer({ "/secret": respond("v6 secret") }, "::1");
  const chain: Record<string, ReturnType<typeof redirectTo>> = {};
  for (let i = 0; i < 7; i++) chain[`/hop${i}`] = redirectTo(`/hop${i + 1}`);
  chain["/hop7"] = respond("end of chain");
  main = await startTestServer({
    ...chain,
    "/secret": respond("main secret"),
    "/to-127-0-0-2": redirectTo(`http://127.0.0.2:${second.port}/secret`),
    "/to-decimal": redirectTo(`http://2130706434:${second.port}/secret`),
    "/to-mapped": redirectTo(`http://[::ffff:127.0.0.2]:${second.port}/secret`),
    "/to-10": redirectTo("http://10.0.0.1/admin", 301),
    "/to-metadata": redirectTo("http://169.254.169.254/latest/meta-data/", 307),
    "/to-v6-loopback": redirectTo(`http://[::1]:${v6.port}/secret`, 308),
    "/to-private-name": redirectTo("http://intranet.example.test/"),
    "/to-file": redirectTo("file:///etc/passwd"),
    "/loop-a": redirectTo("/loop-b"),
    "/loop-b": redirectTo("/loop-a"),
    "/self": redirectTo("/self?"),
    "/slow": () => undefined,
    "/stall-body": (_req, res) => res.writeHead(200, { "Content-Type": "text/html" }).write("<p>start"),
    "/big": respond(Buffer.alloc(6 * 1024 * 1024, 97), "text/plain"),
    "/bomb": (_req, res) =>
      res
        .writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" })
        .end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 32))),
    "/gzip": (_req, res) =>
      res
        .writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" })
        .end(zlib.gzipSync("<p>compressed page</p>")),
    "/error": respond("oops", "text/plain", 500),
    "/busy": (_req, res) => res.writeHead(429, { "Retry-After": "30" }).end(),
    "/image": respond(Buffer.from([0x89, 0x50, 0x4e, 0x47]), "image/png"),
    "/echo-headers": (req, res) =>
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(req.headers)),
    "/etag": (req, res) =>
      req.headers["if-none-match"] === '"v1"' ? res.writeHead(304).end() : res.writeHead(200).end("fresh"),
  });
});

afterAll(async () => {
  await Promise.all([main?.close(), second?.close(), v6?.close()]);
});

const allowMain = () => ({ allow: parseAllowList(main.host) });

describe("safeFetch: IP literals", () => {
  it.each([
    ["dotted", (p: number) => `http://127.0.0.1:${p}/secret`],
    ["decimal", (p: number) => `http://2130706433:${p}/secret`],
    ["hex", (p: number) => `http://0x7f000001:${p}/secret`],
    ["octal", (p: number) => `http://0177.0.0.1:${p}/secret`],
    ["short", (p: number) => `http://127.1:${p}/secret`],
    ["mixed hex dotted", (p: number) => `http://0x7f.0.0.0x1:${p}/secret`],
    ["fullwidth digits", (p: number) => `http://１２７.０.０.１:${p}/secret`],
    ["percent-encoded", (p: number) => `http://%31%32%37.0.0.1:${p}/secret`],
    ["trailing dot", (p: number) => `http://127.0.0.1.:${p}/secret`],
    ["IPv4-mapped dotted", (p: number) => `http://[::ffff:127.0.0.1]:${p}/secret`],
    ["IPv4-mapped hex", (p: number) => `http://[::ffff:7f00:1]:${p}/secret`],
    ["IPv4-mapped long form", (p: number) => `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/secret`],
    ["IPv4-compatible", (p: number) => `http://[::127.0.0.1]:${p}/secret`],
    ["NAT64", (p: number) => `http://[64:ff9b::127.0.0.1]:${p}/secret`],
  ])("refuses the %s form of 127.0.0.1 before connecting", async (_name, url) => {
    const err = await expectRefused(url(main.port), "blocked_address");
    expect(err.extra.range).toMatch(/loopback|ipv4Compatible/);
    expect(main.hits("/secret")).toBe(0);
  });

  it("refuses IPv6 loopback [::1] and unspecified addresses", async () => {
    await expectRefused(`http://[::1]:${v6.port}/secret`, "blocked_address");
    expect(v6.hits("/secret")).toBe(0);
    await expectRefused(`http://0:${main.port}/secret`, "blocked_address");
    await expectRefused(`http://[::]:${main.port}/secret`, "blocked_address");
  });

  it.each([
    "http://10.0.0.1/",
    "http://172.16.0.1/",
    "http://192.168.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://224.0.0.1/",
    "http://255.255.255.255/",
    "http://[fe80::1]/",
    "http://[fd00::1]/",
    "http://[ff02::1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::ffff:a9fe:a9fe]/",
    "http://[2002:a00:1::]/",
    "https://0xa9fea9fe/",
  ])("refuses %s", async (url) => {
    await expectRefused(url, "blocked_address");
  });

  it("refuses every scheme but http and https", async () => {
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/",
      "gopher://127.0.0.1:70/",
      "data:text/html,hi",
    ]) {
      await expectRefused(url, "unsupported_protocol");
    }
    await expectRefused("not a url", "invalid_url");
  });
});

describe("safeFetch: DNS answers", () => {
  const lookup = fakeDns({
    "loopback.example.test": ["127.0.0.1"],
    "rfc1918.example.test": ["10.20.30.40"],
    "metadata.example.test": ["169.254.169.254"],
    "cgnat.example.test": ["100.100.100.100"],
    "v6-local.example.test": ["fd00::5"],
    "v6-loopback.example.test": ["::1"],
    "mapped.example.test": ["::ffff:192.168.0.10"],
    "mixed.example.test": ["93.184.216.34", "127.0.0.1"],
    "mixed-reversed.example.test": ["10.0.0.8", "93.184.216.34"],
    "mixed-v6.example.test": ["2606:4700::1111", "fe80::1"],
  });

  it.each([
    ["loopback.example.test", "loopback"],
    ["rfc1918.example.test", "private"],
    ["metadata.example.test", "linkLocal"],
    ["cgnat.example.test", "carrierGradeNat"],
    ["v6-local.example.test", "uniqueLocal"],
    ["v6-loopback.example.test", "loopback"],
    ["mapped.example.test", "ipv4Mapped:private"],
  ])("refuses a name resolving to a private address (%s)", async (host, range) => {
    const err = await expectRefused(`http://${host}:${main.port}/secret`, "blocked_address", { lookup });
    expect(err.extra.range).toBe(range);
    expect(main.hits("/secret")).toBe(0);
  });

  it.each(["mixed.example.test", "mixed-reversed.example.test", "mixed-v6.example.test"])(
    "refuses %s, which resolves to one public and one private address",
    async (host) => {
      await expectRefused(`http://${host}/`, "blocked_address", { lookup });
    },
  );

  it("times out a resolver that never answers", async () => {
    const hanging: LookupAll = () => new Promise(() => undefined);
    await expectRefused("http://slow-dns.example.test/", "timeout", { lookup: hanging, timeoutMs: 200 });
  });

  it("reports a name that does not resolve", async () => {
    await expectRefused("http://nowhere.example.test/", "dns_failure", { lookup });
  });

  it("connects to the checked address only, with the name kept in the Host header", async () => {
    const calls: string[] = [];
    // A rebinding resolver: allowed loopback endpoint first, a private address after that.
    let answered = false;
    const rebinding: LookupAll = async (hostname) => {
      calls.push(hostname);
      const address = answered ? "10.9.9.9" : "127.0.0.1";
      answered = true;
      return [{ address, family: 4 }];
    };
    const res = await safeFetch(`http://pinned.example.test:${main.port}/echo-headers`, {
      ...allowMain(),
      lookup: rebinding,
    });
    expect(res.status).toBe(200);
    expect(res.address).toBe("127.0.0.1");
    expect(JSON.parse(res.body.toString()).host).toBe(`pinned.example.test:${main.port}`);
    expect(calls).toEqual(["pinned.example.test"]);
  });
});

describe("safeFetch: redirects", () => {
  it.each([
    ["/to-127-0-0-2", "another loopback address"],
    ["/to-decimal", "a decimal literal of 127.0.0.2"],
    ["/to-mapped", "an IPv4-mapped literal of 127.0.0.2"],
    ["/to-10", "10.0.0.1"],
    ["/to-metadata", "the cloud metadata address"],
    ["/to-v6-loopback", "[::1]"],
  ])("refuses a redirect from the allowed server into %s (%s)", async (path) => {
    const err = await expectRefused(main.url(path), "blocked_address", allowMain());
    expect(err.url).not.toBe(main.url(path));
    expect(main.hits(path)).toBe(1);
    expect(second.hits("/secret")).toBe(0);
    expect(v6.hits("/secret")).toBe(0);
  });

  it("refuses a redirect to a name that resolves privately, and to another scheme", async () => {
    const lookup = fakeDns({ "intranet.example.test": ["192.168.10.10"] });
    await expectRefused(main.url("/to-private-name"), "blocked_address", { ...allowMain(), lookup });
    await expectRefused(main.url("/to-file"), "unsupported_protocol", allowMain());
  });

  it("lets a wider allowlist reach the second loopback address", async () => {
    const res = await safeFetch(main.url("/to-127-0-0-2"), { allow: parseAllowList("127.0.0.0/8") });
    expect(res.body.toString()).toBe("second secret");
    expect(res.url).toBe(`http://127.0.0.2:${second.port}/secret`);
    expect(res.redirects).toEqual([main.url("/to-127-0-0-2")]);
  });

  it("detects redirect loops", async () => {
    await expectRefused(main.url("/loop-a"), "redirect_loop", allowMain());
    await expectRefused(main.url("/self"), "redirect_loop", allowMain());
  });

  it("follows at most 5 redirects", async () => {
    const ok = await safeFetch(main.url("/hop2"), allowMain());
    expect(ok.body.toString()).toBe("end of chain");
    expect(ok.redirects).toHaveLength(5);
    await expectRefused(main.url("/hop1"), "too_many_redirects", allowMain());
  });
});

describe("safeFetch: limits and responses", () => {
  it("refuses the loopback test server unless it is allowed", async () => {
    await expectRefused(main.url("/secret"), "blocked_address");
    const res = await safeFetch(main.url("/secret"), allowMain());
    expect(res.body.toString()).toBe("main secret");
    expect(res.contentType).toBe("text/html; charset=utf-8");
  });

  it("times out a server that never answers, and one that stalls mid-body", async () => {
    await expectRefused(main.url("/slow"), "timeout", { ...allowMain(), timeoutMs: 300 });
    await expectRefused(main.url("/stall-body"), "timeout", { ...allowMain(), timeoutMs: 300 });
  });

  it("caps the body, decompressed size included", async () => {
    await expectRefused(main.url("/big"), "too_large", allowMain());
    await expectRefused(main.url("/bomb"), "too_large", allowMain());
    const small = await safeFetch(main.url("/gzip"), allowMain());
    expect(small.body.toString()).toBe("<p>compressed page</p>");
  });

  it("reports HTTP errors with their status and Retry-After", async () => {
    const err = await expectRefused(main.url("/error"), "http_status", allowMain());
    expect(err.extra.httpStatus).toBe(500);
    expect(err.transient).toBe(true);
    const busy = await expectRefused(main.url("/busy"), "http_status", allowMain());
    expect(busy.extra.retryAfterMs).toBe(30_000);
    const missing = await expectRefused(main.url("/missing"), "http_status", allowMain());
    expect(missing.transient).toBe(false);
  });

  it("checks the content type when asked to", async () => {
    await expectRefused(main.url("/image"), "unsupported_content_type", {
      ...allowMain(),
      contentTypes: ["text/html"],
    });
  });

  it("sends a descriptive User-Agent and passes conditional headers through", async () => {
    const res = await safeFetch(main.url("/echo-headers"), {
      ...allowMain(),
      userAgent: "LedeBot/test (+ops@x)",
    });
    expect(JSON.parse(res.body.toString())["user-agent"]).toBe("LedeBot/test (+ops@x)");
    const def = await safeFetch(main.url("/echo-headers"), allowMain());
    expect(JSON.parse(def.body.toString())["user-agent"]).toMatch(/^LedeBot\//);
    const notModified = await safeFetch(main.url("/etag"), {
      ...allowMain(),
      headers: { "If-None-Match": '"v1"' },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
  });
});

describe("checking a URL without fetching it", () => {
  it.each([
    ["dotted", (p: number) => `http://127.0.0.1:${p}/x.xml`],
    ["decimal", (p: number) => `http://2130706433:${p}/x.xml`],
    ["IPv4-mapped", (p: number) => `http://[::ffff:127.0.0.1]:${p}/x.xml`],
    ["link-local", () => "http://169.254.169.254/latest/meta-data/"],
    ["private", () => "http://10.1.2.3/feed"],
  ])("refuses the %s literal synchronously, naming its range", (_name, url) => {
    expect(() => assertLiteralFetchable(url(main.port))).toThrow(
      expect.objectContaining({
        code: "blocked_address",
        message: expect.stringMatching(
          /^\S+ \((loopback|ipv4Mapped:loopback|linkLocal|private)\) may not be fetched$/,
        ),
      }),
    );
  });

  it("lets an allowed literal, a public literal and any host name through the synchronous check", () => {
    expect(() => assertLiteralFetchable(main.url("/x.xml"), parseAllowList(main.host))).not.toThrow();
    expect(() => assertLiteralFetchable("https://93.184.216.34/feed")).not.toThrow();
    expect(() => assertLiteralFetchable("https://intranet.example.test/feed")).not.toThrow();
    expect(() => assertLiteralFetchable("file:///etc/passwd")).toThrow(
      expect.objectContaining({ code: "unsupported_protocol" }),
    );
  });

  it("resolves host names and refuses one with a private answer, without connecting", async () => {
    const lookup = fakeDns({ "intranet.example.test": ["10.0.0.8"], "news.example.test": ["93.184.216.34"] });
    await expect(assertFetchable("http://intranet.example.test/feed", { lookup })).rejects.toMatchObject({
      code: "blocked_address",
      message: "intranet.example.test resolves to 10.0.0.8 (private), which may not be fetched",
    });
    await expect(assertFetchable("http://news.example.test/feed", { lookup })).resolves.toBeUndefined();
    const hanging: LookupAll = () => new Promise(() => undefined);
    await expect(
      assertFetchable("http://slow.example.test/", { lookup: hanging, timeoutMs: 100 }),
    ).rejects.toMatchObject({ code: "timeout" });
    expect(main.hits("/x.xml")).toBe(0);
  });
});
