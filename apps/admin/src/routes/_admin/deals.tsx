import { createFileRoute } from '@tanstack/react-router';
import { DealsPage } from '../../features/admin/DealsPage';
import { DealsSearch } from '../../features/admin/search-params';

export const Route = createFileRoute('/_admin/deals')({
  validateSearch: DealsSearch,
  component: DealsPage,
});
