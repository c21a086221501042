"use client";

import Link from "next/link";
import { useState } from "react";

import type { UsageView } from "@/lib/usage/chart-data";

import { Button, ButtonLink } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Select } from "../ui/form";
import { ChartIcon } from "../ui/icons";
import { Segmented } from "../ui/segmented";
import { Stat } from "../ui/stat";
import { EmptyState, ErrorState } from "../ui/states";
import { formatBytes, formatCount, formatLatency } from "./format";
import { QuotaBar } from "./quota-bar";
import { DailyBytesChart, DailyRequestsChart, LatencyChart, TopEndpointsChart } from "./usage-charts";
import { useUsage } from "./use-usage";

const RANGES = [
  { value: 7, label: "7 days" },
  { value: 30, label: "30 days" },
  { value: 90, label: "90 days" },
];

export function UsageDashboard({
  initial,
  keys,
}: {
  initial: UsageView;
  keys: Array<{ id: string; name: string; prefix: string }>;
}) {
  const [days, setDays] = useState(30);
  const [keyId, setKeyId] = useState<string | null>(null);
  const usage = useUsage(days, keyId, days === 30 && keyId === null ? initial : undefined);
  const report = usage.data ?? initial;
  const chartDays = report.chartDays;
  const s = report.summary;
  const errorRate = s.totalRequests ? Math.round((s.totalErrors / s.totalRequests) * 1000) / 10 : 0;
  return (
    <div className="space-y-6">
      <Card aria-labelledby="quota-title">
        <CardHeader
          id="quota-title"
          title="Credits this month"
          description={`The ${report.tier} plan, shared by all of the account's keys.`}
          actions={
            <ButtonLink href="/plans" variant="secondary" size="sm">
              Plans
            </ButtonLink>
          }
        />
        <CardBody>
          <QuotaBar quota={report.quota} />
        </CardBody>
      </Card>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <Segmented label="Period" options={RANGES} value={days} onChange={setDays} />
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Key</span>
          <Select
            className="h-9 w-56 max-w-full"
            value={keyId ?? ""}
            onChange={(e) => setKeyId(e.target.value || null)}
          >
            <option value="">All keys</option>
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} ({k.prefix})
              </option>
            ))}
          </Select>
        </label>
      </div>

      {usage.isRefetchError ? (
        // A failed refresh keeps the figures shown; the next one (a second later) tries again.
        <p role="status" className="text-muted text-sm">
          The figures could not be refreshed ({usage.error.message}); trying again.
        </p>
      ) : null}
      {usage.isLoadingError ? (
        <ErrorState
          title="Usage could not be loaded"
          message={usage.error.message}
          action={
            <Button variant="secondary" size="sm" onClick={() => void usage.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <div
          aria-busy={usage.isPlaceholderData}
          className={usage.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}
        >
          <dl className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Stat label="Requests" value={formatCount(s.totalRequests)} hint={`last ${days} days`} />
            <Stat label="Errors" value={formatCount(s.totalErrors)} hint={`${errorRate}% of requests`} />
            <Stat label="Data" value={formatBytes(s.totalBytes)} hint="response bodies" />
            <Stat
              label="Avg latency"
              value={s.totalRequests ? formatLatency(s.avgLatencyMs) : "–"}
              hint="server time"
            />
          </dl>
          {s.totalRequests === 0 ? (
            <EmptyState icon={<ChartIcon size={22} />} title="No API calls in this period">
              Requests made with {keyId ? "this key" : "your keys"} show up here within a second.{" "}
              <Link href="/docs" className="text-accent underline underline-offset-4 hover:decoration-2">
                Make your first call
              </Link>
              .
            </EmptyState>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              <DailyRequestsChart days={chartDays} />
              <DailyBytesChart days={chartDays} />
              <LatencyChart days={chartDays} average={s.avgLatencyMs} />
              <TopEndpointsChart endpoints={s.topEndpoints} />
            </div>
          )}
        </div>
      )}
    </div>
  );
}
