import { createFileRoute } from '@tanstack/react-router';
import { ListingsPage } from '../../features/admin/ListingsPage';
import { ListingsSearch } from '../../features/admin/search-params';

export const Route = createFileRoute('/_admin/listings')({
  validateSearch: ListingsSearch,
  component: ListingsPage,
});
