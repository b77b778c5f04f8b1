import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/usePageMeta';
import { CirclePage } from '../../features/circles/CirclePage';

export const Route = createFileRoute('/dashboard/circles/$id')({
  component: function CircleRoute() {
    const { t } = useLingui();
    usePageMeta(t`Circle deal`);
    const { id } = Route.useParams();
    return <CirclePage id={id} />;
  },
});
