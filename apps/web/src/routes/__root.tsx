import type { ApiUtils } from '@barterads/api-client';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { SiteLayout } from '../components/SiteLayout';
import { ensureLanguage, languageOfPath } from '../i18n';
import { namespacesFor } from '../i18n/namespaces';

export interface RouterContext {
  utils: ApiUtils;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // The page's language is its URL's (`/hi/…`); its catalogues load before the page renders (or hydrates).
  beforeLoad: async ({ location }) => {
    const language = languageOfPath(new URL(location.publicHref, 'http://localhost').pathname);
    await ensureLanguage(language, namespacesFor(location.pathname));
  },
  component: () => (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  ),
});
