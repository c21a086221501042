import type { SourceTableQuery } from "@/lib/rankings/source-table";

import { Button } from "../ui/button";
import { Input } from "../ui/form";
import { SearchIcon } from "../ui/icons";

/** A plain GET form over the sources table: the server filters, the sort is kept and paging starts again. */
export function SourceSearchForm({ query }: { query: SourceTableQuery }) {
  return (
    <form role="search" action="/sources" className="flex flex-wrap items-end gap-3">
      <label className="min-w-56 flex-1 space-y-1.5">
        <span className="block text-sm font-medium">Search sources</span>
        <Input
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          placeholder="Part of a name or address, e.g. herald"
          maxLength={200}
        />
      </label>
      <input type="hidden" name="sort" value={query.sort} />
      <input type="hidden" name="order" value={query.order} />
      <Button type="submit">
        <SearchIcon size={16} />
        Search
      </Button>
    </form>
  );
}
