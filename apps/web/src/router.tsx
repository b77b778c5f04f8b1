import { createRouter } from '@tanstack/react-router';
import { api } from './api';
import { NotFoundPage } from './components/NotFoundPage';
import { routeTree } from './routeTree.gen';

export const router = createRouter({
  routeTree,
  context: { utils: api.utils },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultNotFoundComponent: NotFoundPage,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
