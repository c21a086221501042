// Feed titles are often "<section> | <brand>" or "<brand> - Latest News"; these parts name no publisher.
const GENERIC =
  /^(latest|top|breaking|home|front page|rss|feed|news|headlines|stories|top stories|latest news|news headlines|all|main|index|the latest|home page|rss feed|rss channel)(\s+(news|stories|headlines|feed|updates|and|&|analysis))*$/i;

const SEPARATORS = /\s+[|–—>»-]\s+|\s*[|»>]\s*|:\s+|-\s+(?=\p{Lu})/u;

/** The distinctive labels of a host: `timesofindia.indiatimes.com` → [timesofindia, indiatimes]. */
export function hostLabels(host: string): string[] {
  const parts = host.toLowerCase().split(".");
  // Drop the public suffix: the last label, and a second-level one such as "co" in ".co.uk".
  parts.pop();
  if (parts.length > 1 && /^(co|com|org|net|gov|ac|edu|ne|or|go)$/.test(parts[parts.length - 1] ?? ""))
    parts.pop();
  return parts.filter((p) => !/^(www\d?|rss\d?|feeds?\d?|rssfeeds|xml|syndication|m|news|api|cdn)$/.test(p));
}

const compact = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
const acronym = (s: string) =>
  s
    .split(/\s+/)
    .filter((w) => /^\p{L}/u.test(w) && !/^(of|the|and|de|la|le|du)$/i.test(w))
    .map((w) => w[0])
    .join("")
    .toLowerCase();

function score(segment: string, labels: string[]): number {
  const c = compact(segment);
  if (!c || GENERIC.test(segment.trim())) return 0;
  for (const label of labels) {
    if (c === label || c === `the${label}`) return 100;
    if (label.length >= 3 && acronym(segment) === label) return 90;
    if (label.length >= 3 && (c.includes(label) || label.includes(c)) && c.length >= 3) return 80;
  }
  return 10;
}

/** A name part cleaned of URL trappings: "https://www.engadget.com/" → "engadget.com", "CNN.com" → "CNN". */
function tidy(part: string): string {
  let t = part.trim();
  if (/^(https?:\/\/|www\.)/i.test(t))
    t = t
      .replace(/^https?:\/\//i, "")
      .replace(/^www\./i, "")
      .replace(/\/.*$/, "");
  const bare = t.replace(/\.(com|net|org|co\.uk|com\.au|in|ru|ua|ir|de|fr)$/i, "");
  if (bare !== t && /[A-Z]/.test(bare) && bare.length >= 2) t = bare;
  return t.trim();
}

/**
 * A publisher's name from its feeds' titles: the title part that matches the host ("Latest News | Daily Telegraph"
 * on dailytelegraph.com.au → "Daily Telegraph"; "Sydney Morning Herald - Latest News" on smh.com.au → "Sydney
 * Morning Herald"), else the part its feeds share, else a lone feed's first descriptive part, else the host.
 */
export function brandName(titles: Array<string | null>, host: string): string {
  const labels = hostLabels(host);
  const segments = titles.flatMap((t) =>
    t
      ? t
          .split(SEPARATORS)
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );
  let best: { s: string; score: number } | null = null;
  for (const s of segments) {
    const sc = score(s, labels);
    if (sc > (best?.score ?? 0)) best = { s, score: sc };
  }
  if (best && best.score >= 80) return tidy(best.s);
  const named = titles.filter((t): t is string => !!t);
  if (named.length > 1) {
    const counts = new Map<string, number>();
    for (const t of named)
      for (const s of new Set(t.split(SEPARATORS).map((x) => x.trim())))
        if (score(s, labels) > 0) counts.set(s, (counts.get(s) ?? 0) + 1);
    const shared = [...counts].filter(([, n]) => n > 1).sort((a, b) => b[1] - a[1])[0];
    return shared ? tidy(shared[0]) : host;
  }
  const lone = segments.find((s) => score(s, labels) > 0 && s.length <= 60);
  return lone ? tidy(lone) : host;
}
