#!/usr/bin/env node
// Entry point of the `lede` command. It runs the TypeScript sources directly through tsx, and maps the
// `server-only` marker to an empty module: outside Next's bundler the marker would throw on import.
import { register } from "node:module";

// Next.js would otherwise report usage to a remote host; a self-hosted service sends nothing unasked.
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
register("./loader-hooks.mjs", import.meta.url);
const { register: registerTsx } = await import("tsx/esm/api");
registerTsx();
const { main } = await import("../cli/main.ts");
await main(process.argv);
