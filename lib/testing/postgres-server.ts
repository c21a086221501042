// A throwaway PostgreSQL server for tests: initdb in a temporary directory, started on a free loopback port with
// durability off (fsync, synchronous commit), stopped and removed by `stop`. Debian's postgresql package provides
// the binaries (.ci/run installs it). PostgreSQL refuses to run as root: as root, it runs as the `postgres` user.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export interface TestPostgres {
  /** `postgres://` URL of the server's `postgres` database, as superuser `lede`. */
  url: string;
  port: number;
  /** URL of another database on the same server. */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

/** The directory holding initdb and postgres: PG_BIN, else the newest /usr/lib/postgresql/<n>/bin. */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new Error(
      "PostgreSQL is missing: install it with `apt-get install -y postgresql` (.ci/run does), or set PG_BIN",
    );
  return path.join(root, versions[0]!, "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** uid and gid of the `postgres` system user, when this process is root. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  if (!line)
    throw new Error("running as root needs the `postgres` system user (the postgresql package adds it)");
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

/**
 * Starts a fresh PostgreSQL server on 127.0.0.1 with trust authentication for user `lede`. Durability is off (no
 * fsync, asynchronous commit) unless `durable`, as benches comparing with a shipped configuration ask.
 */
export async function startPostgres(options: { durable?: boolean } = {}): Promise<TestPostgres> {
  const bin = postgresBin();
  const user = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lede-pg-"));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const dataDir = path.join(dir, "data");
  const init = spawnSync(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-U", "lede", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"],
    { encoding: "utf8", ...(user ?? {}) },
  );
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr || init.stdout}`);
  const port = await freePort();
  const child: ChildProcess = spawn(
    path.join(bin, "postgres"),
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${dir}`,
      ...(options.durable
        ? []
        : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"]),
      "-c",
      "max_connections=200",
    ],
    { stdio: ["ignore", "pipe", "pipe"], ...(user ?? {}) },
  );
  let output = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/ready to accept connections/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`postgres exited with ${code}:\n${output}`));
    });
  });
  child.stdout?.removeAllListeners("data");
  child.stderr?.removeAllListeners("data");
  child.stdout?.resume();
  child.stderr?.resume();
  const urlOf = (database: string) => `postgres://lede@127.0.0.1:${port}/${database}`;
  return {
    url: urlOf("postgres"),
    port,
    urlOf,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGINT"); // fast shutdown
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
