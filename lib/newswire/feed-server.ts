import http from "node:http";
import type { AddressInfo } from "node:net";

import type { SourceSeed } from "../sources/opml";
import { toOpml } from "../sources/opml";
import { DEFAULT_START, newswireStream } from "./generate";
import { OUTLETS } from "./outlets";
import { outletSeeds, renderArticlePage, renderFeed, type FeedItem } from "./render-feed";
import type { NewswireArticle, Outlet } from "./types";

const HOUR = 3_600_000;
const MAX_PAGES = 5000;

export interface NewswireServerOptions {
  seed?: string | number;
  /** Simulated milliseconds per wall-clock millisecond (60: a simulated hour per minute). */
  speed?: number;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Where simulated time starts. */
  start?: number;
  /** Simulated time already elapsed when the server starts, so the first poll finds news. */
  warmupMs?: number;
  /**
   * The date feeds give each item: "release" (default) is the wall-clock moment the item appeared, so a live
   * dashboard shows fresh news; "simulated" is the article's own simulated publication time.
   */
  dates?: "release" | "simulated";
  /** Items kept in each outlet's feed. */
  itemsPerFeed?: number;
  /** Where article links point: the outlet's own (unresolvable, `.test`) site, or pages on this server. */
  links?: "outlet" | "server";
  /** Events breaking per simulated day. */
  eventsPerDay?: number;
  /** The wall clock (for tests). */
  now?: () => number;
}

export interface NewswireServer {
  url: string;
  port: number;
  outlets: Outlet[];
  /** The outlets as sources to register, with their feed URLs on this server. */
  sources: SourceSeed[];
  feedUrl(outlet: Outlet | string): string;
  /** Current simulated time. */
  simNow(): number;
  /** Articles released so far. */
  released(): number;
  close(): Promise<void>;
}

/**
 * Serves each simulated outlet as a feed on a loopback address, releasing the endless newswire as simulated time
 * passes (accelerated by `speed`). Feeds honour conditional GET. Nothing runs between requests: each request
 * first releases whatever simulated time has made due.
 */
export async function startNewswireServer(opts: NewswireServerOptions = {}): Promise<NewswireServer> {
  const speed = opts.speed ?? 60;
  if (!(speed > 0)) throw new Error(`speed must be positive, got ${speed}`);
  const now = opts.now ?? Date.now;
  const host = opts.host ?? "127.0.0.1";
  const simStart = opts.start ?? DEFAULT_START;
  // By default the first simulated morning is already out when the server starts: the first poll finds news.
  const warmup = opts.warmupMs ?? 9 * HOUR;
  const keep = opts.itemsPerFeed ?? 50;
  const wallStart = now();
  const simNow = () => simStart + warmup + (now() - wallStart) * speed;
  const wallOf = (sim: number) => Math.round(wallStart + (sim - simStart - warmup) / speed);

  const stream = newswireStream({ seed: opts.seed ?? 1, start: simStart, eventsPerDay: opts.eventsPerDay });
  let upcoming: NewswireArticle | undefined = stream.next().value as NewswireArticle;
  const feeds = new Map<string, { items: FeedItem[]; total: number }>(
    OUTLETS.map((o) => [o.slug, { items: [], total: 0 }]),
  );
  const pages = new Map<string, FeedItem>();
  let released = 0;
  let base = "";

  const release = () => {
    const t = simNow();
    while (upcoming && upcoming.publishedAt <= t) {
      const a = upcoming;
      const link = opts.links === "server" ? `${base}/articles/${a.id}` : a.url;
      const item: FeedItem = {
        article: a,
        link,
        date: opts.dates === "simulated" ? a.publishedAt : wallOf(a.publishedAt),
      };
      const feed = feeds.get(a.outlet);
      if (feed) {
        feed.items.unshift(item);
        if (feed.items.length > keep) feed.items.pop();
        feed.total++;
      }
      pages.set(a.id, item);
      if (pages.size > MAX_PAGES) pages.delete(pages.keys().next().value as string);
      released++;
      upcoming = stream.next().value as NewswireArticle;
    }
  };

  const feedUrl = (o: Outlet | string) => `${base}/feeds/${typeof o === "string" ? o : o.slug}.xml`;
  const server = http.createServer((req, res) => {
    release();
    const path = (req.url ?? "/").split("?")[0] as string;
    const feedMatch = /^\/feeds\/([a-z0-9-]+)\.xml$/.exec(path);
    if (feedMatch) return serveFeed(feedMatch[1] as string, req, res);
    const page = /^\/articles\/([\w-]+)$/.exec(path);
    if (page) {
      const item = pages.get(page[1] as string);
      const outlet = item && OUTLETS.find((o) => o.slug === item.article.outlet);
      if (!item || !outlet) return res.writeHead(404).end("not found");
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(renderArticlePage(item, outlet));
    }
    if (path === "/outlets.opml") {
      res.writeHead(200, { "Content-Type": "text/x-opml; charset=utf-8" });
      return res.end(toOpml(sources(), "Lede simulated newswire"));
    }
    if (path === "/" || path === "/outlets.json") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end(
        JSON.stringify({
          simulated: true,
          sim_time: new Date(simNow()).toISOString(),
          released,
          sources: sources(),
        }),
      );
    }
    res.writeHead(404).end("not found");
  });

  function serveFeed(slug: string, req: http.IncomingMessage, res: http.ServerResponse) {
    const outlet = OUTLETS.find((o) => o.slug === slug);
    const feed = feeds.get(slug);
    if (!outlet || !feed) return res.writeHead(404).end("no such outlet");
    const etag = `"${slug}-${feed.total}"`;
    const lastModified = new Date(feed.items[0]?.date ?? wallStart).toUTCString();
    if (req.headers["if-none-match"] === etag) return res.writeHead(304, { ETag: etag }).end();
    const { body, type } = renderFeed(outlet, feed.items, feedUrl(outlet), wallStart);
    res.writeHead(200, { "Content-Type": type, ETag: etag, "Last-Modified": lastModified });
    res.end(body);
  }

  const sources = () => outletSeeds(OUTLETS, feedUrl);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  base = `http://${host}:${port}`;
  return {
    url: base,
    port,
    outlets: OUTLETS,
    sources: sources(),
    feedUrl,
    simNow,
    released: () => {
      release();
      return released;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
