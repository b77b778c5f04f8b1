import type { ApiUtils } from '@barterads/api-client';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';

export interface RouterContext {
  utils: ApiUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({ component: Outlet });
