import { errorStatus, isTRPCClientError } from '@barterads/api-client';
import { MESSAGES } from '@barterads/core';

/**
 * The spec's failure texts (section 8): the server's message, else `withStatus(status)`, else the
 * network-failure text.
 */
export function failureMessage(
  error: unknown,
  withStatus: (status: number) => string,
  network: string = MESSAGES.networkError,
): string {
  const status = errorStatus(error);
  if (status === undefined) return network;
  if (isTRPCClientError(error) && error.message) return error.message;
  return withStatus(status);
}

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(target: string | undefined): string | undefined {
  return target?.startsWith('/') && !target.startsWith('//') ? target : undefined;
}
