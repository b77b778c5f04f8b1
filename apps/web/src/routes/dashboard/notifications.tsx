import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { NotificationsPage } from '../../features/notifications';

export const Route = createFileRoute('/dashboard/notifications')({ component: DashboardNotificationsPage });

function DashboardNotificationsPage() {
  const { t } = useLingui();
  usePageMeta(t`Notifications`);
  return <NotificationsPage />;
}
