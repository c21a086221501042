import type { Metadata } from "next";
import Link from "next/link";

import { ButtonLink } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { CheckIcon } from "@/components/ui/icons";
import { PageHeader } from "@/components/ui/page-header";
import { Stat } from "@/components/ui/stat";
import { formatCount } from "@/components/usage/format";
import { QuotaBar } from "@/components/usage/quota-bar";
import { requestTime, requireSession } from "@/lib/api/current-session";
import { listAccountKeys } from "@/lib/auth/account-keys/list-keys";
import { getAppContext } from "@/lib/context";
import { PLAN_LIMITS } from "@/lib/plans";
import { getAccountUsage } from "@/lib/usage/account-usage";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const { user, account } = await requireSession("/dashboard");
  const ctx = await getAppContext();
  await ctx.usage.flush();
  const now = requestTime();
  const [keys, week] = await Promise.all([
    listAccountKeys({ store: ctx.store, account, now }),
    getAccountUsage(ctx.store, account, { days: 7 }, now),
  ]);
  const live = keys.filter((k) => k.status === "active" || k.status === "expiring").length;
  const steps = [
    { done: keys.length > 0, label: "Create an API key", href: "/keys" },
    { done: week.summary.totalRequests > 0, label: "Make your first request", href: "/docs" },
    { done: false, label: "Follow the stories as they break", href: "/stories" },
  ];
  return (
    <>
      <PageHeader title={`Welcome${user.name ? `, ${user.name}` : ""}`} description={user.email} />
      <dl className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat
          label="Plan"
          value={<span className="capitalize">{account.plan}</span>}
          hint={`${formatCount(PLAN_LIMITS[account.plan].requestsPerMinute)} requests / minute per key`}
        />
        <Stat label="Live keys" value={live} hint={`${keys.length} in total`} />
        <Stat label="Requests" value={formatCount(week.summary.totalRequests)} hint="last 7 days" />
        <Stat label="Errors" value={formatCount(week.summary.totalErrors)} hint="last 7 days" />
      </dl>
      <div className="grid gap-6 lg:grid-cols-5">
        <Card aria-labelledby="credits-title" className="lg:col-span-3">
          <CardHeader
            id="credits-title"
            title="Credits this month"
            actions={
              <ButtonLink href="/usage" variant="secondary" size="sm">
                Usage
              </ButtonLink>
            }
          />
          <CardBody>
            <QuotaBar quota={week.quota} />
          </CardBody>
        </Card>
        <Card aria-labelledby="start-title" className="lg:col-span-2">
          <CardHeader id="start-title" title="Getting started" />
          <CardBody>
            <ol className="space-y-3">
              {steps.map((s, i) => (
                <li key={s.label} className="flex items-center gap-3 text-sm">
                  <span
                    className={cn(
                      "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                      s.done ? "bg-ok/15 text-ok" : "bg-subtle text-muted",
                    )}
                  >
                    {s.done ? <CheckIcon size={14} /> : i + 1}
                    <span className="sr-only">{s.done ? " (done)" : ""}</span>
                  </span>
                  <Link
                    href={s.href}
                    className={cn(
                      "underline underline-offset-4 hover:decoration-2",
                      s.done && "text-muted line-through",
                    )}
                  >
                    {s.label}
                  </Link>
                </li>
              ))}
            </ol>
          </CardBody>
        </Card>
      </div>
    </>
  );
}
