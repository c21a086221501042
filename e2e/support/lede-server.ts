import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = path.join(ROOT, "bin/lede.mjs");

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

export interface LedeServer {
  baseUrl: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Runs a `lede` CLI command against the same data directory. */
  cli(args: string[]): { status: number | null; stdout: string; stderr: string };
  stop(): Promise<void>;
}

export interface StartOptions {
  /** `lede start --demo`: the simulated newswire on loopback (give it a free LEDE_DEMO_NEWSWIRE_PORT). */
  demo?: boolean;
  /** Use this data directory, and keep it on stop (a database built once and reused). */
  dataDir?: string;
}

/** Starts the real `lede start` on a free port with a temporary data directory (needs `npm run build` first). */
export async function startLede(
  extraEnv: Record<string, string> = {},
  setup?: (s: Pick<LedeServer, "cli">) => void,
  options: StartOptions = {},
): Promise<LedeServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "lede-e2e-"));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LEDE_DATA_DIR: dataDir,
    LEDE_SEED_DEFAULT_SOURCES: "false",
    LEDE_WORD_VECTORS: "false",
    // Test feeds link to pages that do not exist: no background page fetching (and no DNS lookups).
    LEDE_EXTRACT_CONTENT: "false",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: "utf8" });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  setup?.({ cli });
  const args = [BIN, "start", "--port", String(port), ...(options.demo ? ["--demo"] : [])];
  const child: ChildProcess = spawn(process.execPath, args, {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`lede start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/v1/version`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("lede start did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir,
    env,
    cli,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
