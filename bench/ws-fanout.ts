// Live-feed fan-out: 5,000 concurrent WebSocket subscribers on one server process. Events are appended to the log
// and published the production way (log tailer → bus → gateway); clients in child processes record each
// event's delivery latency (append start → message received). Targets: p99 under 200 ms, server RSS under 1 GB.
// Usage: npx tsx bench/ws-fanout.ts [subscribers=5000] [events=60] [rate/s=5]
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

type ToClient = { type: "connect"; url: string; keys: string[]; count: number } | { type: "report" };
type ToServer =
  | { type: "ready"; connected: number; ms: number }
  | { type: "report"; latencies: number[]; received: number; closed: number };

/** Child process: opens `count` subscribers and records latencies from the `sent_at` field of each message. */
async function runClients(): Promise<void> {
  const latencies: number[] = [];
  let received = 0;
  let closed = 0;
  const sockets: WebSocket[] = [];
  const send = (m: ToServer) => process.send?.(m);
  process.on("message", async (msg: ToClient) => {
    if (msg.type === "report") {
      // Exit only once the report is handed over: a large IPC message is still being written when send returns.
      process.send?.({ type: "report", latencies, received, closed } satisfies ToServer, () => {
        for (const ws of sockets) ws.terminate();
        process.disconnect();
      });
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

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

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
  const events = Number(process.argv[3] ?? 60);
  const rate = Number(process.argv[4] ?? 5);
  const load = os.loadavg()[0] ?? 0;
  const clientProcs = Number(process.env.BENCH_CLIENT_PROCS ?? 1);
  const WARMUP = 10;

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
  for (let i = 0; i < Math.ceil(subscribers / 50); i++)
    keyList.push(
      (await createKey(store, { email: `bench${i}@example.test`, plan: "business", scopes: ["ws:connect"] }))
        .key,
    );

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
  const readies = await Promise.all(ready);
  const connected = realtime.gateway?.size ?? 0;
  const connectMs = Math.max(...readies.map((r) => r.ms));
  const rssConnected = process.memoryUsage().rss;
  console.log(
    `bench: ${connected} subscribers connected in ${connectMs} ms; RSS ${(rssConnected / 2 ** 20).toFixed(0)} MiB`,
  );

  // Time for one event from the tailer's read to the last subscriber's socket write.
  const fanoutMs: number[] = [];
  let rssPeak = rssConnected;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const excerpt = "Officials said the measures would take effect next month. ".repeat(6);
  const publishOne = async (i: number, warmup: boolean) => {
    const sentAt = now();
    await store.events.append({
      ts: Math.floor(sentAt),
      type: "item.new",
      clusterId: 0,
      articleId: null,
      payload: (id) => ({
        type: "item.new",
        id,
        ts: Math.floor(sentAt),
        data: {
          id: 100_000 + i,
          url_hash: (i * 2654435761).toString(16).padStart(16, "0").slice(0, 16),
          title: `Bench headline number ${i} about markets and policy`,
          url: `https://wire.test/bench/${i}`,
          source_id: "1",
          source_name: "Wire",
          category: "business",
          published_at: Math.floor(sentAt),
          discovered_at: Math.floor(sentAt),
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
    await tailer.poke();
    fanoutMs.push(now() - t0);
  };
  const started = Date.now();
  for (let i = 0; i < WARMUP + events; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    await publishOne(i, i < WARMUP);
  }
  // Let the last deliveries land.
  await new Promise((r) => setTimeout(r, 2_000));
  clearInterval(sampler);
  const reports = await Promise.all(
    children.map(
      (child) =>
        new Promise<Extract<ToServer, { type: "report" }>>((resolve) => {
          child.on("message", (m: ToServer) => m.type === "report" && resolve(m));
          child.send({ type: "report" } satisfies ToClient);
        }),
    ),
  );
  const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const received = reports.reduce((n, r) => n + r.received, 0);
  const closedEarly = reports.reduce((n, r) => n + r.closed, 0);
  const expected = connected * (WARMUP + events);
  const p50 = percentile(latencies, 50);
  const p99 = percentile(latencies, 99);
  const max = latencies[latencies.length - 1] ?? NaN;
  const fanout = fanoutMs.slice(WARMUP).sort((a, b) => a - b);
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
  const ok = (cond: boolean) => (cond ? "met" : "**missed**");
  console.log(
    `bench: ${received}/${expected} deliveries; p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms; RSS peak ${mib(rssPeak)}`,
  );
  report.writeBenchSection(
    "ws-fanout",
    `## Live feed fan-out (WebSocket)

Run: \`npx tsx bench/ws-fanout.ts\` (script: \`bench/ws-fanout.ts\`). Machine: ${report.machineLine()}.
One server process (log tailer → bus → /ws gateway, as \`lede start\` wires it) and ${clientProcs} client processes on the same
machine holding ${connected.toLocaleString("en")} subscribers (topic \`articles\`; ${keyList.length} business accounts of 50 connections).
${events} timed \`item.new\` events (about 1 KiB each, after ${WARMUP} untimed warm-up events) appended to the event log at ${rate}/s; latency runs from the start of the append to the message
arriving in a subscriber, so it includes the SQLite append, the tailer's read, the fan-out and the client processes' own
event loops. Each event is serialised once and the same buffer goes to every subscriber. Targets: p99 under 200 ms, server RSS under 1 GB.

| subscribers | deliveries | p50 | p99 | max | server RSS idle → connected → peak |
| ---: | ---: | ---: | ---: | ---: | ---: |
| ${connected.toLocaleString("en")} | ${received.toLocaleString("en")} of ${expected.toLocaleString("en")} | ${p50.toFixed(1)} ms | **${p99.toFixed(1)} ms** | ${max.toFixed(1)} ms | ${mib(rssBefore)} → ${mib(rssConnected)} → **${mib(rssPeak)}** |

Server time per event, from reading it off the log to the last subscriber's socket write: p50 ${percentile(fanout, 50).toFixed(0)} ms, max ${(fanout[fanout.length - 1] ?? NaN).toFixed(0)} ms.
Connecting all subscribers (upgrade, key check, subscribe) took ${(connectMs / 1000).toFixed(1)} s. Subscribers closed during the run: ${closedEarly}.
The machine was shared while this ran: 1-minute load average ${load.toFixed(1)} at the start (on ${os.cpus().length} cores), so figures include waiting for CPU.
Targets: p99 ${ok(p99 < 200)}, RSS ${ok(rssPeak < 2 ** 30)}.`,
  );
  await realtime.close();
  server.closeAllConnections();
  server.close();
  store.cleanup();
  process.exit(received === expected ? 0 : 1);
}

if (process.argv.includes("--clients")) void runClients();
else await runServer();
