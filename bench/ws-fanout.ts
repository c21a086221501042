// Live-feed fan-out: 5,000 concurrent WebSocket subscribers on one server process. Events are appended to the log
// and published the production way (log tailer → bus → gateway); a client process records each event's delivery
// latency (append start → message received). Targets: p99 under 200 ms, server RSS under 1 GB.
// Usage: npx tsx bench/ws-fanout.ts [subscribers=5000] [events per rate=30]
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import { register } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { fileURLToPath } from "node:url";

import WebSocket from "ws";

const SELF = fileURLToPath(import.meta.url);
const now = () => performance.timeOrigin + performance.now();
const MARK = Buffer.from('"sent_at":');
/** Event rates measured, one after the other (events a second). */
const RATES = [2, 5];
const WARMUP = 10;

type ToClient =
  | { type: "connect"; url: string; keys: string[]; count: number }
  | { type: "report" }
  | { type: "exit" };
type Report = { type: "report"; latencies: number[]; received: number; closed: number };
type ToServer = { type: "ready"; connected: number; ms: number } | Report;

/** Child process: opens `count` subscribers and records latencies from the `sent_at` field of each message. */
async function runClients(): Promise<void> {
  let latencies: number[] = [];
  let received = 0;
  let closed = 0;
  const sockets: WebSocket[] = [];
  const send = (m: ToServer) => process.send?.(m);
  process.on("message", async (msg: ToClient) => {
    if (msg.type === "report") {
      send({ type: "report", latencies, received, closed });
      latencies = [];
      received = 0;
      return;
    }
    if (msg.type === "exit") {
      for (const ws of sockets) ws.terminate();
      process.disconnect();
      return;
    }
    const started = Date.now();
    const open = (i: number) =>
      new Promise<void>((resolve, reject) => {
        const ws = new WebSocket(`${msg.url}?token=${msg.keys[i % msg.keys.length]}`, {
          perMessageDeflate: false,
        });
        sockets.push(ws);
        ws.on("message", (data: Buffer) => {
          const at = data.indexOf(MARK);
          if (at < 0) {
            if (data.includes('"subscribed"')) resolve();
            else if (data.includes('"error"')) reject(new Error(data.toString()));
            return;
          }
          const t = now();
          const start = at + MARK.length;
          let end = start;
          while (end < data.length && data[end] !== 0x2c && data[end] !== 0x7d) end++;
          const sent = Number(data.toString("latin1", start, end));
          received++;
          // Warm-up events carry a negative time: counted as delivered, not timed.
          if (sent > 0) latencies.push(t - sent);
        });
        ws.on("open", () =>
          ws.send(JSON.stringify({ type: "subscribe", filters: { topics: ["articles"] } })),
        );
        ws.on("close", () => closed++);
        ws.on("error", reject);
      });
    for (let i = 0; i < msg.count; i += 200) {
      await Promise.all(Array.from({ length: Math.min(200, msg.count - i) }, (_, j) => open(i + j)));
    }
    send({ type: "ready", connected: sockets.length, ms: Date.now() - started });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;

async function runServer(): Promise<void> {
  register("../bin/loader-hooks.mjs", import.meta.url);
  const [
    { default: pino },
    { tempStore },
    { createKey },
    { KeyVerifier },
    { EventBus },
    { LogTailer },
    rt,
    report,
  ] = await Promise.all([
    import("pino"),
    import("../lib/testing/temp-store"),
    import("../lib/keys/create-key"),
    import("../lib/keys/verify-key"),
    import("../lib/events/bus"),
    import("../lib/events/log-tailer"),
    import("../lib/events/realtime"),
    import("./bench-report"),
  ]);
  const subscribers = Number(process.argv[2] ?? 5000);
  const perRate = Number(process.argv[3] ?? 30);
  const clientProcs = Number(process.env.BENCH_CLIENT_PROCS ?? 1);
  const load = os.loadavg()[0] ?? 0;

  const store = tempStore();
  const log = pino({ level: "warn" });
  const keys = new KeyVerifier(store);
  const bus = new EventBus();
  const tailer = new LogTailer({ events: store.events, bus, intervalMs: 250 });
  const realtime = await rt.startRealtime({ store, keys, bus, tailer, log });
  const server = http.createServer((_q, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`;
  // Business accounts hold 50 connections each (contract §5.1).
  const keyList: string[] = [];
  for (let i = 0; i < Math.ceil(subscribers / 50); i++) {
    const created = await createKey(store, {
      email: `bench${i}@example.test`,
      plan: "business",
      scopes: ["ws:connect"],
    });
    keyList.push(created.key);
  }

  const rssBefore = process.memoryUsage().rss;
  const children: ChildProcess[] = [];
  const per = Math.ceil(subscribers / clientProcs);
  const ready: Array<Promise<Extract<ToServer, { type: "ready" }>>> = [];
  for (let c = 0; c < clientProcs; c++) {
    const child = fork(SELF, ["--clients"], { execArgv: process.execArgv, stdio: "inherit" });
    children.push(child);
    const keysFor = keyList.slice((c * per) / 50, ((c + 1) * per) / 50);
    ready.push(
      new Promise((resolve) => child.once("message", (m: ToServer) => m.type === "ready" && resolve(m))),
    );
    child.send({
      type: "connect",
      url,
      keys: keysFor,
      count: Math.min(per, subscribers - c * per),
    } satisfies ToClient);
  }
  const connectMs = Math.max(...(await Promise.all(ready)).map((r) => r.ms));
  const connected = realtime.gateway?.size ?? 0;
  const rssConnected = process.memoryUsage().rss;
  console.log(`bench: ${connected} subscribers connected in ${connectMs} ms; RSS ${mib(rssConnected)}`);

  let rssPeak = rssConnected;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const excerpt = "Officials said the measures would take effect next month. ".repeat(6);
  let seq = 0;
  /** Appends one event and publishes it; resolves to the server's fan-out time (read off the log → last write). */
  const publishOne = async (warmup: boolean): Promise<{ wall: number; cpu: number }> => {
    const i = seq++;
    const sentAt = now();
    const ts = Math.floor(sentAt);
    await store.events.append({
      ts,
      type: "item.new",
      clusterId: 0,
      articleId: null,
      payload: (id) => ({
        type: "item.new",
        id,
        ts,
        data: {
          id: 100_000 + i,
          url_hash: (i * 2654435761).toString(16).padStart(16, "0").slice(0, 16),
          title: `Bench headline number ${i} about markets and policy`,
          url: `https://wire.test/bench/${i}`,
          source_id: "1",
          source_name: "Wire",
          category: "business",
          published_at: ts,
          discovered_at: ts,
          excerpt,
          image_url: null,
          content_status: "no_content",
          headline_summary: null,
          slug: `bench-headline-${i}`,
          source_language: "en",
          placeholder_image_url: null,
          video_url: null,
          sent_at: warmup ? -1 : sentAt,
        },
      }),
    });
    const t0 = now();
    const c0 = process.cpuUsage();
    await tailer.poke();
    const c = process.cpuUsage(c0);
    return { wall: now() - t0, cpu: (c.user + c.system) / 1000 };
  };
  const collect = () =>
    Promise.all(
      children.map(
        (child) =>
          new Promise<Report>((resolve) => {
            const on = (m: ToServer) => {
              if (m.type !== "report") return;
              child.off("message", on);
              resolve(m);
            };
            child.on("message", on);
            child.send({ type: "report" } satisfies ToClient);
          }),
      ),
    );

  for (let i = 0; i < WARMUP; i++) await publishOne(true);
  await new Promise((r) => setTimeout(r, 1_000));
  await collect();
  const rows: string[] = [];
  let worstP99 = 0;
  let missing = 0;
  let closedEarly = 0;
  for (const rate of RATES) {
    const fanout: number[] = [];
    const fanoutCpu: number[] = [];
    const started = Date.now();
    for (let i = 0; i < perRate; i++) {
      const wait = started + (i * 1000) / rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const { wall, cpu } = await publishOne(false);
      fanout.push(wall);
      fanoutCpu.push(cpu);
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const reports = await collect();
    const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const received = reports.reduce((n, r) => n + r.received, 0);
    closedEarly = reports.reduce((n, r) => n + r.closed, 0);
    missing += connected * perRate - received;
    fanout.sort((a, b) => a - b);
    fanoutCpu.sort((a, b) => a - b);
    const [p50, p99] = [percentile(latencies, 50), percentile(latencies, 99)];
    worstP99 = Math.max(worstP99, p99);
    rows.push(
      `| ${rate}/s | ${received.toLocaleString("en")} of ${(connected * perRate).toLocaleString("en")} | ${p50.toFixed(1)} ms | **${p99.toFixed(1)} ms** | ${(latencies[latencies.length - 1] ?? NaN).toFixed(1)} ms | ${percentile(fanout, 50).toFixed(0)} ms / ${(fanout[fanout.length - 1] ?? NaN).toFixed(0)} ms | ${percentile(fanoutCpu, 50).toFixed(0)} ms |`,
    );
    console.log(
      `bench: ${rate}/s: ${received} deliveries; p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    );
  }
  clearInterval(sampler);
  const ok = (cond: boolean) => (cond ? "met" : "**missed**");
  console.log(`bench: RSS peak ${mib(rssPeak)}`);
  report.writeBenchSection(
    "ws-fanout",
    `## Live feed fan-out (WebSocket)

Run: \`npx tsx bench/ws-fanout.ts\` (script: \`bench/ws-fanout.ts\`). Machine: ${report.machineLine()}.
One server process (log tailer → bus → /ws gateway, as \`lede start\` wires it) and ${clientProcs} client process${clientProcs > 1 ? "es" : ""} on the same
machine holding ${connected.toLocaleString("en")} subscribers (topic \`articles\`; ${keyList.length} business accounts of 50 connections).
\`item.new\` events of about 1 KiB are appended to the event log, ${perRate} at each rate after ${WARMUP} untimed warm-up events. Latency runs from
the start of the append to the message arriving in a subscriber: the SQLite append, the tailer's read, the fan-out and the client
process's own event loop. Each event is serialised and framed once; the same bytes are written to every subscriber's socket.
Fan-out time is the server's part: reading the event off the log to the last socket write; its CPU time (user + system) is what
the server itself spends, which waiting for a shared CPU does not inflate. Targets: p99 under 200 ms, server RSS under 1 GB.

| event rate | deliveries | p50 | p99 | max | fan-out p50 / max | fan-out CPU p50 |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows.join("\n")}

Server RSS: ${mib(rssBefore)} before connecting, ${mib(rssConnected)} with ${connected.toLocaleString("en")} subscribers, **${mib(rssPeak)}** at peak.
Connecting all subscribers (upgrade, key check, subscribe) took ${(connectMs / 1000).toFixed(1)} s; subscribers closed during the run: ${closedEarly}.
The machine was shared while this ran (1-minute load average ${load.toFixed(1)} at the start, on ${os.cpus().length} cores), so the
figures include waiting for CPU. Over loopback each socket write also runs the receiving side's TCP processing in the server's
system time.
Targets: p99 ${ok(worstP99 < 200)}, RSS ${ok(rssPeak < 2 ** 30)}.`,
  );
  for (const child of children) child.send({ type: "exit" } satisfies ToClient);
  await realtime.close();
  server.closeAllConnections();
  server.close();
  store.cleanup();
  process.exit(missing === 0 ? 0 : 1);
}

if (process.argv.includes("--clients")) void runClients();
else await runServer();
