import { describe, expect, it } from "vitest";

import { blockedRange, isAllowedByRules, parseAddress, parseAllowList } from "./ip-policy";

const range = (ip: string) => {
  const addr = parseAddress(ip);
  if (!addr) throw new Error(`not an address: ${ip}`);
  return blockedRange(addr);
};

describe("blockedRange", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.251", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["192.0.2.10", "reserved"],
    ["198.18.0.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["2001:db8::1", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "teredo"],
    ["::ffff:127.0.0.1", "ipv4Mapped:loopback"],
    ["::ffff:7f00:1", "ipv4Mapped:loopback"],
    ["::ffff:10.0.0.1", "ipv4Mapped:private"],
    ["::ffff:169.254.169.254", "ipv4Mapped:linkLocal"],
    ["::ffff:0:7f00:1", "rfc6145:loopback"],
    ["64:ff9b::7f00:1", "nat64:loopback"],
    ["64:ff9b::a9fe:a9fe", "nat64:linkLocal"],
    ["64:ff9b:1::1", "rfc6052"],
    ["2002:7f00:1::1", "6to4:loopback"],
    ["2002:c0a8:101::1", "6to4:private"],
    ["::7f00:1", "ipv4Compatible"],
    ["4000::1", "unassigned"],
  ])("refuses %s (%s)", (ip, expected) => {
    expect(range(ip)).toBe(expected);
  });

  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "2606:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("lets public unicast %s through", (ip) => {
    expect(range(ip)).toBeNull();
  });
});

describe("parseAllowList", () => {
  it("is empty when unset", () => {
    expect(parseAllowList(undefined)).toEqual([]);
    expect(parseAllowList("")).toEqual([]);
  });

  it("matches ranges, single addresses, exact endpoints and host names", () => {
    const rules = parseAllowList(
      "127.0.0.0/8, 10.0.0.5, [::1]:8080, 192.168.1.2:81, feeds.lan, wiki.lan:8443",
    );
    const at = (hostname: string, ip: string, port: number) =>
      isAllowedByRules(rules, { hostname, address: parseAddress(ip)!, port });
    expect(at("127.0.0.2", "127.0.0.2", 1234)).toBe(true);
    expect(at("10.0.0.5", "10.0.0.5", 80)).toBe(true);
    expect(at("10.0.0.6", "10.0.0.6", 80)).toBe(false);
    expect(at("[::1]", "::1", 8080)).toBe(true);
    expect(at("[::1]", "::1", 8081)).toBe(false);
    expect(at("192.168.1.2", "192.168.1.2", 81)).toBe(true);
    expect(at("192.168.1.2", "192.168.1.2", 80)).toBe(false);
    expect(at("feeds.lan", "192.168.7.7", 80)).toBe(true);
    expect(at("wiki.lan", "192.168.7.8", 8443)).toBe(true);
    expect(at("wiki.lan", "192.168.7.8", 443)).toBe(false);
    expect(at("other.lan", "192.168.7.7", 80)).toBe(false);
    // An IPv4-mapped address is matched as the IPv4 address it carries.
    expect(at("[::ffff:7f00:2]", "::ffff:127.0.0.2", 1)).toBe(true);
  });

  it("rejects malformed entries with a clear message", () => {
    expect(() => parseAllowList("10.0.0.0/99")).toThrow(/invalid allowlist range/);
    expect(() => parseAllowList("127.0.0.1:70000")).toThrow(/invalid port/);
    expect(() => parseAllowList("bad host!")).toThrow(/invalid allowlist entry/);
  });
});
