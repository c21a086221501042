import ipaddr from "ipaddr.js";

type Address = ipaddr.IPv4 | ipaddr.IPv6;
export type TrustedProxies = ReadonlyArray<[Address, number]>;

/**
 * The address of the socket's peer, set by the server (server.ts) on every request after it deletes any copy the
 * client sent. Route handlers behind Next see only headers, so this is how they learn who connected.
 */
export const PEER_ADDRESS_HEADER = "x-lede-peer-address";

/** Stamps a Node request with its socket's peer address, replacing whatever the client sent under that name. */
export function stampPeerAddress(req: {
  headers: Record<string, string | string[] | undefined>;
  socket: { remoteAddress?: string };
}): void {
  req.headers[PEER_ADDRESS_HEADER] = req.socket.remoteAddress ?? "";
}

/**
 * Parses `LEDE_TRUSTED_PROXIES`: a comma list of addresses and CIDR ranges (`127.0.0.1`, `10.0.0.0/8`, `::1`,
 * `fd00::/8`). Throws on anything else. Empty: no proxy is trusted.
 */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  if (!text) return [];
  return text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry): [Address, number] => {
      if (entry.includes("/")) {
        try {
          const [base, bits] = ipaddr.parseCIDR(entry);
          return [
            unmapped(base),
            base.kind() === "ipv6" && unmapped(base).kind() === "ipv4" ? bits - 96 : bits,
          ];
        } catch {
          throw new Error(`invalid trusted proxy range "${entry}"`);
        }
      }
      const addr = parse(entry);
      if (!addr) throw new Error(`invalid trusted proxy address "${entry}"`);
      return [addr, addr.kind() === "ipv4" ? 32 : 128];
    });
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const raw = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(raw) ? raw.join(",") : raw;
}

/**
 * The client's address for per-address limits. The socket's peer is the client unless it is a trusted proxy;
 * then X-Forwarded-For is read from the right (each proxy appends the address it saw) and the first address that
 * is not a trusted proxy is the client. Forwarding headers from anyone else are ignored: a client cannot choose
 * its own address. "unknown" when the request did not come through the server (no peer address).
 */
export function clientAddress(headers: HeaderSource, trusted: TrustedProxies): string {
  const peer = parse(header(headers, PEER_ADDRESS_HEADER) ?? "");
  if (!peer) return "unknown";
  if (!isTrusted(peer, trusted)) return peer.toString();
  const hops = (header(headers, "x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  let client: Address = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parse(hops[i] ?? "");
    // A hop that is not an address was written by the client side of the last trusted proxy: stop there.
    if (!hop) break;
    client = hop;
    if (!isTrusted(hop, trusted)) break;
  }
  return client.toString();
}

/**
 * The key a per-address limit counts under: an IPv4 address as is, an IPv6 address by its /64 (one subscriber
 * usually holds a whole /64, and would otherwise get 2^64 fresh addresses to spend).
 */
export function limitKey(address: string): string {
  const addr = parse(address);
  if (!addr || addr.kind() === "ipv4") return address;
  const parts = (addr as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((p) => p.toString(16)).join(":")}::/64`;
}

function parse(text: string): Address | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  // Only the canonical forms proxies and sockets write; ipaddr also takes "0x7f.1" and the like.
  if (!ipaddr.IPv6.isValid(bare) && !ipaddr.IPv4.isValidFourPartDecimal(bare)) return null;
  return unmapped(ipaddr.parse(bare));
}

/** `::ffff:10.0.0.1` (a dual-stack socket's view of an IPv4 peer) is 10.0.0.1. */
function unmapped(a: Address): Address {
  return a.kind() === "ipv6" && (a as ipaddr.IPv6).isIPv4MappedAddress()
    ? (a as ipaddr.IPv6).toIPv4Address()
    : a;
}

function isTrusted(addr: Address, trusted: TrustedProxies): boolean {
  return trusted.some(([base, bits]) =>
    base.kind() === addr.kind()
      ? addr.kind() === "ipv4"
        ? (addr as ipaddr.IPv4).match(base as ipaddr.IPv4, bits)
        : (addr as ipaddr.IPv6).match(base as ipaddr.IPv6, bits)
      : false,
  );
}
