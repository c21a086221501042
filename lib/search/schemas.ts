import { z } from "zod";

import { qIntDefault } from "../validation/query";

/** Query text: trimmed, `min`–`max` characters (counted as Unicode code points, so an emoji is one). */
export function qText(max: number) {
  return z
    .string()
    .trim()
    .refine((s) => s.length > 0, "must not be empty")
    .refine((s) => [...s].length <= max, `must be at most ${max} characters`);
}

/** GET /v1/search (contract §7.3). */
export const SearchQuery = z.object({
  q: qText(200),
  limit: qIntDefault(20, { min: 1, max: 100 }),
  offset: qIntDefault(0, { min: 0 }),
});
export type SearchQuery = z.output<typeof SearchQuery>;

/** GET /v1/search/full (contract §7.3): the same parameters as /v1/search. */
export const SearchFullQuery = SearchQuery;
export type SearchFullQuery = SearchQuery;

/** GET /v1/search/suggest (contract §7.3). */
export const SuggestQuery = z.object({
  q: qText(100),
  limit: qIntDefault(8, { min: 1, max: 20 }),
});
export type SuggestQuery = z.output<typeof SuggestQuery>;
