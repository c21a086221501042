"use client";

import { useState } from "react";

import type { KeyView } from "@/lib/auth/account-keys/key-view";

import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Select } from "../ui/form";
import { Alert } from "../ui/states";
import { When } from "../ui/when";
import { SecretReveal } from "./secret-reveal";
import { useRotateKey } from "./use-keys";

export const GRACE_CHOICES = [
  { seconds: 0, label: "Immediately" },
  { seconds: 3_600, label: "1 hour" },
  { seconds: 86_400, label: "24 hours" },
  { seconds: 7 * 86_400, label: "7 days" },
];

export function RotateKeyDialog({ target, onClose }: { target: KeyView | null; onClose: () => void }) {
  const rotate = useRotateKey();
  const [grace, setGrace] = useState(86_400);
  const close = () => {
    rotate.reset();
    setGrace(86_400);
    onClose();
  };
  const done = rotate.data;
  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={done ? "Your rotated key" : `Rotate “${target?.name ?? ""}”?`}
      description={
        done ? undefined : "You get a new key with the same name and scopes. Switch your clients over to it."
      }
    >
      {done ? (
        <SecretReveal
          secret={done.secret}
          onDone={close}
          note={
            done.previous.status === "expiring" && done.previous.expiresAt !== null ? (
              <>
                The old key <code className="font-mono">{done.previous.prefix}</code> keeps working until{" "}
                <When ms={done.previous.expiresAt} />, then the API refuses it.
              </>
            ) : (
              <>
                The old key <code className="font-mono">{done.previous.prefix}</code> no longer works.
              </>
            )
          }
        />
      ) : (
        <div className="space-y-4">
          {rotate.error ? <Alert tone="danger">{rotate.error.message}</Alert> : null}
          <Field
            label="Keep the old key working for"
            hint="A grace period lets deployed clients switch without downtime."
          >
            {(ids) => (
              <Select {...ids} value={grace} onChange={(e) => setGrace(Number(e.target.value))}>
                {GRACE_CHOICES.map((c) => (
                  <option key={c.seconds} value={c.seconds}>
                    {c.label}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button
              disabled={rotate.isPending}
              onClick={() => target && rotate.mutate({ id: target.id, graceSeconds: grace })}
            >
              {rotate.isPending ? "Rotating…" : "Rotate key"}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
