import fs from "node:fs";

import type { ImportRecord } from "../ingestion/import-file";
import type { RawArticle } from "../ingestion/normalize-article";
import type { Newswire } from "./generate";
import { outletBySlug } from "./outlets";
import type { NewswireArticle, Outlet } from "./types";

/** An article as a feed entry would give it to the pipeline. */
export function toRawArticle(a: NewswireArticle): RawArticle {
  return {
    url: a.url,
    title: a.title,
    published: a.publishedAt,
    summary: a.text,
    categories: [a.category],
    language: "en",
    externalId: a.id,
  };
}

/** One line of a `lede import` file, plus the true event id (`event_id`, ignored by the importer). */
export type NewswireRecord = ImportRecord & { id: string; event_id: string; syndicated_from?: string };

export function toImportRecord(a: NewswireArticle, outlet: Outlet = outletBySlug(a.outlet)): NewswireRecord {
  return {
    id: a.id,
    url: a.url,
    title: a.title,
    text: a.text,
    published_at: a.publishedAt,
    source: outlet.name,
    hostname: outlet.host,
    category: a.category,
    language: "en",
    event_id: a.eventId,
    ...(a.syndicatedFrom ? { syndicated_from: a.syndicatedFrom } : {}),
  };
}

/** Writes the newswire as JSON Lines in the format `lede import` reads. Returns the number of lines. */
export function writeNewswireJsonl(file: string, nw: Newswire): number {
  const bySlug = new Map(nw.outlets.map((o) => [o.slug, o]));
  const lines = nw.articles.map((a) => JSON.stringify(toImportRecord(a, bySlug.get(a.outlet))));
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  return lines.length;
}
