import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { Preferences } from '../../features/accounts/Preferences';

export const Route = createFileRoute('/dashboard/settings')({ component: DashboardPreferencesPage });

/** The preferences page (issue 17): appearance, notification e-mails, business page. Account things are /settings. */
function DashboardPreferencesPage() {
  const { t } = useLingui();
  usePageMeta(t`Preferences`);
  return <Preferences />;
}
