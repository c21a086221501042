import type { Metadata } from "next";

import { PlanCards } from "@/components/plans/plan-cards";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CodeBlock } from "@/components/ui/code-block";
import { PageHeader } from "@/components/ui/page-header";
import { requireSession } from "@/lib/api/current-session";
import { DEMO_REQUESTS_PER_MINUTE } from "@/lib/plans";

export const metadata: Metadata = { title: "Plans" };

export default async function PlansPage() {
  const { user, account } = await requireSession("/plans");
  return (
    <>
      <PageHeader
        title="Plans"
        description="Credits are per account and shared by its keys; requests per minute are per key. A request costs 1 credit unless the docs say otherwise, and failed requests cost nothing."
      />
      <section aria-labelledby="plans-title" className="mb-8">
        <h2 id="plans-title" className="sr-only">
          The four plans
        </h2>
        <PlanCards current={account.plan} />
      </section>
      <Card aria-labelledby="change-title">
        <CardHeader
          id="change-title"
          title="Changing plan"
          description="Lede has no payment processing: the operator of this server changes an account's plan."
        />
        <CardBody className="space-y-3 text-sm">
          <p>Ask your operator to run:</p>
          <CodeBlock code={`lede accounts set-tier --email ${user.email} --tier pro`} />
          <p className="text-muted">
            Past the monthly credits, requests keep being served through a grace band of 10% more; after that
            they get 429 until the first of next month (UTC). The sandbox demo key is limited to{" "}
            {DEMO_REQUESTS_PER_MINUTE} requests a minute and is never charged.
          </p>
        </CardBody>
      </Card>
    </>
  );
}
