import type { Logger } from "pino";

import type { Store } from "../db/store";
import { parseAllowList } from "../net";
import { startNewswireServer, type NewswireServer } from "../newswire";
import { registerSources } from "../sources/register-sources";

/** The newswire's fixed port: feed URLs stay the same across restarts, so nothing is registered twice. */
export const DEMO_NEWSWIRE_PORT = 4790;
/** Simulated time per wall-clock time: a simulated hour a minute. */
export const DEMO_SPEED = 60;

export interface DemoOptions {
  port?: number;
  speed?: number;
  seed?: string | number;
  log?: Logger;
}

/**
 * Demo mode's news source: the simulated newswire served on loopback, its outlets (all marked "(simulated)")
 * registered as sources of the store, so the ordinary feed worker polls them like any other feed.
 */
export async function startDemoNewswire(store: Store, o: DemoOptions = {}): Promise<NewswireServer> {
  const server = await startNewswireServer({
    port: o.port ?? DEMO_NEWSWIRE_PORT,
    speed: o.speed ?? DEMO_SPEED,
    seed: o.seed ?? "lede-demo",
  });
  // Its feeds are on loopback, which is registered (and fetched) only when allowed: exactly this server.
  const { sources, feeds } = await registerSources(store, server.sources, {
    allow: parseAllowList(new URL(server.url).host),
  });
  o.log?.info(
    { url: server.url, sources, feeds, speed: o.speed ?? DEMO_SPEED },
    "simulated newswire started",
  );
  return server;
}
