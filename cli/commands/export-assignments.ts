import { once } from "node:events";
import fs from "node:fs";

import { withStore } from "../store";

/** One JSON line per article: `{"id": imported id or url_hash, "url_hash", "story_id"}`. */
export async function exportAssignmentsCommand(opts: { out?: string }): Promise<void> {
  const out = opts.out ? fs.createWriteStream(opts.out) : process.stdout;
  let n = 0;
  await withStore(async (store) => {
    for await (const row of store.articles.exportAssignments()) {
      const line = `${JSON.stringify({ id: row.externalId ?? row.urlHash, url_hash: row.urlHash, story_id: row.storyId })}\n`;
      if (!out.write(line)) await once(out, "drain");
      n++;
    }
  });
  if (opts.out) {
    await new Promise<void>((resolve, reject) =>
      (out as fs.WriteStream).end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    process.stderr.write(`export: ${n} lines written to ${opts.out}\n`);
  }
}
