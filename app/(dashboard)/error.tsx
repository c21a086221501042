"use client";

import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";

export default function DashboardError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = error instanceof Error && "digest" in error ? String(error.digest) : null;
  return (
    <ErrorState
      title="This page could not be loaded"
      message={
        <>
          The server hit an error while preparing it. Try again; if it keeps failing, the server log has the
          details{digest ? ` (reference ${digest})` : ""}.
        </>
      }
      action={
        <Button variant="secondary" size="sm" onClick={() => retry()}>
          Try again
        </Button>
      }
    />
  );
}
