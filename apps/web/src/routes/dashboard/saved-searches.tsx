import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { SavedSearchesPage } from '../../features/saved-searches/SavedSearchesPage';

export const Route = createFileRoute('/dashboard/saved-searches')({ component: DashboardSavedSearchesPage });

function DashboardSavedSearchesPage() {
  const { t } = useLingui();
  usePageMeta(t`Saved searches`);
  return <SavedSearchesPage />;
}
