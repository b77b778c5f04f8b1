import type { ApiUtils } from '@barterads/api-client';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { SiteLayout } from '../components/SiteLayout';

export interface RouterContext {
  utils: ApiUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: () => (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  ),
});
