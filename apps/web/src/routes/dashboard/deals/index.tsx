import { DEAL_STATUSES } from '@barterads/core';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../../components/usePageMeta';
import { type DealFilter, DealsPage } from '../../../features/deals/DealsPage';

/** `status`: a deal state, `awaiting` (what awaits you) or all (absent). zod/mini keeps the main bundle small. */
const DealsSearch = z.object({
  status: z.catch(z.optional(z.enum([...DEAL_STATUSES, 'awaiting', 'confirm'])), undefined),
});

export const Route = createFileRoute('/dashboard/deals/')({
  validateSearch: DealsSearch,
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
