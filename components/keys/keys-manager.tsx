"use client";

import { useState } from "react";

import type { KeyView } from "@/lib/auth/account-keys/key-view";

import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { KeyIcon, PlusIcon } from "../ui/icons";
import { EmptyState, ErrorState } from "../ui/states";
import { CreateKeyDialog } from "./create-key-dialog";
import { KeysTable } from "./keys-table";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { RotateKeyDialog } from "./rotate-key-dialog";
import { useKeys } from "./use-keys";

/** The keys page's interactive part: list, create, revoke and rotate. */
export function KeysManager({ initialKeys, paid }: { initialKeys: KeyView[]; paid: boolean }) {
  const keys = useKeys(initialKeys);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<KeyView | null>(null);
  const [rotating, setRotating] = useState<KeyView | null>(null);
  const [announce, setAnnounce] = useState("");
  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <PlusIcon size={16} />
      Create key
    </Button>
  );
  const live = keys.data.filter((k) => k.status === "active" || k.status === "expiring").length;
  return (
    <>
      <p role="status" className="sr-only">
        {announce}
      </p>
      {keys.isError ? (
        <ErrorState
          title="Your keys could not be loaded"
          message={keys.error.message}
          action={
            <Button variant="secondary" size="sm" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          }
        />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={<KeyIcon size={22} />} title="No API keys yet" action={createButton}>
          Create a key to call the REST API. Send it as a Bearer token; it is shown only once.
        </EmptyState>
      ) : (
        <Card aria-labelledby="keys-title">
          <CardHeader
            id="keys-title"
            title="Your keys"
            description={`${live} live key${live === 1 ? "" : "s"}. Revoked and expired keys stay listed for your records.`}
            actions={createButton}
          />
          <KeysTable keys={keys.data} onRevoke={setRevoking} onRotate={setRotating} />
        </Card>
      )}
      <CreateKeyDialog open={creating} onClose={() => setCreating(false)} paid={paid} />
      <RevokeKeyDialog
        target={revoking}
        onClose={() => setRevoking(null)}
        onRevoked={(k) => setAnnounce(`Key ${k.name} revoked.`)}
      />
      <RotateKeyDialog target={rotating} onClose={() => setRotating(null)} />
    </>
  );
}
