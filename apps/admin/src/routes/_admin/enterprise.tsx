import { createFileRoute } from '@tanstack/react-router';
import { EnterprisePage } from '../../features/admin/EnterprisePage';

export const Route = createFileRoute('/_admin/enterprise')({ component: EnterprisePage });
