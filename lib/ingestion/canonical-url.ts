import { createHash } from "node:crypto";

// Query parameters that only track a click and never change the article a URL points to.
const TRACKING_PARAMS = new Set([
  "fbclid",
  "gclid",
  "dclid",
  "msclkid",
  "yclid",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "cmpid",
  "cmp",
  "ocid",
  "ncid",
  "sr_share",
  "smid",
  "smtyp",
  "ref_src",
  "ref_url",
  "taid",
  "wt.mc_id",
  "at_medium",
  "at_campaign",
  "at_custom1",
  "at_custom2",
  "at_custom3",
  "at_custom4",
  "soc_src",
  "soc_trk",
  "mbid",
  "spm",
  "rss",
  "feedtype",
  "s_cid",
  "cid_source",
  "ito",
  "xtor",
  "icid",
  "__twitter_impression",
  "share",
  "amp",
]);

const isTracking = (name: string): boolean => {
  const n = name.toLowerCase();
  return TRACKING_PARAMS.has(n) || n.startsWith("utm_") || n.startsWith("pk_") || n.startsWith("hsa_");
};

/**
 * The canonical form of an article URL, used for identity: https, lowercase host without `www.`, no default
 * port, no fragment, no tracking parameters, remaining parameters sorted. Throws on a non-http(s) URL.
 */
export function canonicalizeUrl(raw: string, base?: string): string {
  const url = new URL(raw.trim(), base);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`unsupported URL scheme: ${url.protocol}`);
  url.protocol = "https:";
  url.hostname = url.hostname
    .toLowerCase()
    .replace(/^www\./, "")
    .replace(/\.$/, "");
  if (url.port === "443" || url.port === "80") url.port = "";
  url.hash = "";
  url.username = "";
  url.password = "";
  const kept = [...url.searchParams.entries()].filter(([k]) => !isTracking(k));
  kept.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  url.search = new URLSearchParams(kept).toString();
  return url.toString();
}

/** Contract §2: the first 16 lowercase hex characters of SHA-256 of the canonical URL. */
export function urlHash(canonicalUrl: string): string {
  return createHash("sha256").update(canonicalUrl).digest("hex").slice(0, 16);
}
