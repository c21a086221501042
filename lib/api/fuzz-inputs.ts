// Random and adversarial request parts for the /v1 fuzz test, from a seeded generator so that a failure replays.
import type { OpInput } from "./contract/requests";
import type { World } from "./contract/world";

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Fuzz {
  constructor(readonly rnd: () => number) {}

  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rnd() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.rnd() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rnd() * xs.length)] as T;
  }

  /** A string of random code points, lone surrogates and control characters included. */
  unicode(max = 40): string {
    const n = this.int(0, max);
    let s = "";
    for (let i = 0; i < n; i++) {
      const kind = this.int(0, 5);
      const cp =
        kind === 0
          ? this.int(0, 0x1f)
          : kind === 1
            ? this.int(0xd800, 0xdfff)
            : kind === 2
              ? this.int(0x1f300, 0x1faff)
              : kind === 3
                ? this.int(0x80, 0x7ff)
                : this.int(0x20, 0x7e);
      s += kind === 1 ? String.fromCharCode(cp) : String.fromCodePoint(cp);
    }
    return s;
  }

  number(): string {
    const forms = [
      () => String(this.int(-1_000_000, 1_000_000)),
      () => String(this.int(-5, 300)),
      () => String(this.rnd() * 10 ** this.int(0, 30) * (this.chance(0.3) ? -1 : 1)),
      () => `${this.int(1, 9)}${"0".repeat(this.int(10, 400))}`,
      () => `${this.int(0, 9)}e${this.int(-400, 400)}`,
      () => `0x${this.int(0, 0xffff).toString(16)}`,
      () => `${this.int(-3, 3)}.${this.int(0, 99)}`,
      () => ` ${this.int(0, 100)} `,
      () => `+${this.int(0, 100)}`,
    ];
    return this.pick(forms)();
  }

  /** One query value: a pool of known troublemakers, numbers, unicode, long and list-shaped strings. */
  value(w: World): string {
    const pool = [
      "",
      " ",
      "0",
      "-0",
      "-1",
      "1",
      "20",
      "100",
      "101",
      "5000",
      "5001",
      "2147483648",
      "9007199254740993",
      "1e309",
      "-1e309",
      "NaN",
      "Infinity",
      "-Infinity",
      "1.5",
      "１２",
      "٣",
      "true",
      "false",
      "TRUE",
      "yes",
      "null",
      "undefined",
      "[]",
      "{}",
      "[1,2]",
      "%",
      "%00",
      "\u0000",
      "\ud800",
      "\uffff",
      "🙂",
      "é",
      ",,,",
      " , ,1,",
      "<script>alert(1)</script>",
      "' OR 1=1 --",
      '"',
      '"unterminated phrase',
      "*",
      "NEAR(a b)",
      "a OR OR b",
      "-",
      "-volcano",
      "volcano -",
      "^",
      "col:val",
      "json",
      "base64",
      "article",
      "story",
      "articles,stories",
      "item.new,clusters.ranked",
      "has_content",
      "published",
      "asc",
      w.articleHash,
      w.articleHash.toUpperCase(),
      w.articleSlug,
      w.storySlug,
      String(w.storyId),
      String(w.entityId),
      w.entitySlug,
    ];
    const forms = [
      () => this.pick(pool),
      () => this.number(),
      () => this.unicode(),
      () => "a".repeat(this.int(200, 20_000)),
      () => "9".repeat(this.int(20, 400)),
      () => Array.from({ length: this.int(90, 160) }, () => this.int(-5, 99)).join(","),
      () => Array.from({ length: this.int(1, 8) }, () => this.pick(pool)).join(","),
    ];
    return this.pick(forms)();
  }

  /** Query pairs: the operation's own parameters and some others, repeated at times. */
  query(names: string[], w: World): Array<[string, string]> {
    const pairs: Array<[string, string]> = [];
    const extra = [
      "limit",
      "offset",
      "q",
      "api_key",
      "id",
      "include_embeddings",
      "",
      " ",
      "__proto__",
      "constructor",
    ];
    const n = this.int(0, 6);
    for (let i = 0; i < n; i++) {
      const name =
        this.chance(0.8) && names.length
          ? this.pick(names)
          : this.chance(0.5)
            ? this.pick(extra)
            : this.unicode(8);
      pairs.push([name, this.value(w)]);
      if (this.chance(0.1)) pairs.push([name, this.value(w)]);
    }
    return pairs;
  }

  pathParam(w: World): string {
    return this.pick([
      () => String(w.storyId),
      () => w.storySlug,
      () => String(w.entityId),
      () => w.entitySlug,
      () => this.number(),
      () => this.unicode(20),
      () => "..",
      () => "%2e%2e",
      () => "a/b",
      () => "",
      () => "x".repeat(this.int(100, 5000)),
      () => "ranked",
    ])();
  }

  /** A random JSON value, `depth` levels deep at most. */
  json(depth = 3): unknown {
    const leaf = [
      () => null,
      () => this.chance(0.5),
      () => this.int(-1e6, 1e6),
      () => this.rnd() * 1e300,
      () => -0,
      () => this.unicode(12),
      () => "",
    ];
    if (depth <= 0 || this.chance(0.4)) return this.pick(leaf)();
    if (this.chance(0.5)) return Array.from({ length: this.int(0, 5) }, () => this.json(depth - 1));
    const keys = [
      "from",
      "to",
      "embedding",
      "types",
      "limit",
      "since_hours",
      "topics",
      "embedding_filters",
      "cursor",
    ];
    return Object.fromEntries(
      Array.from({ length: this.int(0, 5) }, () => [
        this.chance(0.7) ? this.pick(keys) : this.unicode(6),
        this.json(depth - 1),
      ]),
    );
  }

  /** An embedding that is almost right: wrong lengths, wrong entries, out of float32 range, zero. */
  embedding(): unknown {
    const base = () => Array.from({ length: 1536 }, () => this.rnd() - 0.5);
    return this.pick([
      () => base(),
      () => base().slice(0, this.int(0, 1535)),
      () => [...base(), 1],
      () => base().map((x, i) => (i === this.int(0, 1535) ? this.pick(["1", null, true, {}, []]) : x)),
      () => base().map((x, i) => (i === 7 ? 3.5e38 * 10 : x)),
      () => new Array(1536).fill(0),
      () => this.json(2),
    ])();
  }

  /** A body text: JSON built from the valid body with one field changed, random JSON, or not JSON at all. */
  body(valid: Record<string, unknown>): string {
    return this.pick([
      () =>
        JSON.stringify({
          ...valid,
          [this.pick(Object.keys(valid).concat(["types", "limit", "embedding_filters"]))]: this.json(2),
        }),
      () => JSON.stringify({ ...valid, embedding: this.embedding() }),
      () =>
        JSON.stringify({
          ...valid,
          embedding_filters: Array.from({ length: this.int(0, 3) }, () => ({
            embedding: this.embedding(),
            threshold: this.pick([0.5, -1, 2, "0.8", null]),
            label: this.unicode(this.int(0, 150)),
          })),
        }),
      () => JSON.stringify(this.json(4)),
      () => JSON.stringify(valid).replace(/\d+/, "1e309"),
      () => JSON.stringify(valid).slice(0, this.int(0, 30)),
      () => "[".repeat(this.int(1000, 300_000)) + "]".repeat(this.int(0, 1000)),
      () => '{"a":'.repeat(this.int(1000, 100_000)) + "1" + "}".repeat(this.int(0, 1000)),
      () => this.unicode(200),
      () => "",
      () => "null",
      () => `{"from": ${"9".repeat(400)}}`,
      () => `{"limit": 10, "limit": "x", "__proto__": {"limit": 1}}`,
      () => " ".repeat(this.int(1, 100)),
      () => "x".repeat(1024 * 1024 + this.int(1, 100)),
    ])();
  }

  /** Authorization: mostly a working key, sometimes nothing, another plan, the demo key or garbage. */
  auth(keys: { main: string; free: string; pro: string; demo: string }): Record<string, string> {
    const r = this.rnd();
    if (r < 0.75) return { Authorization: `Bearer ${keys.main}` };
    return this.pick([
      () => ({}),
      () => ({ Authorization: `Bearer ${keys.free}` }),
      () => ({ Authorization: `Bearer ${keys.pro}` }),
      () => ({ Authorization: `Bearer ${keys.demo}` }),
      () => ({ Authorization: "Bearer " }),
      () => ({ Authorization: `Bearer lede_live_${this.unicode(64)}`.replace(/[^\x20-\x7e]/g, "x") }),
      () => ({ Authorization: `bearer   ${keys.main}   ` }),
      () => ({ Authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }),
      () => ({ Authorization: `Bearer ${"x".repeat(this.int(100, 8000))}` }),
      () => ({ Authorization: `Bearer ${keys.main} ${keys.main}` }),
    ])();
  }

  contentType(): Record<string, string> {
    return this.pick<Record<string, string>>([
      { "Content-Type": "application/json" },
      { "Content-Type": "application/json; charset=utf-8" },
      { "Content-Type": "text/plain" },
      { "Content-Type": "application/x-www-form-urlencoded" },
      { "Content-Type": "multipart/form-data; boundary=x" },
      {},
    ]);
  }
}

/** Appends raw (possibly malformed) percent-encoded pairs to a URL's query. */
export function rawQuery(f: Fuzz): string {
  return f.pick([
    "q=%E0%A4%A",
    "limit=%",
    "limit=%2",
    "offset=%FF%FE",
    "q=%00%00",
    "a=%zz",
    "%=%",
    "&&&",
    "=x",
    "x=",
  ]);
}

export type { OpInput };

/** A path segment or value whose percent-escapes do not decode: invalid UTF-8, truncated or non-hex escapes. */
export function malformedEscape(f: Fuzz): string {
  const bad = f.pick(["%ff", "%c0", "%c0%af", "%e0%a4%a", "%", "%zz", "%ed%a0%80", "%f8%88%80%80%80", "%8"]);
  const text = encodeURIComponent(f.unicode(6).replace(/[\ud800-\udfff]/g, "x"));
  return f.pick([bad, `${text}${bad}`, `${bad}${text}`, `${text}${bad}${text}`]);
}
