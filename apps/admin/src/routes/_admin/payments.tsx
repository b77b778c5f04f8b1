import { createFileRoute } from '@tanstack/react-router';
import { PaymentsPage } from '../../features/admin/PaymentsPage';
import { PaymentsSearch } from '../../features/admin/search-params';

export const Route = createFileRoute('/_admin/payments')({
  validateSearch: PaymentsSearch,
  component: PaymentsPage,
});
