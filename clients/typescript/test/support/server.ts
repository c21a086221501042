// A real Lede server for the client tests: `lede start` on a free port with a temporary data directory, simulated
// newswire data loaded with `lede import` (more of it imported while tests listen), keys from `lede keys create`.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const BIN = path.join(ROOT, "bin/lede.mjs");
const NEWSWIRE = path.join(ROOT, "clients/testing/write-newswire.mjs");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface TestServer {
  baseUrl: string;
  port: number;
  keys: { pro: string; starter: string; free: string };
  /** Imports the next batch of live articles from another process, as a running deployment would. */
  importLive(): Promise<void>;
  stop(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  // `lede start` would build the app itself, which takes longer than a test should wait: say what to do instead.
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID")))
    throw new Error("no production build: run `npm run build` before the client tests");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-ts-client-"));
  const newsDir = path.join(dataDir, "newswire");
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LEDE_DATA_DIR: dataDir,
    LEDE_SEED_DEFAULT_SOURCES: "false",
    LEDE_EXTRACT_CONTENT: "false",
    // Word vectors give articles embeddings (related, vector search, embeddings); their cache is shared.
    LEDE_WORD_VECTORS: "true",
    LEDE_MODEL_DIR: process.env.LEDE_MODEL_DIR ?? path.join(os.tmpdir(), "lede-bench-models"),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
  };
  const run = (file: string, args: string[]) => {
    const r = spawnSync(process.execPath, [file, ...args], { env, cwd: ROOT, encoding: "utf8" });
    if (r.status !== 0) throw new Error(`${path.basename(file)} ${args.join(" ")} failed: ${r.stderr}`);
    return r.stdout.trim();
  };
  const batches = (JSON.parse(run(NEWSWIRE, [newsDir])) as { live: number }).live;
  const keys = {
    pro: run(BIN, [
      "keys",
      "create",
      "--email",
      "pro@ts.test",
      "--tier",
      "pro",
      "--scopes",
      "read,ws:connect",
    ]),
    starter: run(BIN, [
      "keys",
      "create",
      "--email",
      "starter@ts.test",
      "--tier",
      "starter",
      "--scopes",
      "read,ws:connect",
    ]),
    free: run(BIN, ["keys", "create", "--email", "free@ts.test"]),
  };
  run(BIN, ["import", path.join(newsDir, "base.jsonl")]);
  const logPath = path.join(dataDir, "server.log");
  const log = fs.openSync(logPath, "w");
  const child: ChildProcess = spawn(process.execPath, [BIN, "start", "--port", String(port)], {
    env,
    cwd: ROOT,
    stdio: ["ignore", log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(
        `lede start exited with ${child.exitCode}: ${fs.readFileSync(logPath, "utf8").slice(-2000)}`,
      );
    try {
      if ((await fetch(`${baseUrl}/v1/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("lede start did not answer within 90 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  let imported = 0;
  return {
    baseUrl,
    port,
    keys,
    async importLive() {
      if (imported >= batches) throw new Error("no live batch left");
      imported++;
      const child = spawn(process.execPath, [BIN, "import", path.join(newsDir, `live-${imported}.jsonl`)], {
        env,
        cwd: ROOT,
        stdio: "ignore",
      });
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      if (code !== 0) throw new Error(`lede import exited with ${code}`);
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      fs.closeSync(log);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A TCP relay to the server whose connections a test can cut, as a network failure would. */
export class Proxy {
  private sockets = new Set<net.Socket>();
  private server: net.Server;
  /** While set, new connections are dropped at once (the server looks unreachable). */
  refusing = false;
  refused = 0;
  connections = 0;
  port = 0;

  constructor(private readonly targetPort: number) {
    this.server = net.createServer((client) => {
      if (this.refusing) {
        this.refused++;
        return void client.destroy();
      }
      this.connections++;
      const upstream = net.connect(this.targetPort, "127.0.0.1");
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
    return `http://127.0.0.1:${this.port}`;
  }

  /** Drops every open connection without a closing handshake. */
  cut(): void {
    for (const s of this.sockets) s.destroy();
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export async function waitFor<T>(fn: () => T | undefined | null | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}
