import http from "node:http";

export interface ChunkedAnswer {
  /** 0 when the connection was reset before any answer came. */
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Chunks written before the answer came. */
  sent: number;
}

/**
 * Sends `first`, then up to `chunks` chunks of `chunkBytes` with no Content-Length (chunked encoding), and stops
 * writing as soon as the answer comes: how a test pushes an oversized body at a route that should refuse it as
 * it streams.
 */
export function sendChunked(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string>;
    first?: string;
    chunks: number;
    chunkBytes?: number;
  },
): Promise<ChunkedAnswer> {
  return new Promise((resolve) => {
    const chunk = Buffer.alloc(opts.chunkBytes ?? 1024 * 1024, 0x20);
    let sent = 0;
    let answered = false;
    const req = http.request(url, { method: opts.method ?? "POST", headers: opts.headers }, (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("close", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), sent }),
      );
    });
    req.on("error", () => {
      if (!answered) resolve({ status: 0, headers: {}, body: Buffer.alloc(0), sent });
    });
    const pump = () => {
      while (sent < opts.chunks && !answered && !req.destroyed) {
        sent++;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!req.destroyed) req.end();
    };
    req.write(opts.first ?? "");
    pump();
  });
}
