"use client";

import type { KeyView } from "@/lib/auth/account-keys/key-view";

import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Alert } from "../ui/states";
import { useRevokeKey } from "./use-keys";

export function RevokeKeyDialog({
  target,
  onClose,
  onRevoked,
}: {
  target: KeyView | null;
  onClose: () => void;
  onRevoked: (k: KeyView) => void;
}) {
  const revoke = useRevokeKey();
  const close = () => {
    revoke.reset();
    onClose();
  };
  return (
    <Dialog
      open={target !== null}
      onClose={close}
      title={`Revoke “${target?.name ?? ""}”?`}
      description="Requests with this key fail with 401 from now on. This cannot be undone."
    >
      <div className="space-y-4">
        {revoke.error ? <Alert tone="danger">{revoke.error.message}</Alert> : null}
        <p className="text-sm">
          Key <code className="font-mono">{target?.prefix}</code>
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={revoke.isPending}
            onClick={() =>
              target &&
              revoke.mutate(target.id, {
                onSuccess: (r) => {
                  onRevoked(r.key);
                  close();
                },
              })
            }
          >
            {revoke.isPending ? "Revoking…" : "Revoke key"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
