import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { AccountSettings } from '../../features/accounts/AccountSettings';
import { BillingSections } from '../../features/payments';

export const Route = createFileRoute('/dashboard/settings')({ component: DashboardSettingsPage });

/** The spec's local-only dashboard settings became the real account settings (issue 3). */
function DashboardSettingsPage() {
  usePageMeta('Settings');
  return <AccountSettings title="Settings" extraSections={<BillingSections />} />;
}
