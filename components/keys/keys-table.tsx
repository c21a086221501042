"use client";

import type { KeyStatus, KeyView } from "@/lib/auth/account-keys/key-view";

import { Badge, type BadgeTone } from "../ui/badge";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { Table, Td, Th } from "../ui/table";
import { When } from "../ui/when";

const STATUS: Record<KeyStatus, { tone: BadgeTone; label: string }> = {
  active: { tone: "ok", label: "Active" },
  expiring: { tone: "warn", label: "Expiring" },
  expired: { tone: "neutral", label: "Expired" },
  revoked: { tone: "danger", label: "Revoked" },
};

// Below the md breakpoint each row is a small card (name and status, then the details, then the actions), so a
// phone shows Rotate and Revoke without scrolling sideways. The rows stay table rows for assistive technology.
const NARROW = {
  table: "max-md:block",
  head: "max-md:sr-only",
  body: "max-md:block",
  row: "max-md:grid max-md:grid-cols-[minmax(0,1fr)_auto] max-md:gap-x-3 max-md:gap-y-1.5 max-md:border-b max-md:border-line max-md:px-4 max-md:py-3 max-md:last:border-b-0",
  cell: "max-md:block max-md:border-0 max-md:p-0",
  wide: "max-md:col-span-2",
} as const;

/** Shown before a value in the narrow layout only, where there is no column header above it. */
const NarrowLabel = ({ children }: { children: string }) => (
  <span aria-hidden="true" className="text-muted md:hidden">
    {children}{" "}
  </span>
);

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
    <Table label="API keys" className={NARROW.table}>
      <thead className={NARROW.head}>
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
      <tbody className={NARROW.body}>
        {keys.map((k) => {
          const live = k.status === "active" || k.status === "expiring";
          return (
            <tr key={k.id} data-key-id={k.id} className={cn(NARROW.row, live ? undefined : "opacity-60")}>
              <Td
                className={cn(NARROW.cell, "font-medium break-words max-md:col-start-1 max-md:row-start-1")}
              >
                {k.name}
              </Td>
              <Td className={cn(NARROW.cell, NARROW.wide)}>
                <code className="font-mono text-xs whitespace-nowrap">{k.prefix}</code>
              </Td>
              <Td className={cn(NARROW.cell, NARROW.wide)}>
                <div className="flex flex-wrap gap-1">
                  {k.scopes.map((s) => (
                    <Badge key={s} tone={s === "read" ? "neutral" : "brand"}>
                      {s}
                    </Badge>
                  ))}
                </div>
              </Td>
              <Td className={cn(NARROW.cell, NARROW.wide, "text-muted whitespace-nowrap max-md:text-xs")}>
                <NarrowLabel>Created</NarrowLabel>
                <When ms={k.createdAt} />
              </Td>
              <Td className={cn(NARROW.cell, NARROW.wide, "text-muted whitespace-nowrap max-md:text-xs")}>
                <NarrowLabel>Last used</NarrowLabel>
                {k.lastUsedAt ? <When ms={k.lastUsedAt} /> : "Never"}
              </Td>
              <Td
                className={cn(
                  NARROW.cell,
                  "whitespace-nowrap max-md:col-start-2 max-md:row-start-1 max-md:text-right",
                )}
              >
                <Badge tone={STATUS[k.status].tone}>{STATUS[k.status].label}</Badge>
                {k.status === "expiring" && k.expiresAt ? (
                  <span className="text-muted ml-1.5 text-xs">
                    <When ms={k.expiresAt} />
                  </span>
                ) : null}
              </Td>
              <Td className={cn(NARROW.cell, NARROW.wide, "text-right whitespace-nowrap")}>
                {live ? (
                  <div className="flex justify-end gap-1 max-md:-ml-3 max-md:justify-start">
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
