"use client";

import type { KeyStatus, KeyView } from "@/lib/auth/account-keys/key-view";

import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { RelativeTime } from "../ui/relative-time";
import { Table, Td, Th } from "../ui/table";

const STATUS: Record<KeyStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: "ok", label: "Active" },
  expiring: { tone: "warn", label: "Expiring" },
  expired: { tone: "neutral", label: "Expired" },
  revoked: { tone: "danger", label: "Revoked" },
};

export function KeysTable({
  keys,
  onRevoke,
  onRotate,
}: {
  keys: KeyView[];
  onRevoke: (k: KeyView) => void;
  onRotate: (k: KeyView) => void;
}) {
  return (
    <Table label="API keys">
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Key</Th>
          <Th>Scopes</Th>
          <Th>Created</Th>
          <Th>Last used</Th>
          <Th>Status</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => {
          const live = k.status === "active" || k.status === "expiring";
          return (
            <tr key={k.id} data-key-id={k.id} className={live ? undefined : "opacity-60"}>
              <Td className="font-medium">{k.name}</Td>
              <Td>
                <code className="font-mono text-xs whitespace-nowrap">{k.prefix}</code>
              </Td>
              <Td>
                <div className="flex flex-wrap gap-1">
                  {k.scopes.map((s) => (
                    <Badge key={s} tone={s === "read" ? "neutral" : "brand"}>
                      {s}
                    </Badge>
                  ))}
                </div>
              </Td>
              <Td className="text-muted whitespace-nowrap">
                <RelativeTime ms={k.createdAt} />
              </Td>
              <Td className="text-muted whitespace-nowrap">
                {k.lastUsedAt ? <RelativeTime ms={k.lastUsedAt} /> : "Never"}
              </Td>
              <Td className="whitespace-nowrap">
                <Badge tone={STATUS[k.status].tone}>{STATUS[k.status].label}</Badge>
                {k.status === "expiring" && k.expiresAt ? (
                  <span className="text-muted ml-1.5 text-xs">
                    <RelativeTime ms={k.expiresAt} />
                  </span>
                ) : null}
              </Td>
              <Td className="text-right whitespace-nowrap">
                {live ? (
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onRotate(k)}
                      aria-label={`Rotate ${k.name}`}
                    >
                      Rotate
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-danger hover:text-danger"
                      onClick={() => onRevoke(k)}
                      aria-label={`Revoke ${k.name}`}
                    >
                      Revoke
                    </Button>
                  </div>
                ) : null}
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
