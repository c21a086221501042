"use client";

import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";

export default function AuthError({ retry }: { error: unknown; retry: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <ErrorState
        title="This page could not be loaded"
        message="The server hit an error while preparing it."
        action={
          <Button variant="secondary" size="sm" onClick={() => retry()}>
            Try again
          </Button>
        }
      />
    </div>
  );
}
