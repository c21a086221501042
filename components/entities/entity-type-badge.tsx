import { Badge, type BadgeTone } from "../ui/badge";

const TYPES: Record<string, { label: string; tone: BadgeTone }> = {
  person: { label: "Person", tone: "brand" },
  org: { label: "Organisation", tone: "warn" },
  location: { label: "Place", tone: "ok" },
};

export function EntityTypeBadge({ type }: { type: string }) {
  const t = TYPES[type] ?? { label: type, tone: "neutral" as const };
  return <Badge tone={t.tone}>{t.label}</Badge>;
}
