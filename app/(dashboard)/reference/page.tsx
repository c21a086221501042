import type { Metadata } from "next";
import { headers } from "next/headers";

import { ApiExplorer } from "@/components/reference/api-explorer";
import { ErrorCodes } from "@/components/reference/error-codes";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { toReferenceView } from "@/lib/api-reference/reference-view";
import { requireSession } from "@/lib/api/current-session";
import { openApiJson } from "@/lib/api/openapi-document";
import { getAppContext } from "@/lib/context";

export const metadata: Metadata = { title: "API reference" };

export default async function ReferencePage() {
  const { account } = await requireSession("/reference");
  const ctx = await getAppContext();
  // The same document GET /v1/openapi.json serves, read in-process rather than over HTTP.
  const view = toReferenceView(JSON.parse(openApiJson()));
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") === "https" ? "https" : "http";
  const keys = await ctx.store.keys.list(account.id);
  const newest = keys.filter((k) => k.revokedAt === null).sort((a, b) => b.createdAt - a.createdAt)[0];
  const count = view.groups.reduce((n, g) => n + g.operations.length, 0);
  return (
    <>
      <PageHeader
        title="API reference"
        description={
          <>
            {view.title} {view.version}: {count} operations, generated from{" "}
            <a href="/v1/openapi.json" className="text-accent underline underline-offset-4">
              /v1/openapi.json
            </a>
            . Try any of them here, then copy the same call as curl, TypeScript or Python.
          </>
        }
      />
      <ApiExplorer
        view={view}
        baseUrl={`${proto}://${host}`}
        demoKey={ctx.demoKey}
        ownKeyPrefix={newest?.prefix ?? null}
      />
      <Card aria-labelledby="errors-title" className="mt-10">
        <CardHeader
          id="errors-title"
          title="Error codes"
          description='Every error has the body {"error": {"code", "message", "status", "request_id", "details"}}; branch on the code.'
        />
        <ErrorCodes errors={view.errors} />
      </Card>
    </>
  );
}
