import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../components/usePageMeta';
import { OneTapPage } from '../features/whatsapp/OneTapPage';

/** `/w/<token>`: a WhatsApp message's one-tap link to one deal (product-spec-3 section 3). */
export const Route = createFileRoute('/w/$token')({
  component: function OneTapRoute() {
    usePageMeta('Your deal');
    const { token } = Route.useParams();
    return <OneTapPage token={token} />;
  },
});
