import { trpc } from '@barterads/api-client';
import { UiProvider } from '@barterads/ui';
import { I18nProvider } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { useMounted } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, type ReactNode, StrictMode, Suspense } from 'react';
import { api } from './api';
import { i18n } from './i18n';
import type { AppRouter } from './router';

const NotificationsHost = lazy(() => import('./components/NotificationsHost'));

/**
 * The notifications' container, with its transition and scroll-lock code (about 20 KB), loads after the first
 * render instead of with the entry chunk: nothing shows a notification before then, and one shown while it
 * loads waits in Mantine's store until the container mounts.
 */
function DeferredNotifications() {
  return useMounted() ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** Mantine's provider, its dialogs' close buttons named in the page's language. */
function LocalizedUi({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  return <UiProvider closeLabel={t`Close`}>{children}</UiProvider>;
}

/** The whole web app around a router: the same tree in the browser and in the build's pre-renderer. */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <trpc.Provider client={api.trpcClient} queryClient={api.queryClient}>
        <QueryClientProvider client={api.queryClient}>
          <I18nProvider i18n={i18n}>
            <LocalizedUi>
              <DeferredNotifications />
              <RouterProvider router={router} />
            </LocalizedUi>
          </I18nProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
