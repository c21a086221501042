import { describe, expect, it } from "vitest";

import { loadEnv as load } from "../env";
import {
  clientAddress,
  limitKey,
  parseTrustedProxies,
  PEER_ADDRESS_HEADER,
  stampPeerAddress,
} from "./client-address";

const loadEnv = (vars: Record<string, string>) => load(vars as NodeJS.ProcessEnv);
const from = (peer: string, xff?: string) => ({
  [PEER_ADDRESS_HEADER]: peer,
  ...(xff === undefined ? {} : { "x-forwarded-for": xff }),
});

describe("clientAddress", () => {
  it("is the socket's peer, whatever X-Forwarded-For says, when no proxy is trusted", () => {
    expect(clientAddress(from("203.0.113.7", "198.51.100.1"), [])).toBe("203.0.113.7");
    expect(clientAddress(new Headers(from("203.0.113.7", "1.1.1.1, 2.2.2.2")), [])).toBe("203.0.113.7");
    // A dual-stack socket reports IPv4 peers as mapped IPv6 addresses.
    expect(clientAddress(from("::ffff:203.0.113.7"), [])).toBe("203.0.113.7");
  });

  it("ignores X-Forwarded-For from a peer that is not a trusted proxy", () => {
    const trusted = parseTrustedProxies("10.0.0.1");
    expect(clientAddress(from("203.0.113.7", "198.51.100.1"), trusted)).toBe("203.0.113.7");
  });

  it("takes the right-most address that is not a trusted proxy when the peer is one", () => {
    const trusted = parseTrustedProxies("10.0.0.0/8, ::1");
    // The client forged the left-most entry; the proxies appended what they saw.
    expect(clientAddress(from("10.0.0.1", "6.6.6.6, 198.51.100.9, 10.0.0.2"), trusted)).toBe("198.51.100.9");
    expect(clientAddress(from("::1", "198.51.100.9"), trusted)).toBe("198.51.100.9");
    // Only proxies on the way: the farthest one is the client.
    expect(clientAddress(from("10.0.0.1", "10.0.0.3, 10.0.0.2"), trusted)).toBe("10.0.0.3");
    // No header: the proxy itself.
    expect(clientAddress(from("10.0.0.1"), trusted)).toBe("10.0.0.1");
    // A hop that is not an address ends the walk at the last trusted one.
    expect(clientAddress(from("10.0.0.1", "junk, 10.0.0.2"), trusted)).toBe("10.0.0.2");
    // Repeated headers arrive joined.
    expect(
      clientAddress(
        { [PEER_ADDRESS_HEADER]: "10.0.0.1", "x-forwarded-for": ["7.7.7.7", "198.51.100.4"] },
        trusted,
      ),
    ).toBe("198.51.100.4");
  });

  it("is unknown without a peer address, so a request that skipped the server cannot pick one", () => {
    expect(clientAddress({ "x-forwarded-for": "198.51.100.1" }, parseTrustedProxies("0.0.0.0/0"))).toBe(
      "unknown",
    );
  });

  it("stamps the socket's peer over a copy the client sent", () => {
    const req = {
      headers: { [PEER_ADDRESS_HEADER]: "1.2.3.4" } as Record<string, string>,
      socket: { remoteAddress: "127.0.0.1" },
    };
    stampPeerAddress(req);
    expect(req.headers[PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
  });
});

describe("LEDE_TRUSTED_PROXIES", () => {
  it("is empty by default and takes addresses and CIDR ranges", () => {
    expect(loadEnv({}).LEDE_TRUSTED_PROXIES).toBe("");
    expect(parseTrustedProxies("")).toEqual([]);
    expect(parseTrustedProxies("127.0.0.1, 10.0.0.0/8, fd00::/8")).toHaveLength(3);
    expect(() => loadEnv({ LEDE_TRUSTED_PROXIES: "proxy.lan" })).toThrow(/LEDE_TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies("10.0.0.0/99")).toThrow(/invalid trusted proxy/);
  });
});

describe("limitKey", () => {
  it("counts IPv6 clients by their /64 and IPv4 clients by address", () => {
    expect(limitKey("2001:db8:1:2:aaaa::1")).toBe(limitKey("2001:db8:1:2:bbbb::9"));
    expect(limitKey("2001:db8:1:3::1")).not.toBe(limitKey("2001:db8:1:2::1"));
    expect(limitKey("203.0.113.7")).toBe("203.0.113.7");
  });
});

describe("LEDE_SMTP_URL", () => {
  it("needs NEXTAUTH_URL, so links in mail never follow a request's Host", () => {
    expect(() => loadEnv({ LEDE_SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(/NEXTAUTH_URL/);
    expect(
      loadEnv({ LEDE_SMTP_URL: "smtp://127.0.0.1:2525", NEXTAUTH_URL: "https://lede.example" }).LEDE_SMTP_URL,
    ).toBe("smtp://127.0.0.1:2525");
    expect(() => loadEnv({ LEDE_SMTP_URL: "http://mail.example" })).toThrow(/LEDE_SMTP_URL/);
  });
});
