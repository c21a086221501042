import { ButtonLink } from "@/components/ui/button";
import { NewspaperIcon } from "@/components/ui/icons";
import { EmptyState } from "@/components/ui/states";

export default function StoryNotFound() {
  return (
    <EmptyState
      icon={<NewspaperIcon size={22} />}
      title="This story does not exist"
      action={
        <ButtonLink href="/stories" variant="secondary" size="sm">
          Back to the stories
        </ButtonLink>
      }
    >
      It may have been merged into a bigger story as the news developed, or the address is mistyped.
    </EmptyState>
  );
}
