import type { Metadata } from "next";
import Link from "next/link";

import { KeysManager } from "@/components/keys/keys-manager";
import { PageHeader } from "@/components/ui/page-header";
import { Alert } from "@/components/ui/states";
import { requestTime, requireSession } from "@/lib/api/current-session";
import { listAccountKeys } from "@/lib/auth/account-keys/list-keys";
import { getAppContext } from "@/lib/context";
import { planAtLeast } from "@/lib/plans";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { account } = await requireSession("/keys");
  const { store } = await getAppContext();
  const [keys, params] = await Promise.all([
    listAccountKeys({ store, account, now: requestTime() }),
    searchParams,
  ]);
  return (
    <>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authenticate your calls to the REST API and the live feed. See the{" "}
            <Link href="/docs" className="text-accent underline underline-offset-4 hover:decoration-2">
              quick start
            </Link>{" "}
            for examples.
          </>
        }
      />
      {params.welcome && keys.length === 0 ? (
        <Alert tone="ok" className="mb-6">
          Welcome to Lede! Your account is on the free plan. Create your first key to start calling the API.
        </Alert>
      ) : null}
      <KeysManager initialKeys={keys} paid={planAtLeast(account.plan, "starter")} />
    </>
  );
}
