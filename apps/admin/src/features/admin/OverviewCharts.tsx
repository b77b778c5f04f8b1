/**
 * The overview's charts, in a chunk of their own: the chart library (recharts through @mantine/charts) loads after
 * the overview's figures, which render at once (`Overview.tsx` imports this file lazily).
 */
import '@mantine/charts/styles.css';
import { DonutChart, Sparkline } from '@mantine/charts';

export function MetricSparkline(props: { label: string; series: number[]; color: string }) {
  return (
    <Sparkline
      role="img"
      aria-label={`${props.label}: new per week over the last 12 weeks, oldest first: ${props.series.join(', ')}`}
      data={props.series}
      h={48}
      mt="xs"
      curveType="monotone"
      color={props.color}
      fillOpacity={0.25}
      strokeWidth={2}
    />
  );
}

export function CountryDonut(props: {
  cells: Array<{ name: string; value: number; color: string }>;
  total: number;
}) {
  return (
    <DonutChart
      data={props.cells}
      size={180}
      thickness={26}
      withTooltip
      tooltipDataSource="segment"
      chartLabel={`${props.total} users`}
      role="img"
      aria-label={`Users by country, ${props.total} users`}
    />
  );
}
