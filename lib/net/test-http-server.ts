import http from "node:http";
import type { AddressInfo } from "node:net";

export type TestHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/**
 * A loopback HTTP server for fetch tests, with a handler per path (404 otherwise). It counts requests per path and
 * keeps the last request's headers, so a test can prove a refused URL was never requested.
 */
export async function startTestServer(routes: Record<string, TestHandler>, host = "127.0.0.1") {
  const hits = new Map<string, number>();
  const headers = new Map<string, http.IncomingHttpHeaders>();
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0] as string;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    headers.set(path, req.headers);
    const handler = routes[path];
    if (handler) handler(req, res);
    else res.writeHead(404, { "Content-Type": "text/plain" }).end("not found");
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const hostPart = host.includes(":") ? `[${host}]` : host;
  return {
    port,
    host: `${hostPart}:${port}`,
    url: (path: string) => `http://${hostPart}:${port}${path}`,
    hits: (path?: string) =>
      path === undefined ? [...hits.values()].reduce((a, b) => a + b, 0) : (hits.get(path) ?? 0),
    headers: (path: string) => headers.get(path),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** A handler answering with a redirect. */
export const redirectTo =
  (location: string, status = 302): TestHandler =>
  (_req, res) =>
    res.writeHead(status, { Location: location }).end();

/** A handler answering with a fixed body. */
export const respond =
  (body: string | Buffer, contentType = "text/html; charset=utf-8", status = 200): TestHandler =>
  (_req, res) =>
    res.writeHead(status, { "Content-Type": contentType }).end(body);
