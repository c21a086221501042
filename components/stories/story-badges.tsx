import { Badge, type BadgeTone } from "../ui/badge";

const LABEL_TONES: Record<string, BadgeTone> = { Breaking: "danger", Developing: "warn", Trending: "brand" };
const PRIORITY_TONES: Record<string, BadgeTone> = {
  breaking: "danger",
  high: "warn",
  medium: "brand",
  low: "neutral",
};

/** Breaking, Developing or Trending (contract §6.16); nothing for an unlabelled story. */
export function StoryLabel({ label }: { label: string | null }) {
  if (!label) return null;
  return <Badge tone={LABEL_TONES[label] ?? "neutral"}>{label}</Badge>;
}

export function PriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge tone={PRIORITY_TONES[priority] ?? "neutral"} className="capitalize">
      <span className="sr-only">Priority: </span>
      {priority}
    </Badge>
  );
}

export function CategoryBadge({ category }: { category: string }) {
  return (
    <Badge tone="neutral" className="capitalize">
      {category}
    </Badge>
  );
}
