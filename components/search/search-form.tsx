import { Button } from "../ui/button";
import { Input } from "../ui/form";
import { SearchIcon } from "../ui/icons";

export function SearchForm({ q }: { q: string }) {
  return (
    <form role="search" action="/search" className="flex gap-2">
      <label htmlFor="search-q" className="sr-only">
        Search the news
      </label>
      <Input
        id="search-q"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={200}
        placeholder='Words, "an exact phrase", -exclude, this OR that'
        className="h-11 text-base"
      />
      <Button type="submit" className="h-11">
        <SearchIcon size={16} />
        Search
      </Button>
    </form>
  );
}
