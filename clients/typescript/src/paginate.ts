/** Walks `limit`/`offset` pages: yields `page[key]` entries until a short or empty page, or `total` is reached. */
export async function* offsetPages<T>(
  fetchPage: (offset: number) => Promise<Record<string, unknown>>,
  key: string,
): AsyncGenerator<T, void, undefined> {
  let offset = 0;
  for (;;) {
    const page = await fetchPage(offset);
    const entries = page[key] as T[];
    yield* entries;
    offset += entries.length;
    const total = page.total;
    if (entries.length === 0 || page.has_more === false || (typeof total === "number" && offset >= total))
      return;
  }
}

/** Walks backtest pages: passes each page's `next_cursor` on while `has_more`. */
export async function* cursorPages<T>(
  fetchPage: (cursor: number) => Promise<{ events: T[]; next_cursor: number; has_more: boolean }>,
): AsyncGenerator<T, void, undefined> {
  let cursor = 0;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.events;
    if (!page.has_more || page.next_cursor === cursor) return;
    cursor = page.next_cursor;
  }
}
