import { Skeleton, Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
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
  pendingComponent: TradeDeskPending,
  component: TradeDeskPage,
});

function TradeDeskPending() {
  return (
    <Stack aria-busy="true" aria-label="Loading the trade desk">
      <Title order={1} fz="h2">
        Trade desk
      </Title>
      <Skeleton h={300} radius="md" />
    </Stack>
  );
}
