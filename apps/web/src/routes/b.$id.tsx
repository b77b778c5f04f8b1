import { createFileRoute } from '@tanstack/react-router';
import { BusinessPage } from '../features/listing-page/BusinessPage';

export const Route = createFileRoute('/b/$id')({
  component: function BusinessRoute() {
    const { id } = Route.useParams();
    return <BusinessPage id={id} />;
  },
});
