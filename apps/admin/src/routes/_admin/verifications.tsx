import { createFileRoute } from '@tanstack/react-router';
import { VerificationsSearch } from '../../features/admin/search-params';
import { VerificationsPage } from '../../features/admin/VerificationsPage';

export const Route = createFileRoute('/_admin/verifications')({
  validateSearch: VerificationsSearch,
  component: VerificationsPage,
});
