import { createFileRoute } from '@tanstack/react-router';
import { Overview } from '../../features/admin/Overview';

export const Route = createFileRoute('/_admin/')({ component: OverviewPage });

function OverviewPage() {
  const { user } = Route.useRouteContext();
  return <Overview email={user.email} />;
}
