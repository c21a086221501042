import { ButtonLink } from "@/components/ui/button";
import { GraphIcon } from "@/components/ui/icons";
import { EmptyState } from "@/components/ui/states";

export default function EntityNotFound() {
  return (
    <EmptyState
      icon={<GraphIcon size={22} />}
      title="This entity does not exist"
      action={
        <ButtonLink href="/entities" variant="secondary" size="sm">
          Search the entities
        </ButtonLink>
      }
    >
      No person, organisation or place has this id or slug.
    </EmptyState>
  );
}
