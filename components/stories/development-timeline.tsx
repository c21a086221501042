import { Badge, type BadgeTone } from "../ui/badge";
import { cn } from "../ui/cn";
import { When } from "../ui/when";

export interface TimelineDevelopment {
  id: number;
  created_at_ms: number;
  title: string;
  description: string;
  significance: string;
  previous_headline: string | null;
  new_headline: string | null;
}

const TONES: Record<string, BadgeTone> = { major: "danger", moderate: "warn", minor: "neutral" };
const DOTS: Record<string, string> = { major: "bg-danger", moderate: "bg-warn", minor: "bg-muted" };

/** A story's developments, oldest first, each with its significance and the headline change it brought. */
export function DevelopmentTimeline({ developments }: { developments: TimelineDevelopment[] }) {
  return (
    <ol data-testid="timeline" className="border-line relative ml-1.5 space-y-5 border-l pl-5">
      {developments.map((d) => (
        <li key={d.id} data-testid="development" className="relative">
          <span
            aria-hidden="true"
            className={cn(
              "ring-surface absolute top-1.5 -left-[27px] size-3 rounded-full ring-4",
              DOTS[d.significance] ?? "bg-muted",
            )}
          />
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold">{d.title}</h3>
            <Badge tone={TONES[d.significance] ?? "neutral"} className="capitalize">
              <span className="sr-only">Significance: </span>
              {d.significance}
            </Badge>
            <span className="text-muted text-xs">
              <When ms={d.created_at_ms} />
            </span>
          </div>
          {d.description ? <p className="text-muted mt-1 text-sm">{d.description}</p> : null}
          {d.new_headline && d.new_headline !== d.previous_headline ? (
            <div className="border-line bg-subtle mt-2 rounded-lg border px-3 py-2 text-sm">
              <p className="text-muted text-xs font-medium tracking-wide uppercase">Headline changed</p>
              {d.previous_headline ? (
                <p className="text-muted mt-1 line-through">
                  <span className="sr-only">From: </span>
                  {d.previous_headline}
                </p>
              ) : null}
              <p className="mt-0.5 font-medium">
                <span className="sr-only">To: </span>
                {d.new_headline}
              </p>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
