import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../components/QueryState';
import { TradeDeskPage } from '../../features/admin/TradeDeskPage';

export const Route = createFileRoute('/_admin/trade-desk')({
  // The desk (any city, any category) and the brokers' figures before the page shows: the figures' skeleton and
  // then their chart and table moved the section 116 px (a layout shift of 0.08 at 360 px).
  loader: async ({ context: { utils } }) => {
    await Promise.all([
      utils.tradeDesk.desk.prefetch({ city: undefined, category: undefined }),
      utils.tradeDesk.figures.prefetch(),
      import('../../features/admin/TradeDeskChart'),
    ]);
  },
  pendingComponent: () => <PagePending title="Trade desk" label="Loading the trade desk" blocks={[300]} />,
  component: TradeDeskPage,
});
