"use client";

import { useEffect, useState } from "react";

import type { ReferenceView } from "@/lib/api-reference/reference-view";
import { keyHelp, keyModeOf } from "@/lib/api-reference/try-key";

import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Input } from "../ui/form";
import { MethodBadge } from "./method-badge";
import { OperationPanel } from "./operation-panel";

/**
 * The interactive reference: operations by group on the left, the chosen one on the right (its id in the address
 * hash, so links to an operation work), and one key for every "Try it": the demo key until the user pastes one.
 */
export function ApiExplorer({
  view,
  baseUrl,
  demoKey,
  ownKeyPrefix,
}: {
  view: ReferenceView;
  baseUrl: string;
  demoKey: string;
  /** The prefix of the user's newest key, if any: snippets name it so the user knows which key to use. */
  ownKeyPrefix: string | null;
}) {
  const all = view.groups.flatMap((g) => g.operations);
  const [selectedId, setSelectedId] = useState(all[0]?.id ?? "");
  const [key, setKey] = useState(demoKey);
  useEffect(() => {
    const fromHash = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (all.some((o) => o.id === id)) setSelectedId(id);
    };
    fromHash();
    window.addEventListener("hashchange", fromHash);
    return () => window.removeEventListener("hashchange", fromHash);
    // The operation list comes from the server render and does not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const op = all.find((o) => o.id === selectedId) ?? all[0];
  const mode = keyModeOf(key, demoKey);
  return (
    <div className="lg:grid lg:grid-cols-[16rem_1fr] lg:gap-8">
      <nav aria-label="Operations" className="mb-6 lg:mb-0">
        <div className="space-y-5 lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:overflow-y-auto lg:pr-2">
          {view.groups.map((g) => (
            <div key={g.tag}>
              <h2 className="text-muted px-2 pb-1 text-xs font-medium tracking-wide uppercase">{g.tag}</h2>
              <ul className="space-y-0.5">
                {g.operations.map((o) => (
                  <li key={o.id}>
                    <a
                      href={`#${o.id}`}
                      aria-current={o.id === op?.id ? "true" : undefined}
                      onClick={() => setSelectedId(o.id)}
                      className={cn(
                        "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm",
                        // A neutral highlight: the method badges keep their contrast on it.
                        o.id === op?.id
                          ? "bg-subtle text-fg ring-line font-medium ring-1"
                          : "text-muted hover:bg-subtle hover:text-fg",
                      )}
                    >
                      <MethodBadge method={o.method} />
                      <span className="truncate font-mono text-xs">{o.path.replace(/^\/v1/, "")}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </nav>
      <div className="min-w-0 space-y-6">
        <div className="border-line bg-surface flex flex-wrap items-end gap-3 rounded-xl border p-4">
          <label className="min-w-64 flex-1 space-y-1.5 text-sm">
            <span className="font-medium">API key for &ldquo;Try it&rdquo;</span>
            <Input
              value={key}
              onChange={(e) => setKey(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              className="font-mono text-xs"
              aria-describedby="key-help"
            />
          </label>
          {mode !== "demo" ? (
            <Button variant="secondary" onClick={() => setKey(demoKey)}>
              Use the demo key
            </Button>
          ) : null}
          <p id="key-help" className="text-muted w-full text-xs" data-testid="key-help">
            {keyHelp(mode)}
          </p>
        </div>
        {op ? (
          <OperationPanel
            key={op.id}
            op={op}
            baseUrl={baseUrl}
            keyChoice={{ key, mode, hint: ownKeyPrefix ?? undefined }}
          />
        ) : null}
      </div>
    </div>
  );
}
