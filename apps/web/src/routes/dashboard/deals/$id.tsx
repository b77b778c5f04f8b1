import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { usePageMeta } from '../../../components/usePageMeta';
import { DealPage } from '../../../features/deals/DealPage';

/** `?dialog=accept` (a WhatsApp one-tap link's Accept): the accept dialog opens ready, nothing is accepted unseen. */
const DealSearch = z.object({ dialog: z.catch(z.optional(z.enum(['accept'])), undefined) });

export const Route = createFileRoute('/dashboard/deals/$id')({
  validateSearch: DealSearch,
  component: function DealRoute() {
    const { t } = useLingui();
    usePageMeta(t`Deal`);
    const { id } = Route.useParams();
    const { dialog } = Route.useSearch();
    return <DealPage id={id} dialog={dialog} />;
  },
});
