import { DEAL_STATUSES } from '@barterads/core';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { usePageMeta } from '../../../components/usePageMeta';
import { type DealFilter, DealsPage } from '../../../features/deals/DealsPage';
import { readChoice, type SearchValues } from '../../../features/search-params';

/** `status`: a deal state, `awaiting` (what awaits you), `confirm` (deliveries to confirm) or all (absent). */
const DEAL_FILTERS = [...DEAL_STATUSES, 'awaiting', 'confirm'] as const;
const readDealsSearch = (search: SearchValues): { status?: (typeof DEAL_FILTERS)[number] | undefined } => ({
  status: readChoice(search.status, DEAL_FILTERS),
});

export const Route = createFileRoute('/dashboard/deals/')({
  validateSearch: readDealsSearch,
  // The circle deals offered to you, above the filters, before the page shows: a skeleton of 80 px that then went
  // (no circle deals, most members) moved the filters up 96 px under a finger about to choose one.
  loader: ({ context: { utils } }) => utils.circles.list.prefetch(),
  component: DealsRoute,
});

function DealsRoute() {
  const { t } = useLingui();
  usePageMeta(t`Deals`);
  const { status } = Route.useSearch();
  const navigate = useNavigate({ from: '/dashboard/deals/' });
  return (
    <DealsPage
      filter={status ?? 'all'}
      onFilter={(f: DealFilter) => void navigate({ search: f === 'all' ? {} : { status: f } })}
    />
  );
}
