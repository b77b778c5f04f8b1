import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../../components/usePageMeta';
import { DealPage } from '../../../features/deals/DealPage';

export const Route = createFileRoute('/dashboard/deals/$id')({
  component: function DealRoute() {
    const { t } = useLingui();
    usePageMeta(t`Deal`);
    const { id } = Route.useParams();
    return <DealPage id={id} />;
  },
});
