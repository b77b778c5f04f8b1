import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { api } from './api';
import { NotFoundPage } from './components/NotFoundPage';
import { languageRewrite } from './i18n';
import { routeTree } from './routeTree.gen';

/**
 * The web app's router. The browser makes one (browser history); the build's pre-renderer makes one per page
 * with a memory history (see prerender.tsx).
 */
export function createAppRouter(
  options: { history?: RouterHistory; isServer?: boolean; hydrating?: boolean } = {},
) {
  // Hydrating a pre-rendered page: its first render keeps the position the visitor (or the browser, at an
  // anchor or on a reload) already has; the router's restoration would scroll it to the top. Later
  // navigations restore as usual.
  let firstRender = options.hydrating === true;
  const scrollRestoration = () => {
    if (!firstRender) return true;
    firstRender = false;
    return false;
  };
  return createRouter({
    routeTree,
    context: { utils: api.utils },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Scroll restoration is the browser's business: on the server it would only add a script to the page.
    scrollRestoration: options.isServer ? false : scrollRestoration,
    defaultNotFoundComponent: NotFoundPage,
    // `/hi/…` and `/mr/…` are the same routes in Hindi and Marathi (src/i18n).
    rewrite: languageRewrite,
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
