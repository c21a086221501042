import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

import next from "next";

import { v1Dispatcher } from "./lib/api/node-dispatch";
import { stampPeerAddress } from "./lib/auth/client-address";
import { contentExtractorFor } from "./lib/content/content-fetch";
import { createAppContext, setAppContext, type AppContext } from "./lib/context";
import type { Env } from "./lib/env";
import { startRealtime, type Realtime } from "./lib/events/realtime";
import { IngestWorker } from "./lib/ingestion/worker";
import { fetchOptionsFromEnv } from "./lib/net";
import { seedDefaultSources } from "./lib/sources/default-sources";
import { startStoryHealing } from "./lib/stories/healing";
import { startStoryMaintenance } from "./lib/stories/maintenance";
import { openStoryClustering } from "./lib/stories/open-clustering";
import type { StoryClustering } from "./lib/stories/story-clustering";

export interface StartOptions {
  env: Env;
  dev?: boolean;
}

export interface RunningServer {
  ctx: AppContext;
  port: number | null;
  close(): Promise<void>;
}

const ROOT = path.dirname(fileURLToPath(import.meta.url));
/** How long a shutdown waits for open HTTP requests before cutting them. */
const DRAIN_MS = 5_000;

/**
 * One process, one port: Next.js pages and /v1 route handlers, the WebSocket upgrade on /ws, and the ingestion
 * worker. LEDE_ROLE=server runs it without the worker, LEDE_ROLE=worker runs the worker alone.
 */
export async function startServer({ env, dev = false }: StartOptions): Promise<RunningServer> {
  const ctxPromise = createAppContext(env);
  setAppContext(ctxPromise);
  const ctx = await ctxPromise;
  const log = ctx.log;
  if (env.LEDE_SEED_DEFAULT_SOURCES) {
    const seeded = await seedDefaultSources(ctx.store);
    log.info({ sources: seeded.sources, feeds: seeded.feeds }, "default source registry checked");
  }
  const serveHttp = env.LEDE_ROLE !== "worker";
  const realtime: Realtime = await startRealtime({
    store: ctx.store,
    keys: ctx.keys,
    bus: ctx.bus,
    tailer: ctx.tailer,
    log,
    // A worker-only process serves no subscribers; the server processes tailing its log publish its events.
    redisUrl: serveHttp ? env.LEDE_REDIS_URL : undefined,
    serveWs: serveHttp,
  });

  let worker: IngestWorker | undefined;
  let maintenance: { stop(): void } | undefined;
  let healing: { stop(): Promise<void> } | undefined;
  let opened: Promise<StoryClustering> | undefined;
  // Opened at start when polling; otherwise only once an article needs a story (word vectors are large).
  const openClustering = () =>
    (opened ??= openStoryClustering(ctx.store, env, log).catch((err: unknown) => {
      opened = undefined;
      throw err;
    }));
  if (env.LEDE_ROLE !== "server") {
    // Whether or not this process polls, it places what another process left without a story (an import killed
    // with -9, or one without the clustering lease).
    healing = startStoryHealing({ store: ctx.store, clustering: openClustering, log });
    if (env.LEDE_POLL_FEEDS) {
      const clustering = await openClustering();
      const extractor = env.LEDE_EXTRACT_CONTENT ? contentExtractorFor(ctx.store) : undefined;
      worker = new IngestWorker({
        store: ctx.store,
        log,
        concurrency: env.LEDE_WORKER_CONCURRENCY,
        perHostConcurrency: env.LEDE_PER_HOST_CONCURRENCY,
        userAgent: env.LEDE_USER_AGENT,
        // Feeds go through the SSRF-safe fetcher: private addresses only as LEDE_FETCH_ALLOW_PRIVATE lists them.
        fetch: fetchOptionsFromEnv(env),
        clustering,
        intervalBounds: { minMs: env.LEDE_POLL_MIN_INTERVAL_MS, maxMs: env.LEDE_POLL_MAX_INTERVAL_MS },
        onAppended: () => void ctx.tailer.poke(),
        onInserted: extractor ? (articles) => articles.forEach((a) => extractor.enqueue(a)) : undefined,
      });
      worker.start();
      maintenance = startStoryMaintenance({ store: ctx.store, clustering, log });
      log.info("ingestion worker polling feeds");
    } else {
      log.info("feed polling is off (set LEDE_POLL_FEEDS=true to poll the registered feeds)");
    }
  }

  let server: http.Server | undefined;
  let port: number | null = null;
  if (serveHttp) {
    const app = next({ dev, dir: ROOT, hostname: env.HOST, port: env.PORT });
    await app.prepare();
    const handle = app.getRequestHandler();
    // /v1 goes straight to its route handlers; Next's request path would add about 0.9 ms to each call.
    const v1 = v1Dispatcher((err) => log.error({ err }, "/v1 request failed"));
    server = http.createServer((req, res) => {
      if (v1(req, res)) return;
      // Route handlers see headers only: tell them who connected, over any copy the client sent.
      stampPeerAddress(req);
      handle(req, res).catch((err: unknown) => {
        log.error({ err }, "request handler failed");
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    const upgrade = app.getUpgradeHandler();
    server.on("upgrade", (req, socket, head) => {
      // /ws is the live feed; other upgrades are Next's own (development hot reload).
      if (new URL(req.url ?? "/", "http://x").pathname === "/ws")
        return realtime.handleUpgrade(req, socket, head);
      void upgrade(req, socket, head);
    });
    await new Promise<void>((resolve, reject) => {
      server?.once("error", reject);
      server?.listen(env.PORT, env.HOST, () => resolve());
    });
    const addr = server.address();
    port = typeof addr === "object" && addr ? addr.port : env.PORT;
    log.info(
      { port, host: env.HOST, role: env.LEDE_ROLE, data_dir: ctx.dataDir },
      `Lede listening on http://localhost:${port}`,
    );
  }

  let closing: Promise<void> | undefined;
  return {
    ctx,
    port,
    close() {
      // Order: stop accepting; let the worker finish what it appends; publish the rest of the log to live
      // subscribers; close their sockets with 1001; let HTTP requests drain; then close the store.
      closing ??= (async () => {
        const httpClosed = server ? new Promise<void>((r) => server?.close(() => r())) : Promise.resolve();
        server?.closeIdleConnections();
        maintenance?.stop();
        await healing?.stop();
        await worker?.stop();
        // Another process may take over placing articles at once, instead of after the lease expires.
        await opened?.then((c) => c.release()).catch(() => undefined);
        await realtime.close();
        const cut = setTimeout(() => server?.closeAllConnections(), DRAIN_MS);
        await httpClosed;
        clearTimeout(cut);
        await ctx.close();
      })();
      return closing;
    },
  };
}
