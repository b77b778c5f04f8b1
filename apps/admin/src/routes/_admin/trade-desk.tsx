import { createFileRoute } from '@tanstack/react-router';
import { TradeDeskPage } from '../../features/admin/TradeDeskPage';

export const Route = createFileRoute('/_admin/trade-desk')({ component: TradeDeskPage });
