import { createFileRoute } from '@tanstack/react-router';
import { JobsPage } from '../../features/admin/JobsPage';

export const Route = createFileRoute('/_admin/jobs')({ component: JobsPage });
