import { createFileRoute } from '@tanstack/react-router';
import { RefundsPage } from '../../features/admin/RefundsPage';
import { RefundsSearch } from '../../features/admin/search-params';

export const Route = createFileRoute('/_admin/refunds')({
  validateSearch: RefundsSearch,
  component: RefundsPage,
});
