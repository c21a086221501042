import { CopyButton } from "./copy-button";

/** A block of code or shell with a copy button; long lines scroll inside the block, never the page. */
export function CodeBlock({ code, label, language }: { code: string; label?: string; language?: string }) {
  return (
    <figure className="border-line overflow-hidden rounded-lg border bg-[oklch(0.2_0.025_265)] text-[oklch(0.93_0.01_260)]">
      <figcaption className="flex items-center justify-between gap-2 border-b border-white/10 px-3 py-1.5 text-xs text-white/60">
        <span>{label ?? language ?? "shell"}</span>
        <CopyButton
          value={code}
          variant="ghost"
          size="sm"
          className="h-7 text-white/70 hover:bg-white/10 hover:text-white"
        />
      </figcaption>
      {/* Focusable, so a keyboard can scroll a long line into view. */}
      <pre tabIndex={0} className="overflow-x-auto p-4 font-mono text-[13px] leading-relaxed">
        <code>{code}</code>
      </pre>
    </figure>
  );
}
