import Link from "next/link";

import type { ApiEntity } from "@/lib/entities/queries/serialize";

import { EntityTypeBadge } from "./entity-type-badge";

/** Entities as cards: name, type, how much the news mentions them and the other names they go by. */
export function EntityList({ entities }: { entities: ApiEntity[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="entity-results">
      {entities.map((e) => (
        <li key={e.id} className="border-line bg-surface rounded-xl border p-4 shadow-xs">
          <div className="flex items-center gap-2">
            <EntityTypeBadge type={e.type} />
            {e.subcategory ? (
              <span className="text-muted text-xs">{e.subcategory.replace(/_/g, " ")}</span>
            ) : null}
          </div>
          <h3 className="mt-2 font-semibold">
            <Link href={`/entities/${e.id}`} className="hover:text-accent underline-offset-4 hover:underline">
              {e.name}
            </Link>
          </h3>
          <p className="text-muted mt-1 text-xs">
            {e.article_count.toLocaleString("en")} article{e.article_count === 1 ? "" : "s"}
            {e.aliases.length ? ` · also ${e.aliases.slice(0, 3).join(", ")}` : ""}
          </p>
        </li>
      ))}
    </ul>
  );
}
