"use client";

import { useState } from "react";

import type { RefOperation } from "@/lib/api-reference/reference-view";
import { curlSnippet, pythonSnippet, requestPath, typescriptSnippet } from "@/lib/api-reference/snippets";
import { tryHint, type KeyMode } from "@/lib/api-reference/try-key";

import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CodeBlock } from "../ui/code-block";
import { Segmented } from "../ui/segmented";
import { Alert } from "../ui/states";
import { MethodBadge } from "./method-badge";
import { ParamField } from "./param-field";
import { ParamsTable } from "./params-table";
import { tryRequest, type TryResult } from "./try-request";

type Lang = "curl" | "ts" | "py";
const LANGS: Array<{ value: Lang; label: string }> = [
  { value: "curl", label: "curl" },
  { value: "ts", label: "TypeScript" },
  { value: "py", label: "Python" },
];

export interface KeyChoice {
  key: string;
  /** The public demo key (snippets may show it), one of the user's own, or none: the request goes without a key. */
  mode: KeyMode;
  /** The start of the user's own key, for snippets that read LEDE_KEY. */
  hint?: string;
}

/** One operation: what it takes, what it costs, a form to call it with a key, and the same call as code. */
export function OperationPanel({
  op,
  baseUrl,
  keyChoice,
}: {
  op: RefOperation;
  baseUrl: string;
  keyChoice: KeyChoice;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [body, setBody] = useState(op.bodyExample);
  const [lang, setLang] = useState<Lang>("curl");
  const [result, setResult] = useState<TryResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fields = op.params.filter((p) => p.in !== "body");
  const missing = fields.filter((p) => p.in === "path" && !values[p.name]?.trim()).map((p) => p.name);
  const snippetInput = {
    baseUrl,
    op,
    values,
    body,
    literalKey: keyChoice.mode === "demo" ? keyChoice.key.trim() : undefined,
    keyHint: keyChoice.mode === "demo" ? undefined : keyChoice.hint,
  };
  const code =
    lang === "curl"
      ? curlSnippet(snippetInput)
      : lang === "ts"
        ? typescriptSnippet(snippetInput)
        : pythonSnippet(snippetInput);
  const send = async () => {
    setSending(true);
    setError(null);
    try {
      setResult(
        await tryRequest({
          method: op.method,
          path: requestPath({ op, values }),
          key: op.auth && keyChoice.mode !== "none" ? keyChoice.key.trim() : null,
          body,
        }),
      );
    } catch (e) {
      setError(e instanceof Error ? e.message : "the request failed");
      setResult(null);
    } finally {
      setSending(false);
    }
  };
  const tiers = Object.entries(op.featureTiers);
  return (
    <article aria-labelledby={`op-${op.id}-title`} data-testid="operation" className="space-y-6">
      <header>
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={op.method} />
          <code className="font-mono text-sm font-semibold break-all">{op.path}</code>
        </div>
        <h2 id={`op-${op.id}-title`} className="mt-2 text-xl font-semibold">
          {op.summary}
        </h2>
        <div className="mt-2 flex flex-wrap gap-2 text-xs">
          <Badge>{op.auth ? `scope ${op.scope ?? "read"}` : "no key needed"}</Badge>
          {op.auth ? <Badge>{`${op.credits} credit${op.credits === 1 ? "" : "s"}`}</Badge> : null}
          {op.minTier !== "free" ? <Badge tone="brand">{op.minTier} plan</Badge> : null}
          {tiers.map(([f, t]) => (
            <Badge key={f} tone="brand">{`${f}: ${t} plan`}</Badge>
          ))}
          {op.auth && !op.demoKey ? <Badge tone="warn">not with the demo key</Badge> : null}
        </div>
      </header>

      {op.params.length ? (
        <section aria-label="Parameters">
          <ParamsTable label={`Parameters of ${op.method} ${op.path}`} params={op.params} />
        </section>
      ) : null}

      <section aria-labelledby={`op-${op.id}-try`} className="border-line rounded-xl border p-4">
        <h3 id={`op-${op.id}-try`} className="font-semibold">
          Try it
        </h3>
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          {fields.length ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {fields.map((p) => (
                <ParamField
                  key={p.name}
                  param={p}
                  value={values[p.name] ?? ""}
                  onChange={(v) => setValues((prev) => ({ ...prev, [p.name]: v }))}
                />
              ))}
            </div>
          ) : null}
          {op.bodyExample !== null ? (
            <label className="block space-y-1 text-sm">
              <span className="font-mono text-xs">JSON body</span>
              <textarea
                value={body ?? ""}
                onChange={(e) => setBody(e.target.value)}
                rows={6}
                spellCheck={false}
                className="border-line bg-surface block w-full rounded-md border p-3 font-mono text-xs"
              />
            </label>
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={sending || missing.length > 0}>
              {sending ? "Sending…" : "Send request"}
            </Button>
            <span className="text-muted text-xs" data-testid="try-hint">
              {missing.length ? `Fill in ${missing.join(", ")} first.` : tryHint(op, keyChoice.mode)}
            </span>
          </div>
        </form>
        {error ? (
          <Alert tone="danger" className="mt-3">
            {error}
          </Alert>
        ) : null}
        {result ? (
          <div className="mt-4 space-y-2" data-testid="try-result">
            <p className="text-sm" role="status">
              <Badge tone={result.status < 300 ? "ok" : result.status < 500 ? "warn" : "danger"}>
                {result.status}
              </Badge>{" "}
              <span className="text-muted">in {result.ms} ms</span>
            </p>
            {result.headers.length ? (
              <ul className="text-muted font-mono text-xs">
                {result.headers.map(([k, v]) => (
                  <li key={k}>
                    {k}: {v}
                  </li>
                ))}
              </ul>
            ) : null}
            <pre
              tabIndex={0}
              className="border-line bg-subtle max-h-96 overflow-auto rounded-lg border p-3 font-mono text-xs"
            >
              {result.body}
            </pre>
          </div>
        ) : null}
      </section>

      <section aria-label="Code" className="space-y-2">
        <Segmented label="Language" options={LANGS} value={lang} onChange={setLang} />
        <CodeBlock code={code} label={LANGS.find((l) => l.value === lang)?.label} />
      </section>

      <section aria-label="Responses">
        <h3 className="mb-2 font-semibold">Responses</h3>
        <ul className="flex flex-wrap gap-2 text-xs">
          {op.responses.map((r) => (
            <li key={r.status} className="border-line rounded-md border px-2 py-1">
              <span className="font-mono font-semibold">{r.status}</span>{" "}
              <span className="text-muted">{r.description}</span>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
