import { createFileRoute } from '@tanstack/react-router';
import { ListingPage } from '../features/listing-page/ListingPage';

export const Route = createFileRoute('/listings/$id')({
  component: function ListingRoute() {
    const { id } = Route.useParams();
    return <ListingPage id={id} />;
  },
});
