import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ServedFile {
  body: string;
  contentType?: string;
  status?: number;
  etag?: string;
}

/**
 * A local HTTP server on a loopback address (127.0.0.1 unless told) for feed and page fixtures. It honours If-None-Match, counts requests per
 * path and records the request headers, so tests can check conditional GETs and the User-Agent.
 */
export async function startFeedServer(files: Record<string, ServedFile> = {}, host = "127.0.0.1") {
  const routes = new Map(Object.entries(files));
  const hits = new Map<string, number>();
  const lastHeaders = new Map<string, http.IncomingHttpHeaders>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] as string;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    lastHeaders.set(path, req.headers);
    const file = routes.get(path);
    if (!file) return res.writeHead(404).end("not found");
    if (file.etag && req.headers["if-none-match"] === file.etag) return res.writeHead(304).end();
    res.writeHead(file.status ?? 200, {
      "Content-Type": file.contentType ?? "application/rss+xml; charset=utf-8",
      ...(file.etag ? { ETag: file.etag } : {}),
    });
    res.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://${host}:${port}${path}`,
    set: (path: string, file: ServedFile) => routes.set(path, file),
    hits: (path: string) => hits.get(path) ?? 0,
    headers: (path: string) => lastHeaders.get(path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A small RSS 2.0 document with one item per entry. */
export function rssFeed(
  title: string,
  items: Array<{ title: string; link: string; pubDate?: string; description?: string }>,
): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${esc(title)}</title><link>https://example.test/</link>${items
    .map(
      (i) =>
        `<item><title>${esc(i.title)}</title><link>${esc(i.link)}</link>${i.pubDate ? `<pubDate>${i.pubDate}</pubDate>` : ""}${
          i.description ? `<description>${esc(i.description)}</description>` : ""
        }</item>`,
    )
    .join("")}</channel></rss>`;
}
