import { trpc } from '@barterads/api-client';
import { DELAYS_MS, MESSAGES } from '@barterads/core';
import { useMutation } from '@tanstack/react-query';

export interface DeliverForm {
  dealId: string;
  itemId: string;
  files: File[];
  note: string;
  link: string;
}

/** A refusal of the server: its message. */
export class DeliverError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DeliverError';
  }
}

/**
 * POST /api/deals/{id}/items/{itemId}/deliver: the contract's multipart row (files cannot travel in tRPC's JSON),
 * with the session cookie. The deal is read back through tRPC.
 */
async function postDelivery(form: DeliverForm): Promise<void> {
  const body = new FormData();
  for (const file of form.files) body.append('files', file, file.name);
  if (form.note.trim()) body.append('note', form.note);
  if (form.link.trim()) body.append('link', form.link.trim());
  let response: Response;
  try {
    response = await fetch(`/api/deals/${form.dealId}/items/${form.itemId}/deliver`, {
      method: 'POST',
      body,
      credentials: 'include',
      // Up to 10 photos from a phone on a slow connection.
      signal: AbortSignal.timeout(DELAYS_MS.requestTimeout * 6),
    });
  } catch {
    throw new DeliverError(MESSAGES.networkError, 0);
  }
  if (response.ok) return;
  const answer = (await response.json().catch(() => null)) as {
    message?: string;
    issues?: { message: string }[];
  } | null;
  throw new DeliverError(
    answer?.issues?.[0]?.message ?? answer?.message ?? MESSAGES.networkError,
    response.status,
  );
}

export function useDeliver() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: postDelivery,
    onSuccess: (_data, form) =>
      Promise.all([utils.deals.get.invalidate({ id: form.dealId }), utils.deals.list.invalidate()]),
  });
}
