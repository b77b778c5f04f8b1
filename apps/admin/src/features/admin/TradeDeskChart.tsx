/** The trade desk's per-broker chart, in a chunk of its own (recharts through @mantine/charts). */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';

export interface BrokerMonth {
  label: string;
  drafts: number;
  accepted: number;
}

export default function TradeDeskChart({ data, summary }: { data: BrokerMonth[]; summary: string }) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="label"
      series={[
        { name: 'drafts', color: 'blue.6', label: 'Drafts' },
        { name: 'accepted', color: 'teal.6', label: 'Accepted' },
      ]}
      role="img"
      aria-label={summary}
      withLegend
    />
  );
}
