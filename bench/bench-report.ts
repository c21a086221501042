import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DOC = fileURLToPath(new URL("../docs/benchmarks.md", import.meta.url));

/** Replaces (or appends) one benchmark's section of docs/benchmarks.md, between its own markers. */
export function writeBenchSection(name: string, markdown: string, doc = BENCH_DOC): void {
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = fs.existsSync(doc) ? fs.readFileSync(doc, "utf8") : "# Benchmarks\n";
  const re = new RegExp(`${start}[\\s\\S]*?${end}`);
  const next = re.test(current) ? current.replace(re, block) : `${current.trimEnd()}\n\n${block}\n`;
  fs.mkdirSync(path.dirname(doc), { recursive: true });
  fs.writeFileSync(doc, next);
}

export function machineLine(): string {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown CPU"}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}
