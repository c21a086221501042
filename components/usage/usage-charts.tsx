"use client";

import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import type { ChartDay } from "@/lib/usage/chart-data";

import { ChartCard } from "./chart-card";
import { formatBytes, formatCount, formatLatency } from "./format";

const AXIS = { stroke: "var(--lede-muted)", fontSize: 11, tickLine: false, axisLine: false } as const;
const GRID = { stroke: "var(--lede-line)", strokeDasharray: "3 3", vertical: false } as const;
const TOOLTIP = {
  contentStyle: {
    background: "var(--lede-surface)",
    border: "1px solid var(--lede-line)",
    borderRadius: 8,
    color: "var(--lede-fg)",
    fontSize: 12,
  },
  cursor: { fill: "var(--lede-subtle)" },
  // Charts redraw on every range change; an animated tooltip only lags behind the pointer.
  isAnimationActive: false,
} as const;
const HEIGHT = 220;

export function DailyRequestsChart({ days }: { days: ChartDay[] }) {
  const total = days.reduce((n, d) => n + d.requests, 0);
  const errors = days.reduce((n, d) => n + d.errors, 0);
  return (
    <ChartCard
      title="Requests per day"
      summary={`${formatCount(total)} requests over ${days.length} days, ${formatCount(errors)} of them errors.`}
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={days} margin={{ top: 4, right: 4, left: -16, bottom: 0 }}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" {...AXIS} minTickGap={16} />
          <YAxis {...AXIS} allowDecimals={false} />
          <Tooltip {...TOOLTIP} />
          <Bar dataKey="ok" name="Successful" stackId="r" fill="var(--lede-chart-1)" />
          <Bar dataKey="errors" name="Errors" stackId="r" fill="var(--lede-chart-2)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DailyBytesChart({ days }: { days: ChartDay[] }) {
  const total = days.reduce((n, d) => n + d.bytes, 0);
  return (
    <ChartCard
      title="Data transferred per day"
      summary={`${formatBytes(total)} of response bodies in total.`}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <AreaChart data={days} margin={{ top: 4, right: 4, left: -4, bottom: 0 }}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" {...AXIS} minTickGap={16} />
          <YAxis {...AXIS} tickFormatter={formatBytes} width={56} />
          <Tooltip {...TOOLTIP} formatter={(v) => formatBytes(Number(v))} />
          <Area
            type="monotone"
            dataKey="bytes"
            name="Bytes"
            stroke="var(--lede-chart-3)"
            fill="var(--lede-chart-3)"
            fillOpacity={0.2}
          />
        </AreaChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function LatencyChart({ days, average }: { days: ChartDay[]; average: number }) {
  return (
    <ChartCard
      title="Average latency per day"
      summary={`${formatLatency(average)} on average over the period.`}
    >
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart data={days} margin={{ top: 4, right: 8, left: -4, bottom: 0 }}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" {...AXIS} minTickGap={16} />
          <YAxis {...AXIS} tickFormatter={(v: number) => formatLatency(v)} width={56} />
          <Tooltip {...TOOLTIP} formatter={(v) => formatLatency(Number(v))} />
          <Line
            type="monotone"
            dataKey="latencyMs"
            name="Latency"
            stroke="var(--lede-chart-1)"
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function TopEndpointsChart({ endpoints }: { endpoints: Array<{ endpoint: string; count: number }> }) {
  const height = Math.max(120, endpoints.length * 32 + 24);
  return (
    <ChartCard
      title="Top endpoints"
      summary={endpoints.map((e) => `${e.endpoint}: ${formatCount(e.count)}`).join("; ") || "No requests."}
      className="lg:col-span-2"
    >
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={endpoints} layout="vertical" margin={{ top: 0, right: 16, left: 0, bottom: 0 }}>
          <XAxis type="number" {...AXIS} allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="endpoint"
            {...AXIS}
            width={180}
            tick={{ fontSize: 11, fontFamily: "var(--font-mono)" }}
          />
          <Tooltip {...TOOLTIP} />
          <Bar
            dataKey="count"
            name="Requests"
            fill="var(--lede-chart-1)"
            radius={[0, 3, 3, 0]}
            barSize={18}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
