#!/usr/bin/env node
// Writes simulated newswire data for the client test suites, as `lede import` files:
//   node clients/testing/write-newswire.mjs OUT_DIR [--live-batches N] [--live-size M]
// OUT_DIR/base.jsonl holds a simulated day of news ending a few minutes ago; OUT_DIR/live-1.jsonl … live-N.jsonl hold
// the last N×M articles of that day, to import while a test listens to the feed. The day is always the same one
// (seeded, fixed simulated date), shifted in time as a whole, so every run clusters the same way.
import fs from "node:fs";
import { register } from "node:module";
import path from "node:path";

register("../../bin/loader-hooks.mjs", import.meta.url);
const { register: registerTsx } = await import("tsx/esm/api");
registerTsx();
const { generateNewswire, toImportRecord } = await import("../../lib/newswire/index.ts");

const args = process.argv.slice(2);
const out = args[0];
if (!out) {
  process.stderr.write("usage: write-newswire.mjs OUT_DIR [--live-batches N] [--live-size M]\n");
  process.exit(2);
}
const opt = (name, def) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : def;
};
const batches = opt("--live-batches", 3);
const size = opt("--live-size", 12);

const nw = generateNewswire({ seed: "clients", days: 1, eventsPerDay: 60 });
const shift = Date.now() - 5 * 60_000 - nw.articles.at(-1).publishedAt;
const bySlug = new Map(nw.outlets.map((o) => [o.slug, o]));
const lines = nw.articles.map((a) => {
  const r = toImportRecord(a, bySlug.get(a.outlet));
  return JSON.stringify({ ...r, published_at: a.publishedAt + shift });
});
const cut = lines.length - batches * size;
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, "base.jsonl"), `${lines.slice(0, cut).join("\n")}\n`);
for (let b = 0; b < batches; b++) {
  const part = lines.slice(cut + b * size, cut + (b + 1) * size);
  fs.writeFileSync(path.join(out, `live-${b + 1}.jsonl`), `${part.join("\n")}\n`);
}
process.stdout.write(
  `${JSON.stringify({ base: cut, live: batches, size, start: nw.start + shift, end: nw.end + shift })}\n`,
);
