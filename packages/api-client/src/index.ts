import type { AppRouter } from '@barterads/api';
import { DELAYS_MS, MESSAGES } from '@barterads/core';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink, TRPCClientError } from '@trpc/client';
import { createTRPCQueryUtils, createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type SessionUser = NonNullable<RouterOutputs['accounts']['session']['user']>;

/** The typed tRPC hooks both apps use. */
export const trpc = createTRPCReact<AppRouter>();

export function isTRPCClientError(error: unknown): error is TRPCClientError<AppRouter> {
  return error instanceof TRPCClientError;
}

/** The HTTP status of a failed call, when the server answered. */
export function errorStatus(error: unknown): number | undefined {
  return isTRPCClientError(error) ? error.data?.httpStatus : undefined;
}

/** The message to show for a failed call: the server's, or the spec's fallback. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.networkError): string {
  if (isTRPCClientError(error)) {
    if (error.data?.httpStatus) return error.message || fallback;
    if (error.cause?.name === 'TimeoutError' || /timed? ?out/i.test(error.message))
      return 'Request timed out';
    return fallback;
  }
  return fallback;
}

/** fetch with the spec's 15-second time-out and the session cookie. */
function fetchWithTimeout(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const timeout = AbortSignal.timeout(DELAYS_MS.requestTimeout);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  return fetch(input, { ...init, signal, credentials: 'include' });
}

export interface ApiClientOptions {
  /** Where /trpc is served; the same origin by default (the dev servers proxy it). */
  baseUrl?: string;
  /** Called when a call answers 401: the session died. */
  onUnauthorized?: () => void;
  /**
   * The language tag of the page (`hi-IN`), sent as `Accept-Language` with every call: the server's messages come
   * back in it (issue 33). Unset: the browser's own header.
   */
  language?: () => string;
}

/** A query client, a tRPC client and the query utilities for route loaders, wired together. */
export function createApiClient(options: ApiClientOptions = {}) {
  const url = `${(options.baseUrl ?? '').replace(/\/+$/, '')}/trpc`;
  const handleError = (error: unknown) => {
    if (errorStatus(error) === 401) options.onUnauthorized?.();
  };
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          const status = errorStatus(error);
          if (status !== undefined && status < 500) return false;
          return failureCount < 2;
        },
      },
    },
  });
  const trpcClient = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url, eventSourceOptions: () => ({ withCredentials: true }) }),
        false: httpBatchLink({
          url,
          fetch: fetchWithTimeout,
          maxItems: 10,
          headers: (): Record<string, string> =>
            options.language ? { 'Accept-Language': options.language() } : {},
        }),
      }),
    ],
  });
  const utils = createTRPCQueryUtils({ queryClient, client: trpcClient });
  return { queryClient, trpcClient, utils };
}

export type ApiClient = ReturnType<typeof createApiClient>;
export type ApiUtils = ApiClient['utils'];
