// First: before any module that could load zod.
import '@barterads/ui/zod-config';
import '@barterads/ui/styles.css';
import '@barterads/ui/devanagari.css';
import { trpc } from '@barterads/api-client';
import { UiProvider } from '@barterads/ui';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api } from './api';
import { router } from './router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <trpc.Provider client={api.trpcClient} queryClient={api.queryClient}>
      <QueryClientProvider client={api.queryClient}>
        <UiProvider>
          <Notifications position="bottom-right" />
          <RouterProvider router={router} />
        </UiProvider>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
