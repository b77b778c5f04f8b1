import { LIMITS } from '@barterads/core';
import { createFileRoute } from '@tanstack/react-router';
import { PagePending } from '../../components/QueryState';
import { Overview } from '../../features/admin/Overview';

export const Route = createFileRoute('/_admin/')({
  // Every section's answer before the page shows (one batched request), and the charts' code beside it. Each section
  // drew "Loading..." and then its content at another height, so on a phone the sections below jumped as the answers
  // came (Recent postings moved 600 px; a layout shift of 0.56 at 360 px, 0.35-0.37 at 1366).
  loader: async ({ context: { utils } }) => {
    await Promise.all([
      utils.admin.metrics.prefetch(),
      utils.admin.usersByCountry.prefetch(),
      utils.admin.listings.prefetch({ limit: LIMITS.recentPostingsLimit }),
      utils.matching.unmatchedNeeds.prefetch(),
      import('../../features/admin/OverviewCharts'),
    ]);
  },
  // On a slow connection, after a second (the router's pendingMs), the page's place while its answers come.
  pendingComponent: () => <PagePending title="Overview" label="Loading the overview" blocks={[160, 260]} />,
  component: OverviewPage,
});

function OverviewPage() {
  const { user } = Route.useRouteContext();
  return <Overview email={user.email} />;
}
