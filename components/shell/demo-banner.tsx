import { AlertIcon } from "../ui/icons";

/** Shown on every dashboard page in demo mode, so simulated news is never taken for real news. */
export function DemoBanner() {
  return (
    <div
      role="note"
      aria-label="Demo mode"
      data-testid="demo-banner"
      className="border-warn/40 bg-warn/10 flex items-start gap-2.5 border-b px-4 py-2.5 text-sm sm:px-6"
    >
      <AlertIcon className="text-warn mt-0.5 shrink-0" size={16} />
      <p>
        <strong className="font-semibold">Demo mode: this news is simulated.</strong>{" "}
        <span className="text-muted">
          Every story, outlet and person here comes from Lede&apos;s built-in newswire generator. None of it
          happened.
        </span>
      </p>
    </div>
  );
}
