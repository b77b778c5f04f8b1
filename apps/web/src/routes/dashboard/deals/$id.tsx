import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../../components/usePageMeta';
import { DealPage } from '../../../features/deals/DealPage';

export const Route = createFileRoute('/dashboard/deals/$id')({
  component: function DealRoute() {
    usePageMeta('Deal');
    const { id } = Route.useParams();
    return <DealPage id={id} />;
  },
});
