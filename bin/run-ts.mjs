#!/usr/bin/env node
// Runs one TypeScript script (a bench, a maintenance script) the way `lede` runs its sources: through tsx, with
// the `server-only` marker mapped to an empty module. Usage: node bin/run-ts.mjs bench/<file>.ts [args…]
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NEXT_TELEMETRY_DISABLED ??= "1";
register("./loader-hooks.mjs", import.meta.url);
const { register: registerTsx } = await import("tsx/esm/api");
registerTsx();
const script = process.argv[2];
if (!script) throw new Error("usage: node bin/run-ts.mjs <script.ts> [args…]");
process.argv.splice(1, 1);
await import(pathToFileURL(path.resolve(script)).href);
