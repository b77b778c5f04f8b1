import { createFileRoute } from '@tanstack/react-router';
import { RevenuePage } from '../../features/admin/RevenuePage';

export const Route = createFileRoute('/_admin/revenue')({ component: RevenuePage });
