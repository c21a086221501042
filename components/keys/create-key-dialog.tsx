"use client";

import { useState, type FormEvent } from "react";

import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/form";
import { Alert } from "../ui/states";
import { SecretReveal } from "./secret-reveal";
import { useCreateKey } from "./use-keys";

export function CreateKeyDialog({
  open,
  onClose,
  paid,
}: {
  open: boolean;
  onClose: () => void;
  paid: boolean;
}) {
  const create = useCreateKey();
  const [ws, setWs] = useState(false);
  const close = () => {
    create.reset();
    setWs(false);
    onClose();
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get("name") ?? "");
    create.mutate({ name, scopes: ws ? ["read", "ws:connect"] : ["read"] });
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title={create.data ? "Your new API key" : "Create an API key"}
      description={
        create.data ? undefined : "Name it after where it will be used, so you know what to revoke later."
      }
    >
      {create.data ? (
        <SecretReveal
          secret={create.data.secret}
          onDone={close}
          note={
            <>
              Send it as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>.
            </>
          }
        />
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
          {create.error && create.error.message ? <Alert tone="danger">{create.error.message}</Alert> : null}
          <Field label="Name" hint="For example “production backend” or “CI”.">
            {(ids) => (
              <Input
                {...ids}
                name="name"
                required
                maxLength={100}
                autoFocus
                placeholder="production backend"
              />
            )}
          </Field>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Scopes</legend>
            <label className="flex items-start gap-2.5 text-sm">
              <input type="checkbox" checked disabled className="accent-accent mt-0.5 size-4" />
              <span>
                <code className="font-mono">read</code>
                <span className="text-muted block text-xs">Every /v1 endpoint. Always included.</span>
              </span>
            </label>
            <label className="flex items-start gap-2.5 text-sm">
              <input
                type="checkbox"
                name="ws"
                checked={ws}
                disabled={!paid}
                onChange={(e) => setWs(e.target.checked)}
                className="accent-accent mt-0.5 size-4"
              />
              <span>
                <code className="font-mono">ws:connect</code>
                <span className="text-muted block text-xs">
                  {paid ? "The live WebSocket feed on /ws." : "The live WebSocket feed: needs a paid plan."}
                </span>
              </span>
            </label>
            <p className="text-muted text-xs">
              The dashboard issues <code className="font-mono">read</code> and{" "}
              <code className="font-mono">ws:connect</code> keys only; keys with other scopes come from the
              operator (<code className="font-mono">lede keys create</code>).
            </p>
          </fieldset>
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating…" : "Create key"}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
