import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../../components/usePageMeta';
import { DealPage } from '../../../features/deals/DealPage';
import { readChoice, type SearchValues } from '../../../features/search-params';

/** `?dialog=accept` (a WhatsApp one-tap link's Accept): the accept dialog opens ready, nothing is accepted unseen. */
const readDealSearch = (search: SearchValues): { dialog?: 'accept' | undefined } => ({
  dialog: readChoice(search.dialog, ['accept']),
});

export const Route = createFileRoute('/dashboard/deals/$id')({
  validateSearch: readDealSearch,
  component: function DealRoute() {
    const { t } = useLingui();
    usePageMeta(t`Deal`);
    const { id } = Route.useParams();
    const { dialog } = Route.useSearch();
    return <DealPage id={id} dialog={dialog} />;
  },
});
