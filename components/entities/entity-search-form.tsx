import { Button } from "../ui/button";
import { Input, Select } from "../ui/form";
import { SearchIcon } from "../ui/icons";

/** A plain GET form: results are server-rendered and the address can be shared or bookmarked. */
export function EntitySearchForm({ q, type }: { q: string; type: string }) {
  return (
    <form role="search" action="/entities" className="flex flex-wrap items-end gap-3">
      <label className="min-w-56 flex-1 space-y-1.5">
        <span className="block text-sm font-medium">Search entities</span>
        <Input name="q" defaultValue={q} placeholder="A name or alias, e.g. Reykjavik" maxLength={200} />
      </label>
      <label className="space-y-1.5">
        <span className="block text-sm font-medium">Type</span>
        <Select name="type" defaultValue={type} className="w-44">
          <option value="">All types</option>
          <option value="person">People</option>
          <option value="org">Organisations</option>
          <option value="location">Places</option>
        </Select>
      </label>
      <Button type="submit">
        <SearchIcon size={16} />
        Search
      </Button>
    </form>
  );
}
