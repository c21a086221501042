import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { DEMO_NEWSWIRE_PORT, DEMO_SPEED, startDemoNewswire } from "../../lib/demo/demo-newswire";
import { loadEnv } from "../../lib/env";
import { withStore } from "../store";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Demo mode: no network needed. The simulated newswire is served on loopback and is the only thing polled; data
 * goes to its own directory (./data-demo unless LEDE_DATA_DIR says otherwise).
 */
function demoEnvironment(): void {
  const e = process.env as Record<string, string>;
  e.LEDE_DEMO = "true";
  e.LEDE_DATA_DIR ??= "./data-demo";
  e.LEDE_POLL_FEEDS = "true";
  e.LEDE_SEED_DEFAULT_SOURCES = "false";
  // The simulated outlets' article links lead nowhere: no page fetching.
  e.LEDE_EXTRACT_CONTENT ??= "false";
  // A simulated hour a minute: poll every 15–60 s so stories visibly form and grow.
  e.LEDE_POLL_MIN_INTERVAL_MS ??= "15000";
  e.LEDE_POLL_MAX_INTERVAL_MS ??= "60000";
  // The newswire is on loopback: allow exactly its address, nothing else private.
  const allow = `127.0.0.1:${e.LEDE_DEMO_NEWSWIRE_PORT ?? DEMO_NEWSWIRE_PORT}`;
  e.LEDE_FETCH_ALLOW_PRIVATE = e.LEDE_FETCH_ALLOW_PRIVATE ? `${e.LEDE_FETCH_ALLOW_PRIVATE},${allow}` : allow;
}

export async function startCommand(opts: { port?: string; dev?: boolean; demo?: boolean }): Promise<void> {
  if (opts.port !== undefined) process.env.PORT = opts.port;
  if (opts.demo) demoEnvironment();
  const dev = opts.dev === true;
  (process.env as Record<string, string>).NODE_ENV = dev ? "development" : "production";
  const env = loadEnv();
  if (!dev && !fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    // A fresh checkout has no production build yet: make one rather than fail.
    process.stderr.write("lede: no production build found, running `next build` first…\n");
    const build = spawnSync(process.execPath, [path.join(ROOT, "node_modules/next/dist/bin/next"), "build"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    if (build.status !== 0) throw new Error("next build failed");
  }
  const demo = opts.demo
    ? await withStore((store) =>
        startDemoNewswire(store, {
          port: Number(process.env.LEDE_DEMO_NEWSWIRE_PORT ?? DEMO_NEWSWIRE_PORT),
          speed: Number(process.env.LEDE_DEMO_SPEED ?? DEMO_SPEED),
        }),
      )
    : undefined;
  if (demo) process.stderr.write(`lede: demo mode, simulated newswire at ${demo.url}\n`);
  const { startServer } = await import("../../server");
  const running = await startServer({ env, dev });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.ctx.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void running
      .close()
      .then(() => demo?.close())
      .then(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
