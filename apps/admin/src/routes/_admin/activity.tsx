import { createFileRoute } from '@tanstack/react-router';
import { ActivityPage } from '../../features/admin/ActivityPage';
import { ActivitySearch } from '../../features/admin/search-params';

export const Route = createFileRoute('/_admin/activity')({
  validateSearch: ActivitySearch,
  component: ActivityPage,
});
