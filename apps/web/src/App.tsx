import { trpc } from '@barterads/api-client';
import { UiProvider } from '@barterads/ui';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { api } from './api';
import type { AppRouter } from './router';

/** The whole web app around a router: the same tree in the browser and in the build's pre-renderer. */
export function App({ router }: { router: AppRouter }) {
  return (
    <StrictMode>
      <trpc.Provider client={api.trpcClient} queryClient={api.queryClient}>
        <QueryClientProvider client={api.queryClient}>
          <UiProvider>
            <Notifications position="top-right" />
            <RouterProvider router={router} />
          </UiProvider>
        </QueryClientProvider>
      </trpc.Provider>
    </StrictMode>
  );
}
