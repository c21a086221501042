"use client";

import type { ReactNode } from "react";

import { Button } from "../ui/button";
import { CopyButton } from "../ui/copy-button";
import { Alert } from "../ui/states";

/** A new key's plaintext, shown this once with a copy button. */
export function SecretReveal({
  secret,
  note,
  onDone,
}: {
  secret: string;
  note?: ReactNode;
  onDone: () => void;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="warn">
        <strong className="font-semibold">Copy this key now.</strong> It is shown only once: Lede stores only
        its hash.
      </Alert>
      <div className="border-line bg-subtle flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center">
        <code data-testid="new-key" className="min-w-0 flex-1 font-mono text-xs break-all select-all">
          {secret}
        </code>
        <CopyButton value={secret} label="Copy key" className="shrink-0" />
      </div>
      {note ? <p className="text-muted text-sm">{note}</p> : null}
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
