import type { Metadata } from "next";
import { headers } from "next/headers";

import { DOC_SECTIONS, QuickStart } from "@/components/docs/quick-start";
import { env } from "@/lib/env";
import { DEFAULT_DEMO_KEY } from "@/lib/keys/key-format";

export const metadata: Metadata = {
  title: "Docs",
  description: "Get started with the Lede API: the sandbox demo key, curl examples, limits and errors.",
};

export default async function DocsPage() {
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  const demoKey = env().LEDE_DEMO_KEY ?? DEFAULT_DEMO_KEY;
  return (
    // The layout gives the margins: the public frame's, or the app shell's for a signed-in reader.
    <div className="lg:grid lg:grid-cols-[12rem_1fr] lg:gap-12">
      <nav aria-label="On this page" className="hidden lg:block">
        <div className="sticky top-20">
          <p className="text-muted mb-2 text-xs font-medium tracking-wide uppercase">On this page</p>
          <ul className="space-y-1 text-sm">
            {DOC_SECTIONS.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-muted hover:text-fg block rounded py-1">
                  {s.title}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <article className="min-w-0">
        <header className="mb-10">
          <p className="text-accent text-sm font-semibold">Developer docs</p>
          <h1 className="mt-1 text-3xl font-semibold tracking-tight">Quick start</h1>
          <p className="text-muted mt-2 max-w-2xl">
            Lede serves stories, articles, entities and source rankings over a REST API at{" "}
            <code className="font-mono">{`${proto}://${host}/v1`}</code>, and a live feed over WebSocket.
          </p>
        </header>
        <QuickStart
          baseUrl={`${proto}://${host}`}
          wsUrl={`${proto === "https" ? "wss" : "ws"}://${host}`}
          demoKey={demoKey}
        />
      </article>
    </div>
  );
}
