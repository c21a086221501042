import type { ReactNode } from "react";

export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
        {title}
      </h2>
      <div className="text-muted [&_strong]:text-fg space-y-4 text-sm leading-relaxed">{children}</div>
    </section>
  );
}

export function InlineCode({ children }: { children: ReactNode }) {
  return <code className="bg-subtle text-fg rounded px-1 py-0.5 font-mono text-[0.85em]">{children}</code>;
}
