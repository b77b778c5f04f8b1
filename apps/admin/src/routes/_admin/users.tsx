import { createFileRoute } from '@tanstack/react-router';
import { UsersSearch } from '../../features/admin/search-params';
import { UsersPage } from '../../features/admin/UsersPage';

export const Route = createFileRoute('/_admin/users')({ validateSearch: UsersSearch, component: UsersPage });
