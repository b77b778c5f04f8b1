/**
 * The revenue page's charts, in a chunk of their own (recharts through @mantine/charts): the figures and the table
 * render at once, the charts after. Each chart is an image with a summary label; the table beside it carries the
 * numbers for screen readers.
 */
import '@mantine/charts/styles.css';
import { PLANS } from '@barterads/core';
import { AreaChart, BarChart } from '@mantine/charts';
import { formatPaiseRounded } from './money';

export const PLAN_COLORS = {
  starter: 'gray.6',
  growth: 'blue.6',
  professional: 'violet.6',
  enterprise: 'teal.6',
} as const;

export interface RevenuePoint {
  month: string;
  label: string;
  mrr: number;
  starter: number;
  growth: number;
  professional: number;
  enterprise: number;
}

export function MrrChart({ data, summary }: { data: RevenuePoint[]; summary: string }) {
  return (
    <AreaChart
      h={240}
      data={data.map((d) => ({ label: d.label, MRR: Math.round(d.mrr / 100) }))}
      dataKey="label"
      series={[{ name: 'MRR', color: 'teal.6', label: 'Monthly recurring revenue' }]}
      curveType="monotone"
      valueFormatter={(value) => formatPaiseRounded(value * 100)}
      withDots
      gridAxis="y"
      role="img"
      aria-label={summary}
    />
  );
}

export function PlanMixChart({ data, summary }: { data: RevenuePoint[]; summary: string }) {
  return (
    <BarChart
      h={240}
      data={data.map((d) => ({ ...d }))}
      dataKey="label"
      type="stacked"
      series={PLANS.map((plan) => ({ name: plan.id, label: plan.name, color: PLAN_COLORS[plan.id] }))}
      withLegend
      gridAxis="y"
      yAxisProps={{ allowDecimals: false }}
      role="img"
      aria-label={summary}
    />
  );
}
