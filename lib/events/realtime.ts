import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

import type { Logger } from "pino";

import type { Store } from "../db/store";
import type { KeyVerifier } from "../keys/verify-key";
import type { EventBus } from "./bus";
import { LogPruner, type LogPrunerOptions } from "./log-pruner";
import type { LogTailer } from "./log-tailer";
import { RedisRelay } from "./redis-relay";
import { WsGateway, type GatewayOptions } from "./ws-gateway";

export interface RealtimeDeps {
  store: Store;
  keys: KeyVerifier;
  bus: EventBus;
  tailer: LogTailer;
  log: Logger;
  /** Set: the feed is shared with other instances through Redis. */
  redisUrl?: string;
  /** Serve /ws; false for a worker-only process (the tailer and the pruner still run). */
  serveWs?: boolean;
  gateway?: GatewayOptions;
  pruner?: Omit<LogPrunerOptions, "events" | "log">;
}

export interface Realtime {
  gateway: WsGateway | null;
  relay: RedisRelay | null;
  pruner: LogPruner;
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /**
   * Shutdown: refuses new sockets, publishes what the log holds that subscribers have not had yet (and offers
   * it to Redis), then closes every socket with 1001 and stops the timers.
   */
  close(): Promise<void>;
}

/** Starts the live side of a server process: Redis relay (optional), log tailer, pruner and the /ws gateway. */
export async function startRealtime(deps: RealtimeDeps): Promise<Realtime> {
  const relay = deps.redisUrl
    ? new RedisRelay({ url: deps.redisUrl, bus: deps.bus, events: deps.store.events, log: deps.log })
    : null;
  // The relay listens before the tailer publishes anything, so it offers every event to Redis.
  await relay?.start();
  await deps.tailer.start();
  const pruner = new LogPruner({ events: deps.store.events, log: deps.log, ...deps.pruner });
  pruner.start();
  const gateway =
    deps.serveWs === false
      ? null
      : new WsGateway({ store: deps.store, keys: deps.keys, bus: deps.bus, log: deps.log }, deps.gateway);
  if (relay) deps.log.info({ log_id: relay.localLog }, "live feed shared through redis");
  let closing: Promise<void> | undefined;
  return {
    gateway,
    relay,
    pruner,
    handleUpgrade: (req, socket, head) => gateway?.handleUpgrade(req, socket, head),
    close() {
      closing ??= (async () => {
        gateway?.stopAccepting();
        await deps.tailer.stop();
        await relay?.stop();
        await gateway?.close();
        await pruner.stop();
      })();
      return closing;
    },
  };
}
