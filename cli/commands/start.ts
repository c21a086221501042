import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { loadEnv } from "../../lib/env";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export async function startCommand(opts: { port?: string; dev?: boolean }): Promise<void> {
  if (opts.port !== undefined) process.env.PORT = opts.port;
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
  const { startServer } = await import("../../server");
  const running = await startServer({ env, dev });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    running.ctx.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    void running.close().then(() => process.exit(0));
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
