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
import { useReducedMotion } from "./use-reduced-motion";

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

/** Series animation: short, and none for visitors who asked for reduced motion. */
function useAnimation() {
  const reduced = useReducedMotion();
  return { isAnimationActive: !reduced, animationDuration: 400 } as const;
}

export function DailyRequestsChart({ days }: { days: ChartDay[] }) {
  const anim = useAnimation();
  const total = days.reduce((n, d) => n + d.requests, 0);
  const errors = days.reduce((n, d) => n + d.errors, 0);
  const summary = `${formatCount(total)} requests over ${days.length} days, ${formatCount(errors)} of them errors.`;
  return (
    <ChartCard title="Requests per day" summary={summary} className="lg:col-span-2">
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart
          data={days}
          title="Requests per day"
          desc={summary}
          margin={{ top: 4, right: 4, left: -16, bottom: 0 }}
        >
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" {...AXIS} minTickGap={16} />
          <YAxis {...AXIS} allowDecimals={false} />
          <Tooltip {...TOOLTIP} />
          <Bar {...anim} dataKey="ok" name="Successful" stackId="r" fill="var(--lede-chart-1)" />
          <Bar
            {...anim}
            dataKey="errors"
            name="Errors"
            stackId="r"
            fill="var(--lede-chart-2)"
            radius={[3, 3, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DailyBytesChart({ days }: { days: ChartDay[] }) {
  const anim = useAnimation();
  const total = days.reduce((n, d) => n + d.bytes, 0);
  const summary = `${formatBytes(total)} of response bodies in total.`;
  return (
    <ChartCard title="Data transferred per day" summary={summary}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <AreaChart
          data={days}
          title="Data transferred per day"
          desc={summary}
          margin={{ top: 4, right: 4, left: -4, bottom: 0 }}
        >
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" {...AXIS} minTickGap={16} />
          <YAxis {...AXIS} tickFormatter={formatBytes} width={56} />
          <Tooltip {...TOOLTIP} formatter={(v) => formatBytes(Number(v))} />
          <Area
            {...anim}
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
  const anim = useAnimation();
  const summary = `${formatLatency(average)} on average over the period.`;
  return (
    <ChartCard title="Average latency per day" summary={summary}>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <LineChart
          data={days}
          title="Average latency per day"
          desc={summary}
          margin={{ top: 4, right: 8, left: -4, bottom: 0 }}
        >
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" {...AXIS} minTickGap={16} />
          <YAxis {...AXIS} tickFormatter={(v: number) => formatLatency(v)} width={56} />
          <Tooltip {...TOOLTIP} formatter={(v) => formatLatency(Number(v))} />
          <Line
            {...anim}
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
  const anim = useAnimation();
  const height = Math.max(120, endpoints.length * 32 + 24);
  const summary = endpoints.map((e) => `${e.endpoint}: ${formatCount(e.count)}`).join("; ") || "No requests.";
  return (
    <ChartCard title="Top endpoints" summary={summary} className="lg:col-span-2">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart
          data={endpoints}
          title="Top endpoints"
          desc={summary}
          layout="vertical"
          margin={{ top: 0, right: 16, left: 0, bottom: 0 }}
        >
          <XAxis type="number" {...AXIS} allowDecimals={false} />
          <YAxis
            type="category"
            dataKey="endpoint"
            {...AXIS}
            width={Math.min(240, 24 + 8 * Math.max(0, ...endpoints.map((e) => e.endpoint.length)))}
            tick={{ fontSize: 11, fontFamily: "var(--font-mono)" }}
          />
          <Tooltip {...TOOLTIP} />
          <Bar
            {...anim}
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
