import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// Only globally routable unicast may be fetched. IPv6 ranges that carry an IPv4 address (mapped, SIIT, NAT64,
// 6to4) are judged by that address, so `[::ffff:127.0.0.1]` or `[64:ff9b::a00:1]` cannot reach inside.
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");
// IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291) are not in ipaddr's table; they are refused.
const V4_COMPATIBLE = ipaddr.IPv6.parseCIDR("::/96");
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

/** Parses an address as the URL parser or a resolver gives it (brackets allowed); null if it is not an IP. */
export function parseAddress(text: string): Address | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  // ipaddr also accepts legacy IPv4 forms ("0x7f.1"); normalised URL hosts and resolver answers never use them,
  // and an address in such a form is still checked by its value.
  return ipaddr.parse(bare);
}

/**
 * Why an address may not be fetched: the name of its special range (`loopback`, `private`, `linkLocal`,
 * `uniqueLocal`, `carrierGradeNat`, `multicast`, `unspecified`, `reserved`, …), or null when it is public unicast.
 */
export function blockedRange(addr: Address): string | null {
  if (addr.kind() === "ipv4") {
    const range = addr.range();
    return range === "unicast" ? null : range;
  }
  const v6 = addr as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    const inner = blockedRange(embedded.v4);
    return inner ? `${embedded.via}:${inner}` : null;
  }
  const range = v6.range();
  if (range === "unspecified" || range === "loopback") return range;
  if (v6.match(V4_COMPATIBLE)) return "ipv4Compatible";
  if (range !== "unicast") return range;
  return v6.match(GLOBAL_UNICAST_V6) ? null : "unassigned";
}

/** The IPv4 address an IPv6 address stands for, for the ranges that embed one (Teredo is refused outright). */
function embeddedIPv4(v6: ipaddr.IPv6): { v4: ipaddr.IPv4; via: string } | null {
  const range = v6.range();
  // An IPv6 address always has eight 16-bit words.
  const [, w1 = 0, w2 = 0, , , , w6 = 0, w7 = 0] = v6.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  // ::ffff:a.b.c.d, ::ffff:0:a.b.c.d and the well-known NAT64 prefix 64:ff9b::/96 keep it in the last 32 bits.
  if (range === "ipv4Mapped" || range === "rfc6145") return { v4: fromWords(w6, w7), via: range };
  if (range === "rfc6052" && v6.match(NAT64_WELL_KNOWN)) return { v4: fromWords(w6, w7), via: "nat64" };
  // 6to4 (2002:AABB:CCDD::/48) carries it in bits 16–47.
  if (range === "6to4") return { v4: fromWords(w1, w2), via: "6to4" };
  return null;
}

/** One entry of the private-address allowlist. */
export type AllowRule =
  | { kind: "cidr"; range: [Address, number] }
  | { kind: "endpoint"; address: Address; port: number }
  | { kind: "host"; host: string; port: number | null };

/**
 * Parses a comma-separated allowlist: CIDR ranges (`127.0.0.0/8`, `fd00::/8`), single addresses (`10.0.0.5`),
 * exact endpoints (`127.0.0.1:8080`, `[::1]:8080`) and host names (`feeds.lan`, `feeds.lan:8080`).
 */
export function parseAllowList(text: string | undefined): AllowRule[] {
  if (!text) return [];
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(parseAllowRule);
}

function parseAllowRule(entry: string): AllowRule {
  if (entry.includes("/")) {
    try {
      return { kind: "cidr", range: ipaddr.parseCIDR(entry) };
    } catch {
      throw new Error(`invalid allowlist range "${entry}"`);
    }
  }
  const single = parseAddress(entry);
  if (single) return { kind: "cidr", range: [single, single.kind() === "ipv4" ? 32 : 128] };
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(entry);
  const port = m ? Number(m[2]) : null;
  if (port !== null && (port < 1 || port > 65535))
    throw new Error(`invalid port in allowlist entry "${entry}"`);
  const host = m?.[1] ?? entry;
  const address = parseAddress(host);
  if (address && port !== null) return { kind: "endpoint", address, port };
  if (!/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/i.test(host)) throw new Error(`invalid allowlist entry "${entry}"`);
  return { kind: "host", host: host.toLowerCase(), port };
}

/** Whether an operator's allowlist lets this connection through although the address is not public. */
export function isAllowedByRules(
  rules: readonly AllowRule[],
  target: { hostname: string; address: Address; port: number },
): boolean {
  const addr = unmapped(target.address);
  return rules.some((r) => {
    if (r.kind === "host") return r.host === target.hostname && (r.port === null || r.port === target.port);
    if (r.kind === "endpoint") return sameAddress(unmapped(r.address), addr) && r.port === target.port;
    const [base, bits] = r.range;
    if (base.kind() !== addr.kind()) return false;
    return addr.kind() === "ipv4"
      ? (addr as ipaddr.IPv4).match(base as ipaddr.IPv4, bits)
      : (addr as ipaddr.IPv6).match(base as ipaddr.IPv6, bits);
  });
}

function unmapped(a: Address): Address {
  return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress()
    ? (a as ipaddr.IPv6).toIPv4Address()
    : a;
}

function sameAddress(a: Address, b: Address): boolean {
  return a.kind() === b.kind() && a.toNormalizedString() === b.toNormalizedString();
}
