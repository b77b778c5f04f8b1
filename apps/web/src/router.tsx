import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { api } from './api';
import { NotFoundPage } from './components/NotFoundPage';
import { routeTree } from './routeTree.gen';

/**
 * The web app's router. The browser makes one (browser history); the build's pre-renderer makes one per page
 * with a memory history (see prerender.tsx).
 */
export function createAppRouter(options: { history?: RouterHistory; isServer?: boolean } = {}) {
  return createRouter({
    routeTree,
    context: { utils: api.utils },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Scroll restoration is the browser's business: on the server it would only add a script to the page.
    scrollRestoration: !options.isServer,
    defaultNotFoundComponent: NotFoundPage,
    ...(options.history ? { history: options.history } : {}),
    ...(options.isServer ? { isServer: true } : {}),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
